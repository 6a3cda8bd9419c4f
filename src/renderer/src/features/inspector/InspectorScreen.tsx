// Inspector: the history of every exchange (outgoing and incoming) beside the one selected. The
// route carries the id, so a history entry is a link one can come back to.

import { useEffect } from 'react';
import { useInspectorStore } from '../../store/inspector/action.ts';
import { exchangeTitle, verdictTone } from '../../store/inspector/selectors.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { Badge, EmptyState } from '../../components/common.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { ExchangeView } from './ExchangeView.tsx';
import { useShallow } from 'zustand/react/shallow';

export function InspectorScreen({ param }: { param?: string }) {
  const { current, history, historyLoaded, historyError, historyNextBefore, error, loadingId } =
    useInspectorStore(
      useShallow((s) => ({
        current: s.current,
        history: s.history,
        historyLoaded: s.historyLoaded,
        historyError: s.historyError,
        historyNextBefore: s.historyNextBefore,
        error: s.error,
        loadingId: s.loadingId,
      })),
    );
  const wanted = param && /^\d+$/.test(param) ? Number(param) : null;

  useEffect(() => {
    const st = useInspectorStore.getState();
    void st.loadHistory();
    // Only while the list is on screen: a load run appends thousands a second, and the list is
    // read afresh each time the Inspector opens anyway.
    return st.listen();
  }, []);

  useEffect(() => {
    if (wanted !== null) void useInspectorStore.getState().open(wanted);
  }, [wanted]);

  const open = (id: number) => useUiStore.getState().navigate({ name: 'inspector', param: String(id) });

  return (
    <div className="screen screen--wide" data-testid="screen-inspector">
      <header className="screen__head">
        <div>
          <h2>Inspector</h2>
          <div className="muted small">Every exchange the testbench sent or received, newest first.</div>
        </div>
      </header>
      <div className="split split--inspector">
        <aside className="split__list" aria-label="History">
          <ErrorNote error={historyError} testId="history-error" prefix="Could not read the history" />
          {historyLoaded && history.length === 0 && !historyError && (
            <EmptyState title="Nothing recorded yet" testId="history-empty">
              Send a request from the Console, test a connection, or call a running local connector: each
              exchange appears here.
            </EmptyState>
          )}
          <ul className="list list--dense" data-testid="history-list">
            {history.map((h) => (
              <li key={h.id}>
                <button
                  type="button"
                  className="list__item"
                  aria-current={current?.id === h.id ? 'true' : undefined}
                  data-testid="history-item"
                  data-exchange-id={h.id}
                  onClick={() => open(h.id)}
                >
                  <span className="list__title">
                    <span className="mono">{exchangeTitle(h)}</span>
                    <Badge tone={verdictTone(h.verdict, h.responseStatus)}>{h.verdict}</Badge>
                  </span>
                  <span className="list__sub">
                    #{h.id} · {h.direction === 'incoming' ? '← in' : '→ out'} · {h.responseStatus ?? '—'} ·{' '}
                    {h.durationMs === null ? '' : `${Math.round(h.durationMs)} ms · `}
                    {new Date(h.startedAt).toLocaleTimeString()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {historyNextBefore !== null && (
            <button
              type="button"
              className="btn btn--small"
              data-testid="history-more"
              onClick={() => void useInspectorStore.getState().loadHistory(true)}
            >
              Older…
            </button>
          )}
        </aside>
        <div className="split__detail">
          <ErrorNote
            error={error}
            testId="inspector-error"
            prefix={`Exchange #${wanted ?? ''} could not be opened`}
          />
          {loadingId !== null && !current && <p className="muted">Loading #{loadingId}…</p>}
          {current ? (
            <ExchangeView exchange={current} />
          ) : (
            !error &&
            loadingId === null && (
              <EmptyState title="Pick an exchange" testId="inspector-none">
                Choose one in the history, or send one from the Console.
              </EmptyState>
            )
          )}
        </div>
      </div>
    </div>
  );
}
