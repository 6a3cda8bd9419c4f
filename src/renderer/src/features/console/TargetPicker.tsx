// Where a console request goes: a registered connection, a local connector (started here), or
// any URL with its secret; and the tools known for that target.

import { useEffect } from 'react';
import { useConsoleStore } from '../../store/console/action.ts';
import type { TargetKind } from '../../store/console/initialState.ts';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { useLocalStore } from '../../store/local/action.ts';
import { declaredTools } from '../../store/local/selectors.ts';
import { ErrorNote, FieldError } from '../../components/ErrorNote.tsx';
import { StatusBadge } from '../../components/common.tsx';

const KINDS: Array<{ kind: TargetKind; label: string }> = [
  { kind: 'connection', label: 'Connection' },
  { kind: 'local', label: 'Local connector' },
  { kind: 'url', label: 'URL + secret' },
];

export function TargetPicker() {
  const s = useConsoleStore();
  const connections = useConnectionsStore((x) => x.items);
  const locals = useLocalStore((x) => x.items);
  const local = locals.find((c) => c.id === s.localId) ?? null;
  const startBusy = useLocalStore((x) => (s.localId ? Boolean(x.busy[`start:${s.localId}`]) : false));
  const opError = useLocalStore((x) => x.opError);

  useEffect(() => {
    void useConnectionsStore.getState().load();
    void useLocalStore.getState().load();
  }, []);

  // Default to the first target of the chosen kind, so a send works without extra clicks.
  useEffect(() => {
    const cs = useConsoleStore.getState();
    if (s.targetKind === 'connection' && !s.connectionId && connections[0])
      void cs.setConnection(connections[0].id);
    if (s.targetKind === 'local' && !s.localId && locals[0])
      cs.setLocal(locals[0].id, declaredTools(locals[0]));
  }, [s.targetKind, s.connectionId, s.localId, connections, locals]);

  return (
    <fieldset className="card" data-testid="console-target">
      <legend>Target</legend>
      <div className="segmented" role="radiogroup" aria-label="Target kind">
        {KINDS.map(({ kind, label }) => (
          <label
            key={kind}
            className={s.targetKind === kind ? 'segmented__opt segmented__opt--on' : 'segmented__opt'}
          >
            <input
              type="radio"
              name="target-kind"
              value={kind}
              checked={s.targetKind === kind}
              data-testid={`target-kind-${kind}`}
              onChange={() => s.setTargetKind(kind)}
            />
            {label}
          </label>
        ))}
      </div>
      <div className="form__grid">
        {s.targetKind === 'connection' && (
          <>
            <label htmlFor="target-connection">Connection</label>
            <div className="row">
              <select
                id="target-connection"
                data-testid="target-connection"
                value={s.connectionId ?? ''}
                onChange={(e) => void s.setConnection(e.target.value || null)}
              >
                {connections.length === 0 && (
                  <option value="">No connections: add one under SDK Connections</option>
                )}
                {connections.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              {connections.find((c) => c.id === s.connectionId) && (
                <StatusBadge status={connections.find((c) => c.id === s.connectionId)!.status} />
              )}
            </div>
          </>
        )}
        {s.targetKind === 'local' && (
          <>
            <label htmlFor="target-local">Local connector</label>
            <div>
              <div className="row">
                <select
                  id="target-local"
                  data-testid="target-local"
                  value={s.localId ?? ''}
                  onChange={(e) =>
                    s.setLocal(
                      e.target.value || null,
                      declaredTools(locals.find((c) => c.id === e.target.value) ?? null),
                    )
                  }
                >
                  {locals.length === 0 && <option value="">No local connectors</option>}
                  {locals.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} {c.running ? '(running)' : '(stopped)'}
                    </option>
                  ))}
                </select>
                {local && !local.running && (
                  <button
                    type="button"
                    className="btn btn--small"
                    data-testid="target-local-start"
                    disabled={startBusy}
                    onClick={() => void useLocalStore.getState().start(local.id)}
                  >
                    {startBusy ? 'Starting…' : 'Start it'}
                  </button>
                )}
              </div>
              {local && !local.running && (
                <div className="hint">This connector is stopped: start it before sending.</div>
              )}
              {opError && opError.id === s.localId && (
                <ErrorNote error={opError.error} testId="target-local-error" />
              )}
            </div>
          </>
        )}
        {s.targetKind === 'url' && (
          <>
            <label htmlFor="target-url">Endpoint URL</label>
            <input
              id="target-url"
              data-testid="target-url"
              className="mono"
              value={s.url}
              onChange={(e) => s.setUrl(e.target.value)}
              placeholder="http://127.0.0.1:8787/service"
            />
            <label htmlFor="target-secret">Signing secret</label>
            <div className="row">
              <input
                id="target-secret"
                data-testid="target-secret"
                className="mono"
                type="password"
                autoComplete="off"
                value={s.secret}
                onChange={(e) => s.setSecret(e.target.value)}
              />
              <button
                type="button"
                className="btn btn--small"
                data-testid="target-discover"
                onClick={() => void s.discoverTools()}
              >
                Load tools
              </button>
            </div>
          </>
        )}
      </div>
      <FieldError message={s.fieldErrors.target} testId="console-target-error" />
      <ErrorNote error={s.toolsError} testId="console-tools-error" prefix="Tools of this target" />
    </fieldset>
  );
}
