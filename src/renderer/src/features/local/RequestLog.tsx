// The live request log of one local connector, newest first, from the engine's 'host:request'
// events; a line opens the exchange in the inspector.

import { useLocalStore } from '../../store/local/action.ts';
import { logOf } from '../../store/local/selectors.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { exchangeTitle, verdictTone } from '../../store/inspector/selectors.ts';
import { Badge, EmptyState, Section } from '../../components/common.tsx';

export function RequestLog({ connectorId }: { connectorId: string }) {
  const log = useLocalStore((s) => logOf(s, connectorId));
  const running = useLocalStore((s) => s.items.find((c) => c.id === connectorId)?.running ?? false);
  return (
    <Section title="Live requests" testId="local-log">
      {log.length === 0 ? (
        <EmptyState title="No requests yet" testId="local-log-empty">
          {running
            ? 'Requests to this connector appear here as they arrive. Send one from the Console.'
            : 'Start the connector, then call it from the Console or register it as a connection.'}
        </EmptyState>
      ) : (
        <ul className="list list--dense">
          {log.map((e) => (
            <li key={e.exchangeId}>
              <button
                type="button"
                className="list__item"
                data-testid="local-log-item"
                data-exchange-id={e.exchangeId}
                onClick={() =>
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
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
