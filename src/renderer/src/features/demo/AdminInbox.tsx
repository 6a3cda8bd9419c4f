// Step 6: what the organization admin sees after the chat: the quotation.created event the
// connector emitted (read back from the platform) and the high-priority "Approve quotation" task.

import { Badge, relativeTime } from '../../components/common.tsx';
import { useDemoStore } from '../../store/demo/action.ts';
import { money } from '../../lib/demo-conversation.ts';

interface QuotationPayload {
  id?: string;
  customer_name?: string;
  total?: number;
  currency?: string;
}

export function AdminInbox() {
  const events = useDemoStore((s) => s.events);
  const flows = useDemoStore((s) => s.flows);
  const quotation = useDemoStore((s) => s.quotation);
  const approval = useDemoStore((s) => s.approval);
  const busy = useDemoStore((s) => s.busy);
  const labels = new Map((flows?.items ?? []).map((f) => [`${f.kind}:${f.id}`, f]));
  const task = flows?.items.find((f) => f.kind === 'task');
  const approved = approval?.ok === true;

  return (
    <div className="inbox">
      <div className="inbox__col">
        <h4>Organization events</h4>
        {events === null && <p className="muted">Reading the platform…</p>}
        {events?.length === 0 && (
          <p className="muted" data-testid="demo-events-empty">
            No event has arrived yet.
          </p>
        )}
        {events?.map((e) => {
          const p = (e.payload ?? {}) as QuotationPayload;
          return (
            <div key={e.id} className="inbox__card" data-testid="demo-event" data-event-id={e.event_id}>
              <div className="row">
                <Badge tone="info">event</Badge>
                <strong>{labels.get(`event:${e.event_id}`)?.label ?? e.event_id}</strong>
                <code className="muted">{e.event_id}</code>
              </div>
              <div className="inbox__line">
                {p.id} · {p.customer_name} · {money(p.total, p.currency)}
              </div>
              <div className="muted small">
                received {relativeTime(e.received_at)}, signed by the connector
              </div>
            </div>
          );
        })}
      </div>
      <div className="inbox__col">
        <h4>Tasks</h4>
        {task && quotation ? (
          <div
            className="inbox__card inbox__card--task"
            data-testid="demo-task"
            data-approved={String(approved)}
          >
            <div className="row">
              <Badge tone="warn">task</Badge>
              <strong>{task.label}</strong>
              {task.priority && (
                <Badge tone={task.priority === 'high' ? 'bad' : 'muted'} testId="demo-task-priority">
                  priority {task.priority}
                </Badge>
              )}
            </div>
            <div className="inbox__line">
              Quotation <strong>{quotation.id}</strong> for {quotation.customer_name},{' '}
              {money(quotation.total, quotation.currency)}
            </div>
            <div className="row inbox__actions">
              {approved ? (
                <Badge tone="ok" testId="demo-approved">
                  approved
                </Badge>
              ) : (
                <button
                  type="button"
                  className="btn btn--primary"
                  data-testid="demo-approve"
                  disabled={busy}
                  onClick={() => void useDemoStore.getState().run()}
                >
                  {busy ? 'Approving…' : 'Approve'}
                </button>
              )}
              <span className="muted small">
                runs <code>approveQuotation</code>, an admin-only tool (<code>chat: false</code>)
              </span>
            </div>
          </div>
        ) : (
          <p className="muted">{flows ? 'The connector declared no task.' : 'Reading the platform…'}</p>
        )}
      </div>
    </div>
  );
}
