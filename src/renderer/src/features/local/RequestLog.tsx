// The live request log of one local connector, newest first, from the engine's 'host:request'
// events; a line opens the exchange in the inspector. Rows are windowed in a bounded scroll box.

import { useState } from 'react';
import type { HostRequestEventDto } from '../../../../shared/index.ts';
import { useLocalStore } from '../../store/local/action.ts';
import { logOf } from '../../store/local/selectors.ts';
import { LOG_CAP } from '../../store/local/initialState.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { exchangeTitle, verdictTone } from '../../store/inspector/selectors.ts';
import { Badge, EmptyState, Section } from '../../components/common.tsx';
import { visibleWindow } from './log-window.ts';
import './request-log.css';

/** Must match .request-log__row's height and .request-log's max-height in request-log.css. */
const ROW_PX = 48;
const VIEW_PX = 432;

export function RequestLog({ connectorId }: { connectorId: string }) {
  const log = useLocalStore((s) => logOf(s, connectorId));
  const running = useLocalStore((s) => s.items.find((c) => c.id === connectorId)?.running ?? false);
  const [scrollTop, setScrollTop] = useState(0);
  const win = visibleWindow(log.length, scrollTop, ROW_PX, VIEW_PX);
  return (
    <Section title="Live requests" testId="local-log">
      {log.length === 0 ? (
        <EmptyState title="No requests yet" testId="local-log-empty">
          {running
            ? 'Requests to this connector appear here as they arrive. Send one from the Console.'
            : 'Start the connector, then call it from the Console or register it as a connection.'}
        </EmptyState>
      ) : (
        <>
          <p className="muted small request-log__count" data-testid="local-log-count">
            {log.length >= LOG_CAP
              ? `The latest ${LOG_CAP} requests; History keeps them all, of a load run a sample and its failures.`
              : `${log.length} request${log.length === 1 ? '' : 's'}`}
          </p>
          <div
            className="request-log"
            data-testid="local-log-scroll"
            onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
          >
            <div className="request-log__spacer" style={{ height: log.length * ROW_PX }}>
              <ul
                className="list list--dense request-log__rows"
                style={{ transform: `translateY(${win.start * ROW_PX}px)` }}
              >
                {log.slice(win.start, win.end).map((e, i) => (
                  <LogRow
                    key={e.exchangeId ?? `${e.summary.startedAt}-${e.summary.requestId}-${win.start + i}`}
                    event={e}
                  />
                ))}
              </ul>
            </div>
          </div>
        </>
      )}
    </Section>
  );
}

function LogRow({ event: e }: { event: HostRequestEventDto }) {
  return (
    <li className="request-log__row">
      <button
        type="button"
        className="list__item"
        data-testid="local-log-item"
        data-exchange-id={e.exchangeId ?? undefined}
        disabled={e.exchangeId === null}
        title={
          e.exchangeId === null
            ? 'Not kept in History: a load run keeps a sample and its failures'
            : undefined
        }
        onClick={() =>
          e.exchangeId !== null &&
          useUiStore.getState().navigate({ name: 'inspector', param: String(e.exchangeId) })
        }
      >
        <span className="list__title">
          <span className="mono">{exchangeTitle(e.summary)}</span>
          <Badge tone={verdictTone(e.summary.verdict, e.summary.responseStatus)}>
            {e.summary.responseStatus ?? '—'}
          </Badge>
        </span>
        <span className="list__sub">
          {new Date(e.summary.startedAt).toLocaleTimeString()} · {e.verdictText}
          {e.exchangeId === null ? ' · not kept (load sample)' : ''}
        </span>
      </button>
    </li>
  );
}
