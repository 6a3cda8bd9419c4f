// Scenarios: a collection folder of QA's signed cases, edited in the code editor (schema completion
// for JSON, the engine's parser for both), saved, and run one or all against the chosen run target.

import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ScenarioProblemDto } from '../../../../shared/index.ts';
import { call } from '../../api/client.ts';
import { CodeEditor } from '../../components/CodeEditor/index.tsx';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { EmptyState } from '../../components/common.tsx';
import { useScenariosStore } from '../../store/scenarios/action.ts';
import { RunTargetPicker } from '../runs/RunTargetPicker.tsx';
import { useResolvedRunTarget } from '../runs/useResolvedRunTarget.ts';
import { StepResultRow } from './StepResultRow.tsx';
import '../runs/runs.css';
import './scenarios.css';

export function ScenariosScreen() {
  const s = useScenariosStore(
    useShallow((x) => ({
      folderInput: x.folderInput,
      folder: x.folder,
      files: x.files,
      listError: x.listError,
      selected: x.selected,
      draft: x.draft,
      saved: x.saved,
      problem: x.problem,
      saveError: x.saveError,
      changedOnDisk: x.changedOnDisk,
      running: x.running,
      steps: x.steps,
      report: x.report,
      runError: x.runError,
    })),
  );
  const actions = useScenariosStore.getState();
  const resolved = useResolvedRunTarget();
  const [schema, setSchema] = useState<Record<string, unknown> | null>(null);
  // The parser's answer for one draft text; shown only while that text is still the draft.
  const [live, setLive] = useState<{ text: string; problem: ScenarioProblemDto | null } | null>(null);

  useEffect(() => {
    const off = useScenariosStore.getState().listen();
    void useScenariosStore.getState().init();
    void call('scenarios:get-schema', undefined).then((r) => r.ok && setSchema(r.data));
    return off;
  }, []);

  // The engine's parser on the draft, a moment after typing stops: file:line while editing YAML too.
  useEffect(() => {
    if (!s.selected || s.draft === s.saved) return;
    const file = s.selected;
    const text = s.draft;
    const timer = setTimeout(() => {
      void call('scenarios:check', { file, text }).then(
        (r) => r.ok && setLive({ text, problem: r.data.problem }),
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [s.selected, s.draft, s.saved]);

  const dirty = s.draft !== s.saved;
  const problem = dirty ? (live?.text === s.draft ? live.problem : null) : s.problem;
  const isJson = s.selected?.endsWith('.json') ?? false;
  const canRun = resolved.target !== null && resolved.problem === null && !s.running && s.folder !== null;
  const report = s.report;

  return (
    <div className="screen screen--wide" data-testid="screen-scenarios">
      <header className="screen__head">
        <div>
          <h2>Scenarios</h2>
          <div className="muted small">
            Signed cases as YAML or JSON files, the same ones <span className="mono">ctb run</span> runs in
            CI. Every exchange of a run stays in History under the run's label.
          </div>
        </div>
      </header>
      <form
        className="row card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void actions.open();
        }}
      >
        <label htmlFor="scenarios-folder">Collection folder</label>
        <input
          id="scenarios-folder"
          data-testid="scenarios-folder"
          className="mono scenarios__folder"
          value={s.folderInput}
          placeholder="/path/to/scenarios"
          onChange={(e) => actions.setFolderInput(e.target.value)}
        />
        <button type="submit" className="btn" data-testid="scenarios-open">
          Open
        </button>
      </form>
      <ErrorNote error={s.listError} testId="scenarios-list-error" prefix="The folder could not be opened" />
      <div className="runs">
        <div className="runs__form">
          <section className="card" aria-label="Files">
            <ul className="scenario-files" data-testid="scenarios-files">
              {s.files.map((f) => (
                <li key={f.name}>
                  <button
                    type="button"
                    className="scenario-files__item"
                    aria-current={f.name === s.selected ? 'true' : undefined}
                    data-testid="scenarios-file"
                    data-name={f.name}
                    onClick={() => void actions.select(f.name)}
                  >
                    {f.name}
                  </button>
                </li>
              ))}
            </ul>
            {s.folder && s.files.length === 0 && (
              <EmptyState title="No scenario files in this folder" testId="scenarios-empty" />
            )}
          </section>
          <RunTargetPicker problem={resolved.problem} disabled={s.running} />
          <div className="row">
            <button
              type="button"
              className="btn btn--primary"
              data-testid="scenarios-run-all"
              disabled={!canRun}
              onClick={() => resolved.target && void actions.run(resolved.target, 'all')}
            >
              Run all
            </button>
            <button
              type="button"
              className="btn"
              data-testid="scenarios-run-one"
              disabled={!canRun || !s.selected}
              onClick={() => resolved.target && void actions.run(resolved.target, 'one')}
            >
              Run this file
            </button>
          </div>
          <ErrorNote error={s.runError} testId="scenarios-run-error" prefix="The run failed" />
        </div>
        <section className="runs__result">
          {s.selected ? (
            <div className="card">
              <div className="row">
                <strong className="mono" data-testid="scenarios-editing">
                  {s.selected}
                </strong>
                {dirty && <span className="muted small">unsaved</span>}
                <button
                  type="button"
                  className="btn btn--small"
                  data-testid="scenarios-save"
                  disabled={!dirty}
                  onClick={() => void actions.save()}
                >
                  Save
                </button>
              </div>
              {s.changedOnDisk && (
                <div className="hint text-warn" data-testid="scenarios-changed-on-disk">
                  This file changed on disk; saving will overwrite that change.
                </div>
              )}
              <CodeEditor
                modelId={`scenario-${s.folder}-${s.selected}`}
                language={isJson ? 'json' : 'yaml'}
                schema={schema}
                value={s.draft}
                onChange={actions.setDraft}
                onSubmit={() => void actions.save()}
                height="360px"
                ariaLabel={`Scenario file ${s.selected}`}
                testId="scenarios-editor"
              />
              {problem && (
                <div className="text-bad small mono" data-testid="scenarios-problem">
                  {s.selected}
                  {problem.line === null ? '' : `:${problem.line}`}: {problem.message}
                </div>
              )}
              <ErrorNote error={s.saveError} testId="scenarios-save-error" prefix="Not saved" />
            </div>
          ) : (
            <EmptyState title="Open a collection folder and pick a file" testId="scenarios-none" />
          )}
          {(s.running || report) && (
            <div className="card" data-testid="scenarios-summary" data-failed={report?.failed}>
              {report ? (
                <>
                  <strong data-testid="scenarios-counts">
                    {report.passed} passed, {report.failed} failed
                    {report.skipped ? `, ${report.skipped} skipped` : ''}
                  </strong>{' '}
                  <span className="muted small mono">History label {report.label}</span>
                </>
              ) : (
                <span>Running… {s.steps.length} steps done</span>
              )}
            </div>
          )}
          <ol className="scenario-steps" data-testid="scenarios-steps">
            {s.steps.map((step, i) => (
              <StepResultRow key={`${step.file}-${step.line}-${i}`} step={step} />
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
