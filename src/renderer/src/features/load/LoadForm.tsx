// The Load form: request (ping or a tool with parameters checked against its input_schema), how
// hard (connections, optional rate), how long (duration or count) and thresholds, all validated inline.

import { useState } from 'react';
import { LOAD_LIMITS } from '../../../../shared/index.ts';
import type { ToolDefinitionDto } from '../../../../shared/index.ts';
import { useLoadStore } from '../../store/load/action.ts';
import type { LoadRequestKind } from '../../store/load/initialState.ts';
import { thresholdProblems } from '../../store/load/selectors.ts';
import { CodeEditor } from '../../components/CodeEditor/index.tsx';
import type { EditorProblem } from '../../components/CodeEditor/index.tsx';
import { FieldError } from '../../components/ErrorNote.tsx';

const KINDS: LoadRequestKind[] = ['ping', 'capabilities.list', 'tools.list', 'tool.invoke'];

export function LoadForm({ tools, disabled }: { tools: ToolDefinitionDto[]; disabled: boolean }) {
  const s = useLoadStore();
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const tool = tools.find((t) => t.name === s.tool) ?? null;
  const thresholdIssues = thresholdProblems(s.thresholdsText);
  const fe = s.fieldErrors;

  return (
    <>
      <fieldset className="card" disabled={disabled}>
        <legend>Request</legend>
        <div className="form__grid">
          <label htmlFor="load-kind">Type</label>
          <select
            id="load-kind"
            data-testid="load-kind"
            value={s.requestKind}
            onChange={(e) => s.edit({ requestKind: e.target.value as LoadRequestKind })}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
          {s.requestKind === 'tool.invoke' && (
            <>
              <label htmlFor="load-tool">Tool</label>
              <div>
                {tools.length > 0 ? (
                  <select
                    id="load-tool"
                    data-testid="load-tool"
                    value={s.tool}
                    onChange={(e) => s.edit({ tool: e.target.value })}
                  >
                    {!tool && <option value={s.tool}>{s.tool || 'Pick a tool'}</option>}
                    {tools.map((t) => (
                      <option key={t.name} value={t.name}>
                        {t.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id="load-tool"
                    data-testid="load-tool-input"
                    className="mono"
                    value={s.tool}
                    onChange={(e) => s.edit({ tool: e.target.value })}
                    placeholder="tool name"
                  />
                )}
                <FieldError message={fe.tool} testId="load-tool-error" />
              </div>
            </>
          )}
        </div>
        {s.requestKind === 'tool.invoke' && (
          <>
            <div className="field-label">
              Parameters {tool && <span className="muted">(checked against {tool.name}'s input_schema)</span>}
            </div>
            <CodeEditor
              modelId="load-params"
              value={s.paramsText}
              onChange={(paramsText) => s.edit({ paramsText })}
              schema={tool?.input_schema ?? null}
              height="120px"
              onProblems={setProblems}
              ariaLabel="Parameters (JSON)"
              testId="load-params"
            />
            <FieldError message={fe.parameters} testId="load-params-error" />
            {!fe.parameters && problems.length > 0 && (
              <ul className="warnings" data-testid="load-params-problems">
                {problems.slice(0, 3).map((p, i) => (
                  <li key={i}>
                    line {p.line}: {p.message}
                  </li>
                ))}
                <li className="muted">Every request would be answered invalid_parameters.</li>
              </ul>
            )}
          </>
        )}
      </fieldset>

      <fieldset className="card" disabled={disabled}>
        <legend>Load</legend>
        <div className="form__grid">
          <label htmlFor="load-connections">Connections</label>
          <div>
            <input
              id="load-connections"
              data-testid="load-connections"
              className="mono input--short"
              inputMode="numeric"
              value={s.connectionsText}
              onChange={(e) => s.edit({ connectionsText: e.target.value })}
            />
            <span className="muted small"> keep-alive, at most {LOAD_LIMITS.maxConnections}</span>
            <FieldError message={fe.connections} testId="load-connections-error" />
          </div>
          <span className="form__label">Stop after</span>
          <div>
            <div className="segmented" role="radiogroup" aria-label="Stop after">
              {(['duration', 'count'] as const).map((m) => (
                <label
                  key={m}
                  className={s.mode === m ? 'segmented__opt segmented__opt--on' : 'segmented__opt'}
                >
                  <input
                    type="radio"
                    name="load-mode"
                    value={m}
                    checked={s.mode === m}
                    data-testid={`load-mode-${m}`}
                    onChange={() => s.edit({ mode: m })}
                  />
                  {m === 'duration' ? 'a duration' : 'a number of requests'}
                </label>
              ))}
            </div>
            {s.mode === 'duration' ? (
              <div className="row">
                <input
                  aria-label="Duration in seconds"
                  data-testid="load-duration"
                  className="mono input--short"
                  inputMode="numeric"
                  value={s.durationText}
                  onChange={(e) => s.edit({ durationText: e.target.value })}
                />
                <span className="muted small">seconds, at most {LOAD_LIMITS.maxDurationMs / 1000}</span>
              </div>
            ) : (
              <div className="row">
                <input
                  aria-label="Number of requests"
                  data-testid="load-requests"
                  className="mono input--short"
                  inputMode="numeric"
                  value={s.requestsText}
                  onChange={(e) => s.edit({ requestsText: e.target.value })}
                />
                <span className="muted small">
                  requests (stops at {LOAD_LIMITS.maxDurationMs / 1000} s anyway)
                </span>
              </div>
            )}
            <FieldError message={fe.duration ?? fe.requests} testId="load-length-error" />
          </div>
          <label htmlFor="load-rate">Rate</label>
          <div>
            <input
              id="load-rate"
              data-testid="load-rate"
              className="mono input--short"
              value={s.rateText}
              onChange={(e) => s.edit({ rateText: e.target.value })}
              placeholder="max"
            />
            <span className="muted small"> requests/s; empty sends as fast as answers come</span>
            <FieldError message={fe.rate} testId="load-rate-error" />
          </div>
          <label htmlFor="load-thresholds">Thresholds</label>
          <div>
            <input
              id="load-thresholds"
              data-testid="load-thresholds-input"
              className="mono"
              value={s.thresholdsText}
              onChange={(e) => s.edit({ thresholdsText: e.target.value })}
              placeholder="p99<200, errors<1%"
              aria-invalid={thresholdIssues.length > 0}
            />
            {thresholdIssues.length > 0 ? (
              <ul className="field-error" role="alert" data-testid="load-thresholds-error">
                {thresholdIssues.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : (
              <div className="hint">
                Comma-separated, as ctb load --threshold: p50..p99.9, max, mean (ms or s), errors (count or
                %), rps.
              </div>
            )}
          </div>
        </div>
      </fieldset>
    </>
  );
}
