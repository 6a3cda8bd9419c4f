// The two steps after creating a connection: Test Connection (ping -> pong, latency, clock
// offset, error) and workspace + Sync Tools (new, updated, removed tools).

import type { ConnectionDto } from '../../../../shared/index.ts';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { isBusy, opError, syncChanges } from '../../store/connections/selectors.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { Badge, StatusBadge, relativeTime } from '../../components/common.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';

export function TestPanel({ connection: c }: { connection: ConnectionDto }) {
  const busy = useConnectionsStore((s) => isBusy(s, 'test', c.id));
  const error = useConnectionsStore((s) => opError(s, 'test', c.id));
  const report = useConnectionsStore((s) => s.tests[c.id]);
  return (
    <div className="step" data-testid="test-panel">
      <div className="step__head">
        <h4>Test Connection</h4>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="test-connection"
          disabled={busy}
          onClick={() => void useConnectionsStore.getState().test(c.id)}
        >
          {busy ? 'Sending ping…' : 'Test Connection'}
        </button>
      </div>
      <p className="hint">Sends a signed ping and expects a pong; sets the status.</p>
      <ErrorNote error={error} testId="test-error" prefix="The test could not run" />
      {report && (
        <div className="report" data-testid="test-report" data-ok={String(report.ok)}>
          <StatusBadge status={report.status} testId="test-report-status" />
          {/* A failed ping shows only what it measured: no pong means no clock offset to speak of. */}
          <dl className="kv">
            {(report.ok || report.latency_ms !== null) && (
              <>
                <dt>Latency</dt>
                <dd data-testid="test-latency">
                  {report.latency_ms === null ? '—' : `${report.latency_ms} ms`}
                </dd>
              </>
            )}
            {report.ok && (
              <>
                <dt>Clock offset</dt>
                <dd data-testid="test-offset">
                  {report.clock_offset_s === null
                    ? 'not reported by the pong'
                    : `${report.clock_offset_s > 0 ? '+' : ''}${report.clock_offset_s} s`}
                </dd>
              </>
            )}
            <dt>Tested</dt>
            <dd>{relativeTime(report.tested_at)}</dd>
          </dl>
          {report.error && (
            <div className="error-note" data-testid="test-report-error" data-error-code={report.error.code}>
              <code className="error-note__code">{report.error.code}</code> {report.error.message}
            </div>
          )}
          {report.warnings.length > 0 && (
            <ul className="warnings" data-testid="test-warnings">
              {report.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
          {typeof report.exchange_id === 'number' && (
            <button
              type="button"
              className="link"
              data-testid="test-inspect"
              onClick={() =>
                useUiStore.getState().navigate({ name: 'inspector', param: String(report.exchange_id) })
              }
            >
              Inspect the ping exchange
            </button>
          )}
        </div>
      )}
    </div>
  );
}

export function SyncPanel({ connection: c }: { connection: ConnectionDto }) {
  const workspaces = useUiStore((s) => s.workspaces);
  const busy = useConnectionsStore((s) => isBusy(s, 'sync', c.id));
  const updating = useConnectionsStore((s) => isBusy(s, 'update', c.id));
  const error = useConnectionsStore((s) => opError(s, 'sync', c.id));
  const changes = syncChanges(useConnectionsStore((s) => s.syncs[c.id]));
  const store = useConnectionsStore.getState;
  return (
    <div className="step" data-testid="sync-panel">
      <div className="step__head">
        <h4>Workspace and tools</h4>
        <div className="row">
          <label className="sr-only" htmlFor={`ws-${c.id}`}>
            Workspace
          </label>
          <select
            id={`ws-${c.id}`}
            data-testid="workspace-select"
            value={c.workspace_id ?? ''}
            disabled={updating}
            onChange={(e) => void store().update(c.id, { workspace_id: e.target.value || null })}
          >
            <option value="">No workspace (list only)</option>
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="sync-tools"
            disabled={busy}
            onClick={() => void store().sync(c.id, c.workspace_id)}
          >
            {busy ? 'Syncing…' : 'Sync Tools'}
          </button>
        </div>
      </div>
      <p className="hint">
        {c.workspace_id
          ? 'Synced tools are registered as business tools of the selected workspace.'
          : 'Without a workspace, a sync only lists the tools; select one to register them.'}
      </p>
      <ErrorNote error={error} testId="sync-error" prefix="Sync failed" />
      {changes && (
        <div className="report" data-testid="sync-report">
          <div className="row small">
            <span>via {changes.report.source}</span>
            <Badge tone="ok" testId="sync-new-count">
              {changes.added} new
            </Badge>
            <Badge tone="info">{changes.updated} updated</Badge>
            <Badge tone={changes.removed > 0 ? 'bad' : 'muted'}>{changes.removed} removed</Badge>
            <Badge tone="muted">{changes.unchanged} unchanged</Badge>
          </div>
          {changes.report.tools.length === 0 ? (
            <p className="muted">The connector declared no tools.</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th>Tool</th>
                  <th>Change</th>
                  <th>Business tool</th>
                </tr>
              </thead>
              <tbody>
                {changes.report.tools.map((t) => (
                  <tr key={t.name} data-testid="sync-tool" data-change={t.change}>
                    <td className="mono">{t.name}</td>
                    <td>
                      <span className={`change change--${t.change}`}>{t.change}</span>
                    </td>
                    <td className="mono muted">{t.business_tool_id ?? 'not registered (no workspace)'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {changes.report.warnings.length > 0 && (
            <ul className="warnings" data-testid="sync-warnings">
              {changes.report.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
