// Add Connection (protocol.md 4.2): name, webhook URL, optional signing secret (generated when
// empty), enabled. Problems show under the field they concern; the engine checks again.

import { useState } from 'react';
import type { FormEvent } from 'react';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { fieldOfError, checkConnectionFields } from './fields.ts';
import { ConnectionTextField, EnabledCheckbox } from './ConnectionField.tsx';

export function CreateConnectionForm({ onDone, canCancel }: { onDone: () => void; canCancel: boolean }) {
  const creating = useConnectionsStore((s) => s.creating);
  const createError = useConnectionsStore((s) => s.createError);
  const workspaces = useUiStore((s) => s.workspaces);
  const plan = useUiStore((s) => s.org?.plan);
  const prefill = useConnectionsStore((s) => s.prefill);
  const [name, setName] = useState(prefill?.name ?? '');
  const [url, setUrl] = useState(prefill?.webhook_url ?? '');
  const [secret, setSecret] = useState(prefill?.signing_secret ?? '');
  const [enabled, setEnabled] = useState(prefill?.enabled ?? true);
  const [workspaceId, setWorkspaceId] = useState(prefill?.workspace_id ?? '');
  const [local, setLocal] = useState<{ name?: string; url?: string }>({});

  const serverField = fieldOfError(createError);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = checkConnectionFields({ name, url });
    setLocal(problems);
    if (problems.name || problems.url) return;
    const created = await useConnectionsStore.getState().create({
      name: name.trim(),
      webhook_url: url.trim(),
      signing_secret: secret === '' ? undefined : secret,
      enabled,
      workspace_id: workspaceId || null,
    });
    if (created) {
      setName('');
      setUrl('');
      setSecret('');
      onDone();
    }
  }

  return (
    <form className="card form" onSubmit={submit} data-testid="create-connection-form" noValidate>
      <h3>Add Connection</h3>
      {prefill && (
        <p className="hint">
          Filled in from the local connector “{prefill.name}”: its URL and signing secret.
        </p>
      )}
      <div className="form__grid">
        <ConnectionTextField
          id="cc-name"
          label="Name"
          value={name}
          onChange={setName}
          problem={local.name}
          serverError={serverField === 'name' ? createError : null}
          placeholder="Catalog connector"
          autoFocus
        />
        <ConnectionTextField
          id="cc-url"
          label="Webhook URL"
          mono
          value={url}
          onChange={setUrl}
          problem={local.url}
          serverError={serverField === 'url' ? createError : null}
          placeholder="https://connector.example.com/service"
        />

        <label htmlFor="cc-secret">Signing secret</label>
        <div>
          <input
            id="cc-secret"
            data-testid="cc-secret"
            className="mono"
            type="password"
            autoComplete="off"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            placeholder="leave empty to generate one"
          />
          <div className="hint">
            Optional. When empty the platform generates a whsec_… secret and shows it once.
          </div>
        </div>

        <label htmlFor="cc-workspace">Workspace</label>
        <div>
          <select
            id="cc-workspace"
            data-testid="cc-workspace"
            value={workspaceId}
            onChange={(e) => setWorkspaceId(e.target.value)}
          >
            <option value="">None yet (pick one before syncing tools)</option>
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>

        <EnabledCheckbox testId="cc-enabled" checked={enabled} onChange={setEnabled} />
      </div>
      {serverField === 'form' && (
        <ErrorNote
          error={createError}
          testId="cc-error"
          prefix={
            createError?.code === 'premium_required'
              ? `The organization is on the ${plan ?? 'free'} plan`
              : undefined
          }
        />
      )}
      {createError?.code === 'premium_required' && (
        <div className="hint">Switch the plan to Premium above to create connections.</div>
      )}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" data-testid="cc-submit" disabled={creating}>
          {creating ? 'Creating…' : 'Create connection'}
        </button>
        {canCancel && (
          <button
            type="button"
            className="btn"
            onClick={() => {
              useConnectionsStore.getState().setPrefill(null);
              onDone();
            }}
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
