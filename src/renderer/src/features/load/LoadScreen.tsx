// Load: signed load against a connector from the app, every request signed with a fresh
// timestamp. Progress while it runs, then latency charts, percentiles, errors and thresholds.

import { useEffect } from 'react';
import { LOAD_LIMITS, isLoopbackUrl } from '../../../../shared/index.ts';
import { useLoadStore } from '../../store/load/action.ts';
import { formatMs, loadFraction } from '../../store/load/selectors.ts';
import { ErrorNote, FieldError } from '../../components/ErrorNote.tsx';
import { EmptyState } from '../../components/common.tsx';
import { RunTargetPicker } from '../runs/RunTargetPicker.tsx';
import { ProgressBar } from '../runs/ProgressBar.tsx';
import { RunActions } from '../runs/RunActions.tsx';
import { useResolvedRunTarget } from '../runs/useResolvedRunTarget.ts';
import { preferredTool } from '../../lib/tool-choice.ts';
import { LoadForm } from './LoadForm.tsx';
import { LoadResult } from './LoadResult.tsx';
import '../runs/runs.css';
import { useShallow } from 'zustand/react/shallow';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function LoadScreen() {
  const s = useLoadStore(
    useShallow((x) => ({
      cancel: x.cancel,
      cancelling: x.cancelling,
      confirmHost: x.confirmHost,
      confirmedHost: x.confirmedHost,
      error: x.error,
      fieldErrors: x.fieldErrors,
      progress: x.progress,
      report: x.report,
      run: x.run,
      running: x.running,
    })),
  );
  const fraction = useLoadStore(loadFraction);
  const resolved = useResolvedRunTarget();
  const remote = resolved.url !== null && !isLoopbackUrl(resolved.url);
  const confirmed = remote && s.confirmedHost === resolved.url;

  // Open on a customer-facing tool whose empty parameters are valid when the current name is not one
  // of the target's tools: an admin-only default, or `{}` for a required field, opens on an error.
  useEffect(() => {
    const ls = useLoadStore.getState();
    if (resolved.tools.length > 0 && !resolved.tools.some((t) => t.name === ls.tool))
      ls.chooseTool(preferredTool(resolved.tools)?.name ?? '', resolved.tools);
  }, [resolved.tools]);

  const canRun =
    resolved.target !== null && resolved.problem === null && !s.running && (!remote || confirmed);
  const p = s.progress;

  return (
    <div className="screen screen--wide" data-testid="screen-load">
      <header className="screen__head">
        <div>
          <h2>Load</h2>
          <div className="muted small">
            Signed load: every request carries a fresh timestamp and signature. Capped at{' '}
            {LOAD_LIMITS.maxDurationMs / 1000} s and {LOAD_LIMITS.maxConnections} connections here; sent only
            to this machine unless you confirm another host.
          </div>
        </div>
      </header>
      <div className="runs">
        <form
          className="runs__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void s.run(resolved.target, confirmed);
          }}
        >
          <RunTargetPicker problem={resolved.problem} disabled={s.running} />
          {remote && (
            <div className="note note--warn" data-testid="load-remote-warning">
              <strong>{hostOf(resolved.url!)}</strong> is not this machine. Load is real traffic: send it only
              to a server you run and may load.
              <label className="check">
                <input
                  type="checkbox"
                  data-testid="load-confirm-remote"
                  checked={confirmed}
                  onChange={(e) => s.confirmHost(e.target.checked ? resolved.url : null)}
                />
                I mean to send load to {hostOf(resolved.url!)}
              </label>
            </div>
          )}
          <LoadForm tools={resolved.tools} disabled={s.running} />
          <FieldError message={s.fieldErrors.target} testId="load-target-error" />
          <RunActions
            testIdPrefix="load"
            running={s.running}
            cancelling={s.cancelling}
            canRun={canRun}
            runLabel="Start load"
            cancelLabel="Stop"
            cancellingLabel="Stopping…"
            onCancel={() => void s.cancel()}
          />
          <ErrorNote error={s.error} testId="load-error" prefix="The run failed" />
        </form>

        <section className="runs__result" aria-label="Load report" data-testid="load-result">
          {s.running && (
            <div className="card run-progress" data-testid="load-progress">
              <ProgressBar
                fraction={fraction}
                label={
                  p
                    ? `${(p.elapsedMs / 1000).toFixed(0)}${p.plannedMs ? ` / ${(p.plannedMs / 1000).toFixed(0)}` : ''} s${p.plannedRequests ? ` · ${p.requests} / ${p.plannedRequests} requests` : ''}`
                    : 'starting…'
                }
              />
              <dl className="stats" data-testid="load-live">
                <div>
                  <dt>requests</dt>
                  <dd data-testid="load-live-requests">{p?.requests ?? 0}</dd>
                </div>
                <div>
                  <dt>req/s</dt>
                  <dd>{p ? p.rps.toFixed(0) : '–'}</dd>
                </div>
                <div>
                  <dt>errors</dt>
                  <dd className={p && p.errors > 0 ? 'text-bad' : undefined}>{p?.errors ?? 0}</dd>
                </div>
                <div>
                  <dt>p99 (last s)</dt>
                  <dd>{p ? formatMs(p.point.p99) : '–'}</dd>
                </div>
              </dl>
            </div>
          )}
          {s.report ? (
            <LoadResult report={s.report} />
          ) : (
            !s.running && (
              <EmptyState title="No run yet" testId="load-empty">
                Pick a target, a request and how long: throughput, latency percentiles and errors by code
                appear here.
              </EmptyState>
            )
          )}
        </section>
      </div>
    </div>
  );
}
