// Tools: the business tools synced from connections, per workspace, with auth, chat exposure
// (`chat: false` = off customer chat) and their parameter schema, formatted and as JSON.

import { useEffect } from 'react';
import { useToolsStore } from '../../store/tools/action.ts';
import { chatLabel, schemaParameters, selectedTool } from '../../store/tools/selectors.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { workspaceName } from '../../store/ui/selectors.ts';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { useConsoleStore } from '../../store/console/action.ts';
import { Badge, EmptyState } from '../../components/common.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { CodeEditor } from '../../components/CodeEditor/index.tsx';
import { useShallow } from 'zustand/react/shallow';

export function ToolsScreen() {
  const { items, loaded, error, workspaceId, selectedId } = useToolsStore(
    useShallow((s) => ({
      items: s.items,
      loaded: s.loaded,
      error: s.error,
      workspaceId: s.workspaceId,
      selectedId: s.selectedId,
    })),
  );
  const tool = useToolsStore(selectedTool);
  const workspaces = useUiStore((s) => s.workspaces);
  const navigate = useUiStore((s) => s.navigate);
  const connections = useConnectionsStore((s) => s.items);

  useEffect(() => {
    void useToolsStore.getState().load();
    if (!useConnectionsStore.getState().loaded) void useConnectionsStore.getState().load();
  }, []);

  const connectionName = (id: string) => connections.find((c) => c.id === id)?.name ?? id;

  function tryInConsole() {
    if (!tool) return;
    const cs = useConsoleStore.getState();
    cs.setTargetKind('connection');
    void cs
      .setConnection(tool.connection_id)
      .then(() => useConsoleStore.getState().setTool(tool.definition.name));
    cs.setType('tool.invoke');
    useUiStore.getState().navigate({ name: 'console' });
  }

  return (
    <div className="screen" data-testid="screen-tools">
      <header className="screen__head">
        <div>
          <div className="crumbs">Business Tools › Tools</div>
          <h2>Tools</h2>
        </div>
        <div className="screen__tools">
          <label htmlFor="tools-ws">Workspace</label>
          <select
            id="tools-ws"
            data-testid="tools-workspace"
            value={workspaceId ?? ''}
            onChange={(e) => void useToolsStore.getState().setWorkspace(e.target.value || null)}
          >
            <option value="">All workspaces</option>
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
      </header>
      <ErrorNote error={error} testId="tools-error" prefix="Could not list tools" />
      <div className="split">
        <aside className="split__list" aria-label="Tools">
          {loaded && items.length === 0 && !error && (
            <EmptyState title="No business tools yet" testId="tools-empty">
              Tools appear here after Sync Tools on a connection bound to a workspace.{' '}
              <a
                href="#/business-tools"
                onClick={(e) => {
                  e.preventDefault();
                  navigate({ name: 'business-tools' });
                }}
              >
                Go to SDK Connections
              </a>
            </EmptyState>
          )}
          <ul className="list" data-testid="tool-list">
            {items.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className="list__item"
                  aria-current={t.id === selectedId ? 'true' : undefined}
                  data-testid="tool-item"
                  data-tool-name={t.definition.name}
                  onClick={() => useToolsStore.getState().select(t.id)}
                >
                  <span className="list__title">
                    <span className="mono">{t.definition.name}</span>
                    {t.definition.chat === false && <Badge tone="warn">off chat</Badge>}
                  </span>
                  <span className="list__sub">
                    {connectionName(t.connection_id)} ·{' '}
                    {workspaceName({ workspaces }, t.workspace_id) ?? t.workspace_id}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <div className="split__detail">
          {tool && (
            <div className="detail" data-testid="tool-detail">
              <header className="detail__head">
                <div>
                  <h3 className="mono">{tool.definition.name}</h3>
                  <p>{tool.definition.description}</p>
                </div>
                <button type="button" className="btn" data-testid="tool-try" onClick={tryInConsole}>
                  Try in Console
                </button>
              </header>
              <dl className="kv">
                <dt>Auth</dt>
                <dd data-testid="tool-auth">{tool.definition.auth}</dd>
                <dt>Chat</dt>
                <dd data-testid="tool-chat">
                  <Badge tone={tool.definition.chat === false ? 'warn' : 'ok'}>{chatLabel(tool)}</Badge>
                </dd>
                <dt>Connection</dt>
                <dd>{connectionName(tool.connection_id)}</dd>
                <dt>Business tool id</dt>
                <dd className="mono">{tool.id}</dd>
              </dl>
              <h4>Parameters</h4>
              <ParamTable schema={tool.definition.input_schema} />
              <h4>input_schema</h4>
              <CodeEditor
                modelId={`tool-schema-${tool.id}`}
                value={JSON.stringify(tool.definition.input_schema, null, 2)}
                readOnly
                height="220px"
                ariaLabel="Input schema (read-only)"
                testId="tool-schema"
              />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function ParamTable({ schema }: { schema: Record<string, unknown> }) {
  const params = schemaParameters(schema);
  if (params.length === 0) return <p className="muted">This tool takes no parameters.</p>;
  return (
    <table className="table" data-testid="tool-params">
      <thead>
        <tr>
          <th>Name</th>
          <th>Type</th>
          <th>Required</th>
          <th>Description</th>
        </tr>
      </thead>
      <tbody>
        {params.map((p) => (
          <tr key={p.name} data-testid="tool-param" data-param={p.name}>
            <td className="mono">{p.name}</td>
            <td className="mono">{p.type}</td>
            <td>{p.required ? 'required' : 'optional'}</td>
            <td>{p.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
