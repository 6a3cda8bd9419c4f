// Local connectors: the connectors the testbench runs (built-in Demo catalog included), each
// definition edited in Monaco against the definition schema, start/stop, and the live log.

import { useEffect, useState } from 'react';
import { useLocalStore } from '../../store/local/action.ts';
import { definitionSecret, selectedConnector, isBusy } from '../../store/local/selectors.ts';
import { useConnectionsStore } from '../../store/connections/action.ts';
import { useUiStore } from '../../store/ui/action.ts';
import type { LocalConnectorDto } from '../../../../shared/index.ts';
import { CodeEditor } from '../../components/CodeEditor/index.tsx';
import type { EditorProblem } from '../../components/CodeEditor/index.tsx';
import { Badge, ConfirmButton, CopyButton, EmptyState } from '../../components/common.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { RequestLog } from './RequestLog.tsx';
import { useShallow } from 'zustand/react/shallow';

export function LocalScreen() {
  const {
    items,
    loaded,
    listError,
    selectedId,
    draft,
    dirty,
    saving,
    saveError,
    problems,
    savedAt,
    schema,
    opError,
  } = useLocalStore(
    useShallow((s) => ({
      items: s.items,
      loaded: s.loaded,
      listError: s.listError,
      selectedId: s.selectedId,
      draft: s.draft,
      dirty: s.dirty,
      saving: s.saving,
      saveError: s.saveError,
      problems: s.problems,
      savedAt: s.savedAt,
      schema: s.schema,
      opError: s.opError,
    })),
  );
  const selected = useLocalStore(selectedConnector);
  const [editorProblems, setEditorProblems] = useState<EditorProblem[]>([]);
  const st = useLocalStore.getState;

  useEffect(() => {
    void st().load();
    void st().loadSchema();
  }, [st]);

  const editing = selectedId !== null || dirty;

  return (
    <div className="screen screen--wide" data-testid="screen-local">
      <header className="screen__head">
        <div>
          <h2>Local connectors</h2>
          <div className="muted small">Connectors the testbench runs on 127.0.0.1, defined in JSON.</div>
        </div>
        <div className="screen__tools">
          <button type="button" className="btn" data-testid="local-new" onClick={() => st().newDraft()}>
            New connector
          </button>
        </div>
      </header>
      <ErrorNote error={listError} testId="local-list-error" prefix="Could not list local connectors" />
      <div className="split">
        <aside className="split__list" aria-label="Local connectors">
          {loaded && items.length === 0 && !listError && (
            <EmptyState title="No local connectors" testId="local-empty">
              Create one with “New connector”.
            </EmptyState>
          )}
          <ul className="list" data-testid="local-list">
            {items.map((c) => (
              <li
                key={c.id}
                className="local-item"
                data-testid="local-item"
                data-local-name={c.name}
                data-running={String(c.running)}
              >
                <button
                  type="button"
                  className="list__item"
                  aria-current={c.id === selectedId ? 'true' : undefined}
                  onClick={() => st().select(c.id)}
                  data-testid="local-select"
                >
                  <span className="list__title">
                    {c.name}
                    <Badge tone={c.running ? 'ok' : 'muted'} testId="local-state">
                      {c.running ? 'running' : 'stopped'}
                    </Badge>
                  </span>
                  <span className="list__sub mono" data-testid="local-url">
                    {c.url ?? 'not listening'}
                  </span>
                </button>
                <StartStop id={c.id} running={c.running} />
              </li>
            ))}
          </ul>
        </aside>
        <div className="split__detail">
          {editing ? (
            <div className="detail" data-testid="local-detail">
              <header className="detail__head">
                <div>
                  <h3>{selected ? selected.name : 'New connector'}</h3>
                  {selected?.url && (
                    <div className="row">
                      <code data-testid="local-detail-url">{selected.url}</code>
                      <CopyButton text={selected.url} testId="local-copy-url" label="Copy URL" />
                    </div>
                  )}
                </div>
                <div className="detail__actions">
                  {selected?.running && selected.url && (
                    <button
                      type="button"
                      className="btn"
                      data-testid="local-register"
                      onClick={() => registerAsConnection(selected)}
                    >
                      Register as connection
                    </button>
                  )}
                  {selected && <StartStop id={selected.id} running={selected.running} />}
                  {selected && (
                    <ConfirmButton
                      label="Delete"
                      confirmLabel="Delete connector"
                      question={`Delete “${selected.name}”?`}
                      testId="local-delete"
                      onConfirm={() => void st().remove(selected.id)}
                    />
                  )}
                </div>
              </header>
              {opError && opError.id === selectedId && (
                <ErrorNote error={opError.error} testId="local-op-error" prefix={`Could not ${opError.op}`} />
              )}
              <CodeEditor
                modelId={`local-def-${selectedId ?? 'new'}`}
                value={draft}
                onChange={(v) => st().setDraft(v)}
                schema={schema}
                height="360px"
                onSubmit={() => void st().save()}
                onProblems={setEditorProblems}
                ariaLabel="Connector definition (JSON)"
                testId="local-editor"
              />
              <div className="form__actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  data-testid="local-save"
                  disabled={saving || !dirty}
                  onClick={() => void st().save()}
                >
                  {saving ? 'Saving…' : selected ? 'Save definition' : 'Create connector'}
                </button>
                <span className="muted small" data-testid="local-save-state">
                  {dirty ? 'Unsaved changes' : savedAt ? 'Saved' : ''}
                </span>
                {editorProblems.length > 0 && problems.length === 0 && (
                  <span className="muted small">{editorProblems.length} schema hint(s) in the editor</span>
                )}
              </div>
              {(saveError || problems.length > 0) && (
                <div
                  className="error-note"
                  role="alert"
                  data-testid="local-save-error"
                  data-error-code={saveError?.code ?? 'invalid_json'}
                >
                  <div>
                    {saveError ? (
                      <>
                        <code className="error-note__code">{saveError.code}</code>{' '}
                        {problems.length ? 'The definition was not saved:' : saveError.message}
                      </>
                    ) : (
                      'Not saved:'
                    )}
                  </div>
                  {problems.length > 0 && (
                    <ul className="error-note__list" data-testid="local-problems">
                      {problems.map((p, i) => (
                        <li key={i} data-testid="local-problem" data-path={p.path}>
                          <code>{p.path || '/'}</code> {p.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
              {selected && <RequestLog connectorId={selected.id} />}
            </div>
          ) : (
            loaded && items.length > 0 && <EmptyState title="Pick a connector" testId="local-none" />
          )}
        </div>
      </div>
    </div>
  );
}

/** The demo flow: a running local connector becomes an SDK connection with its URL and secret. */
function registerAsConnection(c: LocalConnectorDto) {
  useConnectionsStore.getState().setPrefill({
    name: c.name,
    webhook_url: c.url ?? '',
    signing_secret: definitionSecret(c) ?? undefined,
    enabled: true,
  });
  useUiStore.getState().navigate({ name: 'business-tools' });
}

function StartStop({ id, running }: { id: string; running: boolean }) {
  const starting = useLocalStore((s) => isBusy(s, 'start', id));
  const stopping = useLocalStore((s) => isBusy(s, 'stop', id));
  const st = useLocalStore.getState;
  return running ? (
    <button
      type="button"
      className="btn btn--small"
      data-testid="local-stop"
      disabled={stopping}
      onClick={() => void st().stop(id)}
    >
      {stopping ? 'Stopping…' : 'Stop'}
    </button>
  ) : (
    <button
      type="button"
      className="btn btn--small btn--primary"
      data-testid="local-start"
      disabled={starting}
      onClick={() => void st().start(id)}
    >
      {starting ? 'Starting…' : 'Start'}
    </button>
  );
}
