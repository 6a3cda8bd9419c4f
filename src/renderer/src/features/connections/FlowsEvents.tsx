// Flows (events, actions and tasks the connector declared at the last sync) and the organization
// events the connector emitted, shown beside the connection.

import { useConnectionsStore } from '../../store/connections/action.ts';
import { opError } from '../../store/connections/selectors.ts';
import { Badge, EmptyState, Section, relativeTime } from '../../components/common.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';

export function FlowsPanel({ connectionId }: { connectionId: string }) {
  const flows = useConnectionsStore((s) => s.flows[connectionId]);
  const error = useConnectionsStore((s) => opError(s, 'flows', connectionId));
  return (
    <Section title={`Flows${flows?.version ? ` (metadata v${flows.version})` : ''}`} testId="flows-panel">
      <ErrorNote error={error} testId="flows-error" />
      {flows && flows.items.length === 0 && (
        <EmptyState title="No flows declared" testId="flows-empty">
          Flows come from the organization metadata (events, actions, tasks) the connector declares; run Sync
          Tools to read them.
        </EmptyState>
      )}
      {flows && flows.items.length > 0 && (
        <ul className="flows">
          {flows.items.map((f) => (
            <li key={`${f.kind}:${f.id}`} data-testid="flow-item" data-kind={f.kind}>
              <Badge tone={f.kind === 'task' ? 'warn' : f.kind === 'action' ? 'info' : 'muted'}>
                {f.kind}
              </Badge>
              <span>{f.label}</span>
              <code className="muted">{f.id}</code>
              {f.priority && (
                <Badge tone={f.priority === 'high' ? 'bad' : 'muted'}>priority {f.priority}</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function EventsPanel({ connectionId }: { connectionId: string }) {
  const events = useConnectionsStore((s) => s.events[connectionId]);
  const error = useConnectionsStore((s) => opError(s, 'events', connectionId));
  return (
    <Section
      title="Organization events"
      testId="events-panel"
      actions={
        <button
          type="button"
          className="btn btn--small"
          data-testid="events-refresh"
          onClick={() => void useConnectionsStore.getState().loadEvents(connectionId)}
        >
          Refresh
        </button>
      }
    >
      <ErrorNote error={error} testId="events-error" />
      {events && events.length === 0 && (
        <EmptyState title="No events received" testId="events-empty">
          Events appear when the connector posts to /api/v1/org/events signed with this connection's secret
          (e.g. after createQuotation).
        </EmptyState>
      )}
      {events && events.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>Event</th>
              <th>Payload</th>
              <th>Received</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id} data-testid="event-item">
                <td className="mono">{e.event_id}</td>
                <td className="mono small ellipsis" title={JSON.stringify(e.payload)}>
                  {JSON.stringify(e.payload)}
                </td>
                <td>{relativeTime(e.received_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
