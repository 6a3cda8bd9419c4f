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
import { Segmented } from '../../components/Segmented.tsx';
import { ParamsProblems, RequestTypeSelect, ToolField } from '../request/RequestFields.tsx';
import { useShallow } from 'zustand/react/shallow';

const KINDS: LoadRequestKind[] = ['ping', 'capabilities.list', 'tools.list', 'tool.invoke'];
const MODES = [
  { value: 'duration', label: 'a duration' },
  { value: 'count', label: 'a number of requests' },
] as const;

export function LoadForm({ tools, disabled }: { tools: ToolDefinitionDto[]; disabled: boolean }) {
  const s = useLoadStore(
    useShallow((x) => ({
      chooseTool: x.chooseTool,
      connectionsText: x.connectionsText,
      durationText: x.durationText,
      edit: x.edit,
      fieldErrors: x.fieldErrors,
      mode: x.mode,
      paramsText: x.paramsText,
      rateText: x.rateText,
      requestKind: x.requestKind,
      requestsText: x.requestsText,
      thresholdsText: x.thresholdsText,
      tool: x.tool,
    })),
  );
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const tool = tools.find((t) => t.name === s.tool) ?? null;
  const thresholdIssues = thresholdProblems(s.thresholdsText);
  const fe = s.fieldErrors;

  return (
    <>
      <fieldset className="card" disabled={disabled}>
        <legend>Request</legend>
        <div className="form__grid">
          <RequestTypeSelect
            id="load-kind"
            value={s.requestKind}
            options={KINDS}
            onChange={(requestKind) => s.edit({ requestKind })}
          />
          {s.requestKind === 'tool.invoke' && (
            <ToolField
              id="load-tool"
              tools={tools}
              value={s.tool}
              onChange={(name) => s.chooseTool(name, tools)}
              placeholder="tool name"
              error={fe.tool}
            />
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
            <ParamsProblems
              problems={problems}
              fieldError={fe.parameters}
              max={3}
              testId="load-params-problems"
              note="Every request would be answered invalid_parameters."
            />
          </>
        )}
      </fieldset>

      <fieldset className="card" disabled={disabled}>
        <legend>Load</legend>
        <div className="form__grid">
          <label htmlFor="load-connections">Connections</label>
          <div>
            <ShortInput
              id="load-connections"
              numeric
              value={s.connectionsText}
              onChange={(connectionsText) => s.edit({ connectionsText })}
              unit={` keep-alive, at most ${LOAD_LIMITS.maxConnections}`}
            />
            <FieldError message={fe.connections} testId="load-connections-error" />
          </div>
          <span className="form__label">Stop after</span>
          <div>
            <Segmented
              name="load-mode"
              ariaLabel="Stop after"
              value={s.mode}
              options={MODES}
              onChange={(mode) => s.edit({ mode })}
            />
            {s.mode === 'duration' ? (
              <div className="row">
                <ShortInput
                  ariaLabel="Duration in seconds"
                  testId="load-duration"
                  numeric
                  value={s.durationText}
                  onChange={(durationText) => s.edit({ durationText })}
                  unit={`seconds, at most ${LOAD_LIMITS.maxDurationMs / 1000}`}
                />
              </div>
            ) : (
              <div className="row">
                <ShortInput
                  ariaLabel="Number of requests"
                  testId="load-requests"
                  numeric
                  value={s.requestsText}
                  onChange={(requestsText) => s.edit({ requestsText })}
                  unit={`requests (stops at ${LOAD_LIMITS.maxDurationMs / 1000} s anyway)`}
                />
              </div>
            )}
            <FieldError message={fe.duration ?? fe.requests} testId="load-length-error" />
          </div>
          <label htmlFor="load-rate">Rate</label>
          <div>
            <ShortInput
              id="load-rate"
              value={s.rateText}
              onChange={(rateText) => s.edit({ rateText })}
              placeholder="max"
              unit=" requests/s; empty sends as fast as answers come"
            />
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

/** A short input with its unit after it; `numeric` brings up a number keyboard (the rate takes "20/s"). */
function ShortInput(p: {
  id?: string;
  ariaLabel?: string;
  /** Defaults to the id. */
  testId?: string;
  value: string;
  onChange: (value: string) => void;
  numeric?: boolean;
  placeholder?: string;
  unit: string;
}) {
  return (
    <>
      <input
        id={p.id}
        aria-label={p.ariaLabel}
        data-testid={p.testId ?? p.id}
        className="mono input--short"
        inputMode={p.numeric ? 'numeric' : undefined}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        placeholder={p.placeholder}
      />
      <span className="muted small">{p.unit}</span>
    </>
  );
}
