// Business Tools > SDK Connections: the list with status badges beside the selected connection,
// the Add Connection form, the plan switch, and the one-time secret reveal.

import { useEffect, useState } from 'react';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { selectedConnection } from '../../store/connections/selectors.ts';
import { EmptyState, StatusBadge } from '../../components/common.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { CreateConnectionForm } from './CreateConnectionForm.tsx';
import { SecretReveal } from './SecretReveal.tsx';
import { ConnectionDetail } from './ConnectionDetail.tsx';
import { PlanSwitch } from './PlanSwitch.tsx';

export function ConnectionsScreen() {
  const items = useConnectionsStore((s) => s.items);
  const loaded = useConnectionsStore((s) => s.loaded);
  const listError = useConnectionsStore((s) => s.listError);
  const selectedId = useConnectionsStore((s) => s.selectedId);
  const selected = useConnectionsStore(selectedConnection);
  const revealed = useConnectionsStore((s) => s.revealed);
  const prefill = useConnectionsStore((s) => s.prefill);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    void useConnectionsStore.getState().load();
    void useUiStore.getState().reloadWorkspaces();
  }, []);

  useEffect(() => {
    if (selectedId) {
      void useConnectionsStore.getState().loadFlows(selectedId);
      void useConnectionsStore.getState().loadEvents(selectedId);
    }
  }, [selectedId]);

  const showForm = adding || prefill !== null || (loaded && items.length === 0 && !listError);

  return (
    <div className="screen" data-testid="screen-connections">
      <header className="screen__head">
        <div>
          <div className="crumbs">Business Tools › SDK Connections</div>
          <h2>SDK Connections</h2>
        </div>
        <div className="screen__tools">
          <PlanSwitch />
          {!showForm && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="add-connection"
              onClick={() => setAdding(true)}
            >
              Add Connection
            </button>
          )}
        </div>
      </header>

      {revealed && <SecretReveal />}
      {showForm && (
        <CreateConnectionForm
          key={prefill ? `prefill-${prefill.webhook_url}` : 'blank'}
          onDone={() => setAdding(false)}
          canCancel={items.length > 0 || prefill !== null}
        />
      )}
      <ErrorNote error={listError} testId="connections-list-error" prefix="Could not list connections" />

      {loaded && items.length === 0 && !listError && (
        <EmptyState title="No connections yet" testId="connections-empty">
          Register your connector's endpoint above. No connector running? Start the built-in “Demo catalog”
          under{' '}
          <a
            href="#/local"
            onClick={(e) => {
              e.preventDefault();
              useUiStore.getState().navigate({ name: 'local' });
            }}
          >
            Local connectors
          </a>{' '}
          and choose “Register as connection”.
        </EmptyState>
      )}
      <div className="split" hidden={items.length === 0}>
        <aside className="split__list" aria-label="Connections">
          <ul className="list" data-testid="connection-list">
            {items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="list__item"
                  aria-current={c.id === selectedId ? 'true' : undefined}
                  data-testid="connection-item"
                  data-connection-name={c.name}
                  onClick={() => useConnectionsStore.getState().select(c.id)}
                >
                  <span className="list__title">
                    {c.name}
                    <StatusBadge status={c.status} testId="connection-status" />
                  </span>
                  <span className="list__sub mono">{c.webhook_url || 'no webhook URL'}</span>
                  {!c.enabled && <span className="list__sub muted">disabled</span>}
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <div className="split__detail">
          {selected ? (
            <ConnectionDetail key={selected.id} connection={selected} />
          ) : (
            loaded && items.length > 0 && <EmptyState title="Pick a connection" testId="connection-none" />
          )}
        </div>
      </div>
    </div>
  );
}
