// Conformance: grade a connector against the protocol from the app. Checks appear as they
// complete, the run can be cancelled, and the report exports as JSON or JUnit (as `ctb conformance`).

import { useEffect } from 'react';
import { useConformanceStore } from '../../store/conformance/action.ts';
import { progressFraction, skewHelp, verdict } from '../../store/conformance/selectors.ts';
import { ErrorNote, FieldError } from '../../components/ErrorNote.tsx';
import { EmptyState } from '../../components/common.tsx';
import { RunTargetPicker } from '../runs/RunTargetPicker.tsx';
import { ProgressBar } from '../runs/ProgressBar.tsx';
import { RunHistoryLink } from '../runs/RunHistoryLink.tsx';
import { RunActions } from '../runs/RunActions.tsx';
import { useResolvedRunTarget } from '../runs/useResolvedRunTarget.ts';
import { CheckRow } from './CheckRow.tsx';
import '../runs/runs.css';
import { useShallow } from 'zustand/react/shallow';

export function ConformanceScreen() {
  const s = useConformanceStore(
    useShallow((x) => ({
      cancel: x.cancel,
      cancelling: x.cancelling,
      checks: x.checks,
      error: x.error,
      exportError: x.exportError,
      exportReport: x.exportReport,
      fieldError: x.fieldError,
      report: x.report,
      run: x.run,
      running: x.running,
      setSkew: x.setSkew,
      skewText: x.skewText,
      total: x.total,
    })),
  );
  const fraction = useConformanceStore(progressFraction);
  const resolved = useResolvedRunTarget();

  // A local connector's own replay window is the natural default, until the user types one.
  useEffect(() => {
    const cs = useConformanceStore.getState();
    const own = resolved.skewSeconds === null ? null : String(resolved.skewSeconds);
    if (!cs.skewTouched && own !== null && cs.skewText !== own) cs.setSkew(own, false);
  }, [resolved.skewSeconds]);

  const canRun = resolved.target !== null && resolved.problem === null && !s.running;
  const report = s.report;
  const v = report ? verdict(report) : null;

  return (
    <div className="screen screen--wide" data-testid="screen-conformance">
      <header className="screen__head">
        <div>
          <h2>Conformance</h2>
          <div className="muted small">
            Grade a connector against the protocol: signatures, replay window, answers, errors. Must-level
            failures make it not conformant; should and info failures are warnings.
          </div>
        </div>
      </header>
      <div className="runs">
        <form
          className="runs__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (resolved.target) void s.run(resolved.target);
          }}
        >
          <RunTargetPicker problem={resolved.problem} disabled={s.running} />
          <fieldset className="card" disabled={s.running}>
            <legend>Run</legend>
            <div className="form__grid">
              <label htmlFor="conformance-skew">Skew window (s)</label>
              <div>
                <input
                  id="conformance-skew"
                  data-testid="conformance-skew"
                  className="mono input--short"
                  inputMode="numeric"
                  value={s.skewText}
                  onChange={(e) => s.setSkew(e.target.value)}
                />
                <div className="hint" data-testid="conformance-skew-help">
                  {skewHelp(s.skewText)}
                </div>
                <FieldError message={s.fieldError ?? undefined} testId="conformance-skew-error" />
              </div>
            </div>
          </fieldset>
          <RunActions
            testIdPrefix="conformance"
            running={s.running}
            cancelling={s.cancelling}
            canRun={canRun}
            runLabel="Run conformance"
            cancelLabel="Cancel"
            cancellingLabel="Cancelling…"
            onCancel={() => void s.cancel()}
          />
          <ErrorNote error={s.error} testId="conformance-error" prefix="The run failed" />
        </form>

        <section className="runs__result" aria-label="Conformance report" data-testid="conformance-result">
          {s.running || report ? (
            <>
              {s.running && (
                <div className="card run-progress" data-testid="conformance-progress">
                  <ProgressBar fraction={fraction} label={`${s.checks.length} of ${s.total || '…'} checks`} />
                </div>
              )}
              {report && v && (
                <div
                  className={`card verdict verdict--${v.tone}`}
                  data-testid="conformance-summary"
                  data-conformant={report.summary.conformant}
                  data-aborted={report.aborted}
                >
                  <div className="verdict__line" data-testid="conformance-verdict">
                    {v.text}
                  </div>
                  <div className="verdict__counts small">
                    <span>{report.summary.passed} passed</span>
                    <span className={report.summary.failedByLevel.must > 0 ? 'text-bad' : undefined}>
                      {report.summary.failedByLevel.must} must failed
                    </span>
                    <span className={report.summary.failedByLevel.should > 0 ? 'text-warn' : undefined}>
                      {report.summary.failedByLevel.should} should failed
                    </span>
                    <span>{report.summary.failedByLevel.info} info failed</span>
                    <span className="muted">{report.summary.skipped} skipped</span>
                    <span className="muted">
                      {report.summary.total} checks in {(report.durationMs / 1000).toFixed(1)} s
                    </span>
                  </div>
                  <div className="muted small mono break">
                    {report.url} · secret {report.secretFingerprint} · ±{report.skewSeconds} s
                  </div>
                  {report.history && <RunHistoryLink history={report.history} testId="conformance-history" />}
                  <div className="row verdict__actions">
                    <button
                      type="button"
                      className="btn btn--small"
                      data-testid="conformance-export-json"
                      onClick={() => void s.exportReport('json')}
                    >
                      Export JSON
                    </button>
                    <button
                      type="button"
                      className="btn btn--small"
                      data-testid="conformance-export-junit"
                      onClick={() => void s.exportReport('junit')}
                    >
                      Export JUnit
                    </button>
                  </div>
                  <ErrorNote error={s.exportError} testId="conformance-export-error" prefix="Not exported" />
                </div>
              )}
              <ol className="check-list" data-testid="check-list">
                {s.checks.map((c) => (
                  <CheckRow key={c.id} check={c} />
                ))}
              </ol>
            </>
          ) : (
            <EmptyState title="No run yet" testId="conformance-empty">
              Pick a target and run: each check appears here as it completes, with what was sent, what was
              expected and what came back.
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}
