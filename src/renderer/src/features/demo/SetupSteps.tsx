// Steps 1 to 4 of the demo, what each got back from the engine: the connection (secret masked),
// the health test, the workspace choice and the synced tools split by where they may run.

import { DEMO_SECRET_MASK } from '../../../../shared/index.ts';
import { Badge, StatusBadge } from '../../components/common.tsx';
import { useDemoStore } from '../../store/demo/action.ts';
import { isChatTool } from '../../store/demo/selectors.ts';
import { useUiStore } from '../../store/ui/action.ts';

export function ConnectResult() {
  const setup = useDemoStore((s) => s.setup);
  const c = setup?.connection;
  if (!c || !setup?.connector) return null;
  return (
    <dl className="kv demo-kv" data-testid="demo-connection">
      <dt>Name</dt>
      <dd>{c.name}</dd>
      <dt>Webhook URL</dt>
      <dd className="mono">{c.webhook_url}</dd>
      <dt>Signing secret</dt>
      <dd data-testid="demo-secret">{DEMO_SECRET_MASK}</dd>
      <dt>Enabled</dt>
      <dd>{c.enabled ? 'yes' : 'no'}</dd>
      <dt>Connector</dt>
      <dd>
        {setup.connector.name}{' '}
        <Badge tone={setup.connector.running ? 'ok' : 'muted'}>
          {setup.connector.running ? 'running' : 'stopped'}
        </Badge>
        {setup.started && <span className="muted small"> started for the demo</span>}
      </dd>
    </dl>
  );
}

export function TestResult() {
  const t = useDemoStore((s) => s.test);
  if (!t) return null;
  return (
    <div className="demo-metrics" data-testid="demo-test">
      <div className="demo-metric">
        <div className="demo-metric__label">Status</div>
        <StatusBadge status={t.status} testId="demo-test-status" />
      </div>
      <div className="demo-metric">
        <div className="demo-metric__label">Latency</div>
        <div className="demo-metric__value" data-testid="demo-test-latency">
          {t.latency_ms === null ? '—' : `${t.latency_ms} ms`}
        </div>
      </div>
      <div className="demo-metric">
        <div className="demo-metric__label">Clock offset</div>
        <div className="demo-metric__value" data-testid="demo-test-offset">
          {t.clock_offset_s === null ? '—' : `${t.clock_offset_s > 0 ? '+' : ''}${t.clock_offset_s} s`}
        </div>
      </div>
    </div>
  );
}

export function WorkspaceChoice() {
  const workspaces = useUiStore((s) => s.workspaces);
  const chosen = useDemoStore((s) => s.workspaceId);
  const bound = useDemoStore((s) => s.setup?.connection?.workspace_id ?? null);
  return (
    <div className="demo-choices" role="radiogroup" aria-label="Workspace">
      {workspaces.map((w) => (
        <label key={w.id} className={`demo-choice${chosen === w.id ? ' demo-choice--on' : ''}`}>
          <input
            type="radio"
            name="demo-workspace"
            data-testid={`demo-workspace-${w.name}`}
            checked={chosen === w.id}
            onChange={() => useDemoStore.getState().chooseWorkspace(w.id)}
          />
          <span className="demo-choice__name">{w.name}</span>
          {bound === w.id && <Badge tone="ok">bound</Badge>}
        </label>
      ))}
    </div>
  );
}

export function SyncResult() {
  const sync = useDemoStore((s) => s.sync);
  const tools = useDemoStore((s) => s.tools);
  if (!sync) return null;
  const added = sync.tools.filter((t) => t.change === 'new').length;
  const chat = tools.filter(isChatTool);
  const admin = tools.filter((t) => !isChatTool(t));
  return (
    <div data-testid="demo-sync">
      <div className="row small">
        <Badge tone="ok" testId="demo-sync-new">
          {added} new
        </Badge>
        <span className="muted">via {sync.source}, registered as business tools</span>
      </div>
      <div className="demo-tools">
        <div>
          <h4>On the customer chat</h4>
          <ul className="demo-toollist">
            {chat.map((t) => (
              <li key={t.id} data-testid="demo-tool" data-chat="true">
                <code>{t.name}</code>
                <span className="muted small">{t.definition.description}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4>Kept off the customer chat</h4>
          <ul className="demo-toollist demo-toollist--admin">
            {admin.map((t) => (
              <li key={t.id} data-testid="demo-tool" data-chat="false">
                <span className="row">
                  <code>{t.name}</code>
                  <Badge tone="warn">chat: false · admins only</Badge>
                </span>
                <span className="muted small">{t.definition.description}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
