// One step of a scenario run: pass or fail, each expectation missed with what was expected and what
// came, the signature diagnosis of what was sent, and the way to its exchange in the Inspector.

import type { ScenarioStepResultDto } from '../../../../shared/index.ts';
import { Badge } from '../../components/common.tsx';
import { useUiStore } from '../../store/ui/action.ts';

const show = (v: unknown): string => (v === undefined ? '—' : JSON.stringify(v));

export function StepResultRow({ step }: { step: ScenarioStepResultDto }) {
  const d = step.diagnosis;
  return (
    <li
      className="card scenario-step"
      data-testid="scenario-step"
      data-passed={step.passed}
      data-step={step.step}
    >
      <div className="row">
        <Badge tone={step.passed ? 'ok' : 'bad'} testId="scenario-step-verdict">
          {step.passed ? 'pass' : 'fail'}
        </Badge>
        <strong>{step.scenario}</strong>
        {step.step !== step.scenario && <span className="muted"> / {step.step}</span>}
        <span className="muted small mono">
          {step.file}:{step.line}
        </span>
        <span className="muted small">
          {step.status ?? 'no answer'}
          {step.code ? ` ${step.code}` : ''} · {Math.round(step.durationMs)} ms
        </span>
        {step.exchangeId !== null && (
          <a
            href={`#/inspector/${step.exchangeId}`}
            data-testid="scenario-step-inspect"
            onClick={(e) => {
              e.preventDefault();
              useUiStore.getState().navigate({ name: 'inspector', param: String(step.exchangeId) });
            }}
          >
            Inspect
          </a>
        )}
      </div>
      {step.error && (
        <div className="text-bad small" data-testid="scenario-step-error">
          {step.error}
        </div>
      )}
      {step.mismatches.length > 0 && (
        <table className="table small" data-testid="scenario-step-mismatches">
          <thead>
            <tr>
              <th>Field</th>
              <th>Expected</th>
              <th>Actual</th>
            </tr>
          </thead>
          <tbody>
            {step.mismatches.map((m) => (
              <tr key={m.field} data-testid="scenario-mismatch" data-field={m.field}>
                <td className="mono">{m.field}</td>
                <td className="mono break" data-testid="scenario-mismatch-expected">
                  {show(m.expected)}
                </td>
                <td className="mono break" data-testid="scenario-mismatch-actual">
                  {show(m.actual)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {step.faults.length > 0 && <div className="muted small">faults: {step.faults.join(', ')}</div>}
      {d && (
        <div className="small" data-testid="scenario-step-diagnosis">
          signature: {d.verdict}
          {d.failedCheck ? ` (${d.failedCheck})` : ''}
          {d.cause ? ` · likely cause: ${d.cause.title}` : ''}
          {d.verdict === 'invalid' && <div className="muted">{d.summary}</div>}
        </div>
      )}
    </li>
  );
}
