// One connection: its fields (editable), the SSRF verdict of its URL, and the steps of the flow
// (Test Connection, workspace, Sync Tools), with rotate-secret and delete.

import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ConnectionDto } from '../../../../shared/index.ts';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { isBusy, opError } from '../../store/connections/selectors.ts';
import { ConfirmButton, StatusBadge, relativeTime } from '../../components/common.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { checkConnectionFields, fieldOfError } from './fields.ts';
import { ConnectionTextField, EnabledCheckbox } from './ConnectionField.tsx';
import { SsrfVerdictNote } from './SsrfVerdictNote.tsx';
import { RotationNote } from './RotationNote.tsx';
import { TestPanel, SyncPanel } from './ConnectionOps.tsx';
import { FlowsPanel, EventsPanel } from './FlowsEvents.tsx';

export function ConnectionDetail({ connection: c }: { connection: ConnectionDto }) {
  const [editing, setEditing] = useState(false);
  const rotateBusy = useConnectionsStore((s) => isBusy(s, 'rotate', c.id));
  const deleteBusy = useConnectionsStore((s) => isBusy(s, 'delete', c.id));
  const rotateError = useConnectionsStore((s) => opError(s, 'rotate', c.id));
  const deleteError = useConnectionsStore((s) => opError(s, 'delete', c.id));
  const store = useConnectionsStore.getState;

  return (
    <div className="detail" data-testid="connection-detail" data-connection-id={c.id}>
      <header className="detail__head">
        <div>
          <h3 data-testid="detail-name">
            {c.name} <StatusBadge status={c.status} testId="detail-status" />
          </h3>
          <div className="mono muted">{c.webhook_url}</div>
          <div className="muted small">
            {c.enabled ? 'Enabled' : 'Disabled'} · secret {c.has_secret ? 'set' : 'missing'} · last tested{' '}
            {relativeTime(c.last_tested_at)}
          </div>
        </div>
        <div className="detail__actions">
          <button
            type="button"
            className="btn"
            data-testid="edit-connection"
            onClick={() => setEditing((v) => !v)}
            aria-expanded={editing}
          >
            {editing ? 'Close edit' : 'Edit'}
          </button>
          <button
            type="button"
            className="btn"
            data-testid="rotate-secret"
            disabled={rotateBusy}
            onClick={() => void store().rotateSecret(c.id)}
          >
            {rotateBusy ? 'Rotating…' : 'Rotate secret'}
          </button>
          <ConfirmButton
            label="Delete"
            confirmLabel="Delete connection"
            question={`Delete “${c.name}” and its synced tools?`}
            busy={deleteBusy}
            testId="delete-connection"
            onConfirm={() => void store().remove(c.id)}
          />
        </div>
      </header>
      <ErrorNote error={rotateError} testId="rotate-error" prefix="Rotate failed" />
      <ErrorNote error={deleteError} testId="delete-error" prefix="Delete failed" />
      <SsrfVerdictNote verdict={c.ssrf} />
      <RotationNote rotation={c.rotation} />
      {editing && <EditForm connection={c} onDone={() => setEditing(false)} />}

      <ol className="steps">
        <li>
          <TestPanel connection={c} />
        </li>
        <li>
          <SyncPanel connection={c} />
        </li>
      </ol>
      <FlowsPanel connectionId={c.id} />
      <EventsPanel connectionId={c.id} />
    </div>
  );
}

function EditForm({ connection: c, onDone }: { connection: ConnectionDto; onDone: () => void }) {
  const [name, setName] = useState(c.name);
  const [url, setUrl] = useState(c.webhook_url);
  const [enabled, setEnabled] = useState(c.enabled);
  const [local, setLocal] = useState<{ name?: string; url?: string }>({});
  const busy = useConnectionsStore((s) => isBusy(s, 'update', c.id));
  const error = useConnectionsStore((s) => opError(s, 'update', c.id));
  const field = fieldOfError(error);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = checkConnectionFields({ name, url });
    setLocal(problems);
    if (problems.name || problems.url) return;
    if (
      await useConnectionsStore
        .getState()
        .update(c.id, { name: name.trim(), webhook_url: url.trim(), enabled })
    )
      onDone();
  }

  return (
    <form className="card form" onSubmit={submit} data-testid="edit-connection-form" noValidate>
      <div className="form__grid">
        <ConnectionTextField
          id="ec-name"
          label="Name"
          value={name}
          onChange={setName}
          problem={local.name}
          serverError={field === 'name' ? error : null}
        />
        <ConnectionTextField
          id="ec-url"
          label="Webhook URL"
          mono
          value={url}
          onChange={setUrl}
          problem={local.url}
          serverError={field === 'url' ? error : null}
        />
        <EnabledCheckbox testId="ec-enabled" checked={enabled} onChange={setEnabled} />
      </div>
      {field === 'form' && <ErrorNote error={error} testId="ec-error" />}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" data-testid="ec-save" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
