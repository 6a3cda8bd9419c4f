// History: every exchange the engine made or received, newest first, in a virtual list that stays
// smooth at 100,000 rows; filters, search, replay, compare, export/import and retention.

import { useCallback, useEffect } from 'react';
import { useHistoryStore } from '../../store/history/action.ts';
import { canCompare, canReplay } from '../../store/history/selectors.ts';
import { EmptyState } from '../../components/common.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { VirtualList } from './VirtualList.tsx';
import { HistoryFilters } from './HistoryFilters.tsx';
import { HistoryRow } from './HistoryRow.tsx';
import { ComparePanel } from './ComparePanel.tsx';
import { TransferPanel } from './TransferPanel.tsx';
import { RetentionPanel } from './RetentionPanel.tsx';
import './history.css';
import { useShallow } from 'zustand/react/shallow';

const ROW_HEIGHT = 36;
const NOTICE_MS = 6_000;

export function HistoryScreen() {
  const s = useHistoryStore(
    useShallow((x) => ({
      actionError: x.actionError,
      busy: x.busy,
      compare: x.compare,
      error: x.error,
      facets: x.facets,
      lastFilterMs: x.lastFilterMs,
      loaded: x.loaded,
      notice: x.notice,
      rows: x.rows,
      scrollReset: x.scrollReset,
      selected: x.selected,
      shift: x.shift,
      total: x.total,
      capped: x.capped,
    })),
  );
  const st = useHistoryStore.getState;

  useEffect(() => {
    void st().loadFacets();
    void st().reload();
    const unlisten = st().listen();
    return () => {
      unlisten();
      // An old comparison or "Exported…" line must not greet the user on their next visit.
      useHistoryStore.setState({ compare: null, notice: null });
    };
  }, [st]);

  // A notice is a confirmation, not state: it goes after a few seconds (errors stay until dismissed).
  useEffect(() => {
    if (!s.notice) return;
    const shown = s.notice;
    const timer = setTimeout(() => {
      if (useHistoryStore.getState().notice === shown) useHistoryStore.setState({ notice: null });
    }, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [s.notice]);

  const onRange = useCallback(
    (start: number, end: number) => useHistoryStore.getState().ensure(start, end),
    [],
  );
  const renderRow = useCallback(
    (i: number) => {
      const row = s.rows[i];
      return (
        <HistoryRow row={row} selected={row !== undefined && s.selected.includes(row.id)} facets={s.facets} />
      );
    },
    [s.rows, s.selected, s.facets],
  );

  return (
    <div className="screen screen--wide history" data-testid="screen-history">
      <header className="screen__head">
        <div>
          <h2>History</h2>
          <div className="muted small">
            Every exchange the testbench sent or received, newest first. Open one in the Inspector, replay it,
            or compare two.
          </div>
        </div>
      </header>
      <HistoryFilters />
      <div className="htoolbar" data-testid="history-toolbar">
        <span
          data-testid="history-total"
          data-total={s.total}
          data-capped={s.capped ? 'true' : undefined}
          data-filter-ms={s.lastFilterMs ?? ''}
          data-filter-seq={s.scrollReset}
        >
          {s.loaded
            ? `${s.total.toLocaleString()}${s.capped ? '+' : ''} exchange${s.total === 1 && !s.capped ? '' : 's'}`
            : 'Counting…'}
          {s.lastFilterMs !== null && <span className="muted small"> · {s.lastFilterMs} ms</span>}
        </span>
        <span className="htoolbar__sel muted small" data-testid="history-selected-count">
          {s.selected.length
            ? `${s.selected.length} selected`
            : 'Tick rows to replay, compare or export them'}
        </span>
        <button
          type="button"
          className="btn btn--small"
          data-testid="history-replay-as-sent"
          disabled={!canReplay(s) || s.busy !== null}
          onClick={() => void st().replay('as-sent')}
          title="Same bytes, same timestamp and signature"
        >
          Replay as sent
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="history-replay-resigned"
          disabled={!canReplay(s) || s.busy !== null}
          onClick={() => void st().replay('re-signed')}
          title="Same body and request id, fresh timestamp and signature"
        >
          Replay re-signed
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="history-compare-open"
          disabled={!canCompare(s) || s.busy !== null}
          onClick={() => void st().compareSelected()}
        >
          Compare
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="history-clear-selection"
          disabled={s.selected.length === 0}
          onClick={() => st().clearSelection()}
        >
          Clear selection
        </button>
      </div>
      <ErrorNote error={s.actionError} testId="history-action-error" />
      <ErrorNote error={s.error} testId="history-screen-error" prefix="Could not read the history" />
      {s.notice && (
        <p className="note note--ok small" data-testid="history-notice">
          {s.notice}
        </p>
      )}
      {s.compare && <ComparePanel left={s.compare.left} right={s.compare.right} />}
      {s.loaded && s.total === 0 && !s.error ? (
        <EmptyState title="No exchange matches" testId="history-screen-empty">
          Send a request from the Console, test a connection, call a running local connector, or import a HAR
          file.
        </EmptyState>
      ) : (
        <VirtualList
          count={s.total}
          rowHeight={ROW_HEIGHT}
          overscan={12}
          renderRow={renderRow}
          onRange={onRange}
          resetKey={s.scrollReset}
          insertedAbove={s.shift}
          testId="history-screen-list"
          label="Exchanges"
        />
      )}
      <TransferPanel />
      <RetentionPanel />
    </div>
  );
}
