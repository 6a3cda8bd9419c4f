// Add Connection (protocol.md 4.2): name, webhook URL, optional signing secret (generated when
// empty), enabled. Problems show under the field they concern; the engine checks again.

import { useState } from 'react';
import type { FormEvent } from 'react';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { ErrorNote, FieldError } from '../../components/ErrorNote.tsx';
import { fieldOfError, checkConnectionFields } from './fields.ts';

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
        <label htmlFor="cc-name">Name</label>
        <div>
          <input
            id="cc-name"
            data-testid="cc-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Catalog connector"
            aria-invalid={Boolean(local.name || serverField === 'name')}
            autoFocus
          />
          <FieldError message={local.name} testId="cc-name-error" />
          {serverField === 'name' && <ErrorNote error={createError} testId="cc-name-server-error" />}
        </div>

        <label htmlFor="cc-url">Webhook URL</label>
        <div>
          <input
            id="cc-url"
            data-testid="cc-url"
            className="mono"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://connector.example.com/service"
            aria-invalid={Boolean(local.url || serverField === 'url')}
          />
          <FieldError message={local.url} testId="cc-url-error" />
          {serverField === 'url' && <ErrorNote error={createError} testId="cc-url-server-error" />}
        </div>

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

        <span />
        <label className="check">
          <input
            type="checkbox"
            data-testid="cc-enabled"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />{' '}
          Enabled
        </label>
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
