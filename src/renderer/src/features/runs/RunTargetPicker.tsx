// The target of a conformance or load run: a registered connection, a local connector (startable
// from here) or a URL with its secret. Controlled by the run-target store, shared by both panels.

import { useEffect } from 'react';
import { useRunTargetStore } from '../../store/run-target/action.ts';
import type { RunTargetKind } from '../../store/run-target/initialState.ts';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { useLocalStore } from '../../store/local/action.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { StatusBadge } from '../../components/common.tsx';

const KINDS: Array<{ kind: RunTargetKind; label: string }> = [
  { kind: 'local', label: 'Local connector' },
  { kind: 'connection', label: 'Connection' },
  { kind: 'url', label: 'URL + secret' },
];

export function RunTargetPicker({ problem, disabled }: { problem: string | null; disabled?: boolean }) {
  const s = useRunTargetStore();
  const connections = useConnectionsStore((x) => x.items);
  const locals = useLocalStore((x) => x.items);
  const local = locals.find((c) => c.id === s.localId) ?? null;
  const connection = connections.find((c) => c.id === s.connectionId) ?? null;
  const startBusy = useLocalStore((x) => (s.localId ? Boolean(x.busy[`start:${s.localId}`]) : false));
  const opError = useLocalStore((x) => x.opError);

  useEffect(() => {
    void useConnectionsStore.getState().load();
    void useLocalStore.getState().load();
  }, []);

  // Default to the first target of the chosen kind (a running local connector first).
  useEffect(() => {
    const rs = useRunTargetStore.getState();
    if (s.kind === 'connection' && !connection && connections[0]) void rs.setConnection(connections[0].id);
    if (s.kind === 'local' && !local && locals[0])
      rs.setLocal((locals.find((l) => l.running) ?? locals[0]).id);
  }, [s.kind, connection, local, connections, locals]);

  return (
    <fieldset className="card" data-testid="run-target" disabled={disabled}>
      <legend>Target</legend>
      <div className="segmented" role="radiogroup" aria-label="Target kind">
        {KINDS.map(({ kind, label }) => (
          <label
            key={kind}
            className={s.kind === kind ? 'segmented__opt segmented__opt--on' : 'segmented__opt'}
          >
            <input
              type="radio"
              name="run-target-kind"
              value={kind}
              checked={s.kind === kind}
              data-testid={`run-target-kind-${kind}`}
              onChange={() => s.setKind(kind)}
            />
            {label}
          </label>
        ))}
      </div>
      <div className="form__grid">
        {s.kind === 'connection' && (
          <>
            <label htmlFor="run-target-connection">Connection</label>
            <div className="row">
              <select
                id="run-target-connection"
                data-testid="run-target-connection"
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
              {connection && <StatusBadge status={connection.status} />}
            </div>
            {connection && (
              <>
                <span className="muted small">Endpoint</span>
                <code className="mono small break" data-testid="run-target-endpoint">
                  {connection.webhook_url || '(no webhook URL)'}
                </code>
              </>
            )}
          </>
        )}
        {s.kind === 'local' && (
          <>
            <label htmlFor="run-target-local">Local connector</label>
            <div className="row">
              <select
                id="run-target-local"
                data-testid="run-target-local"
                value={s.localId ?? ''}
                onChange={(e) => s.setLocal(e.target.value || null)}
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
                  data-testid="run-target-local-start"
                  disabled={startBusy}
                  onClick={() => void useLocalStore.getState().start(local.id)}
                >
                  {startBusy ? 'Starting…' : 'Start it'}
                </button>
              )}
            </div>
            {local?.url && (
              <>
                <span className="muted small">Endpoint</span>
                <code className="mono small break" data-testid="run-target-endpoint">
                  {local.url}
                </code>
              </>
            )}
          </>
        )}
        {s.kind === 'url' && (
          <>
            <label htmlFor="run-target-url">Endpoint URL</label>
            <input
              id="run-target-url"
              data-testid="run-target-url"
              className="mono"
              value={s.url}
              onChange={(e) => s.setUrl(e.target.value)}
              placeholder="http://127.0.0.1:8787/service"
            />
            <label htmlFor="run-target-secret">Signing secret</label>
            <input
              id="run-target-secret"
              data-testid="run-target-secret"
              className="mono"
              type="password"
              autoComplete="off"
              value={s.secret}
              onChange={(e) => s.setSecret(e.target.value)}
            />
          </>
        )}
      </div>
      {problem && (
        <div className="hint" data-testid="run-target-problem">
          {problem}
        </div>
      )}
      {opError && opError.id === s.localId && (
        <ErrorNote error={opError.error} testId="run-target-local-error" />
      )}
      <ErrorNote error={s.toolsError} testId="run-target-tools-error" prefix="Tools of this connection" />
    </fieldset>
  );
}
