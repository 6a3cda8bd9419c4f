// The long runs: conformance grading and signed load, one of each kind at a time, cancelled by run
// id, stopped when the engine closes; finished conformance reports kept for export.

import { randomUUID } from 'node:crypto';
import { toJson, toJunit } from '../../conformance/reporters/index.ts';
import type { CheckResult, ConformanceReport } from '../../conformance/index.ts';
import type { LoadProgress, LoadReport, LoadRequestSpec } from '../../load/index.ts';
import { RUN_ID_PATTERN, isLoopbackUrl } from '../../shared/index.ts';
import { EngineError, validationError } from '../errors.ts';
import type { History } from '../../store/history.ts';
import { runLabel } from '../../store/run-sample.ts';
import { conformanceRunRecorder, loadRunRecorder } from './run-history.ts';
import type { RunHistory } from './run-history.ts';

export type RunKind = 'conformance' | 'load';

/** Where a run goes: resolved from a connection, a local connector or a typed URL by the caller. */
export interface RunTarget {
  url: string;
  secret: string;
  toleranceSeconds: number;
}

export interface ConformanceRequest {
  runId?: string;
  target: RunTarget;
  skewSeconds?: number;
  timeoutMs?: number;
  onProgress?: (runId: string, check: CheckResult, index: number, total: number) => void;
}

export interface LoadRequest {
  runId?: string;
  target: RunTarget;
  request: LoadRequestSpec;
  connections: number;
  durationMs: number;
  requests?: number;
  rate?: number;
  thresholds: string[];
  allowNonLoopback: boolean;
  onProgress?: (runId: string, progress: LoadProgress) => void;
}

/** Finished conformance reports kept for export, newest last; a handful is plenty for one user. */
const KEPT_REPORTS = 10;

interface Active {
  runId: string;
  controller: AbortController;
}

export interface RunsOptions {
  /** Where runs keep their labelled sample of exchanges; none (tests, no data folder) keeps none. */
  history?: History | null;
}

export class Runs {
  private readonly history: History | null;

  constructor(options: RunsOptions = {}) {
    this.history = options.history ?? null;
  }

  // One run of each kind at a time: two load runs would measure each other, and two gradings of
  // one connector would interleave their hand-made requests.
  private readonly active = new Map<RunKind, Active>();
  private readonly reports: Array<{ runId: string; report: ConformanceReport }> = [];
  private closing = false;

  async conformance(
    r: ConformanceRequest,
  ): Promise<{ runId: string; report: ConformanceReport; history: RunHistory }> {
    const run = this.begin('conformance', r.runId);
    const recorder = conformanceRunRecorder(this.history, runLabel('conformance', run.runId));
    try {
      // Loaded on first use: its schemas compile at load, which `ctb serve` paid before its URL.
      const { DEFAULT_CHECK_TIMEOUT_MS, runConformance } = await import('../../conformance/index.ts');
      const report = await runConformance({
        url: r.target.url,
        secret: r.target.secret,
        skewSeconds: r.skewSeconds ?? r.target.toleranceSeconds,
        timeoutMs: r.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS,
        signal: run.controller.signal,
        onProgress: (check, index, total) => r.onProgress?.(run.runId, check, index, total),
        onCheckExchanges: recorder.record,
      });
      this.reports.push({ runId: run.runId, report });
      if (this.reports.length > KEPT_REPORTS) this.reports.shift();
      return { runId: run.runId, report, history: recorder.state };
    } finally {
      this.end('conformance', run);
    }
  }

  async load(
    r: LoadRequest,
  ): Promise<{ runId: string; report: LoadReport; aborted: boolean; history: RunHistory }> {
    guardLoopback(r.target.url, r.allowNonLoopback);
    const run = this.begin('load', r.runId);
    const label = runLabel('load', run.runId);
    const recorder = loadRunRecorder(this.history, label, r.target.url, r.request);
    try {
      // Loaded on first use, like conformance: the load engine brings the HDR histogram with it.
      const { runLoad } = await import('../../load/index.ts');
      const report = await runLoad(
        {
          url: r.target.url,
          secret: r.target.secret,
          request: r.request,
          connections: r.connections,
          durationMs: r.durationMs,
          requests: r.requests,
          rate: r.rate,
          thresholds: r.thresholds,
          signal: run.controller.signal,
          // The label also reaches the connector: a local connector keeps the same kind of sample.
          traceId: label,
        },
        { onProgress: (p) => r.onProgress?.(run.runId, p), onExchange: recorder.record },
      );
      return {
        runId: run.runId,
        report,
        aborted: run.controller.signal.aborted,
        history: recorder.state,
      };
    } finally {
      this.end('load', run);
    }
  }

  /** False when that run is not (or no longer) in progress: its report is already on its way. */
  cancel(kind: RunKind, runId: string): boolean {
    const current = this.active.get(kind);
    if (!current || current.runId !== runId) return false;
    current.controller.abort();
    return true;
  }

  exportConformance(
    runId: string,
    format: 'json' | 'junit',
  ): { filename: string; mime: string; text: string } {
    const kept = this.reports.find((r) => r.runId === runId);
    if (!kept)
      throw new EngineError(
        'not_found',
        `no finished conformance run ${runId} is kept (the last ${KEPT_REPORTS} are); run it again`,
      );
    const stamp = kept.report.startedAt.replace(/[:.]/g, '-');
    return format === 'json'
      ? { filename: `conformance-${stamp}.json`, mime: 'application/json', text: toJson(kept.report) }
      : { filename: `conformance-${stamp}.xml`, mime: 'application/xml', text: toJunit(kept.report) };
  }

  /** Stops every run in progress and refuses new ones (the engine is closing). */
  shutdown(): void {
    this.closing = true;
    for (const run of this.active.values()) run.controller.abort();
  }

  /** Throws when the engine is closing: callers check before resolving a target on a closing store. */
  assertOpen(): void {
    if (this.closing) throw new EngineError('shutting_down', 'the testbench is closing; no new run starts');
  }

  private begin(kind: RunKind, requestedId: string | undefined): Active {
    this.assertOpen();
    const runId = requestedId ?? randomUUID();
    if (!RUN_ID_PATTERN.test(runId))
      throw validationError('runId may hold letters, digits, _ and - only', 'runId');
    const current = this.active.get(kind);
    if (current)
      throw new EngineError(
        'busy',
        `a ${kind} run is already in progress (run ${current.runId}); cancel it or wait for its report`,
        { runId: current.runId },
      );
    const run: Active = { runId, controller: new AbortController() };
    this.active.set(kind, run);
    return run;
  }

  private end(kind: RunKind, run: Active): void {
    if (this.active.get(kind) === run) this.active.delete(kind);
  }
}

function guardLoopback(url: string, allowed: boolean): void {
  // One definition (src/shared) for the UI's warning and this refusal.
  if (allowed || isLoopbackUrl(url)) return;
  const host = new URL(url).host;
  throw new EngineError(
    'not_loopback',
    `load goes only to this machine unless you confirm: ${host} is not a loopback address. Confirm the target to send load there.`,
    { host },
  );
}
