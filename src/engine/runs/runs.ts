// The long runs of the contract: conformance grading and signed load. Each call answers the final
// report; progress is pushed as events carrying the run id, and a run is cancelled by that id.

import { randomUUID } from 'node:crypto';
import { DEFAULT_CHECK_TIMEOUT_MS, runConformance, toJson, toJunit } from '../conformance/index.ts';
import type { ConformanceReport } from '../conformance/index.ts';
import { runLoad } from '../load/index.ts';
import type { LoadReport } from '../load/index.ts';
import type { ConformanceReportDto, Handlers, LoadReportDto } from '../shared/index.ts';
import { RUN_ID_PATTERN, isLoopbackUrl } from '../shared/index.ts';
import { resolveTarget } from './console-send.ts';
import { BridgeError, validationError } from './errors.ts';
import type { HandlerContext } from './handler-context.ts';
import { objectInput, oneOf, onlyKeys, optionalInteger, requiredString } from './validate.ts';
import type { Obj } from './validate.ts';
import { parseLoadInput } from './run-input.ts';

type RunHandlers = Pick<
  Handlers,
  'conformance:run' | 'conformance:cancel' | 'conformance:export' | 'load:run' | 'load:cancel'
>;
type Kind = 'conformance' | 'load';

/** Finished conformance reports kept for export, newest last; a handful is plenty for one user. */
const KEPT_REPORTS = 10;

interface Active {
  runId: string;
  controller: AbortController;
  /** Stops listening to the backend's shutdown once the run is over. */
  detach: () => void;
}

export function runHandlers(ctx: HandlerContext): RunHandlers {
  // One run of each kind at a time: two load runs would measure each other, and two gradings of
  // one connector would interleave their hand-made requests.
  const active = new Map<Kind, Active>();
  const reports: Array<{ runId: string; report: ConformanceReport }> = [];

  function refuseWhenClosing(): void {
    if (ctx.shutdown?.aborted)
      throw new BridgeError('shutting_down', 'the testbench is closing; no new run starts');
  }

  function begin(kind: Kind, raw: Obj): Active {
    const runId = raw.runId === undefined ? randomUUID() : requiredString(raw, 'runId', 64);
    if (!RUN_ID_PATTERN.test(runId))
      throw validationError('runId may hold letters, digits, _ and - only', 'runId');
    const current = active.get(kind);
    if (current)
      throw new BridgeError(
        'busy',
        `a ${kind} run is already in progress (run ${current.runId}); cancel it or wait for its report`,
        { runId: current.runId },
      );
    const controller = new AbortController();
    const onShutdown = () => controller.abort();
    ctx.shutdown?.addEventListener('abort', onShutdown, { once: true });
    const run: Active = {
      runId,
      controller,
      detach: () => ctx.shutdown?.removeEventListener('abort', onShutdown),
    };
    active.set(kind, run);
    return run;
  }

  function end(kind: Kind, run: Active): void {
    run.detach();
    if (active.get(kind) === run) active.delete(kind);
  }

  function cancel(kind: Kind, raw: unknown): { cancelled: boolean } {
    const runId = requiredString(objectInput(raw), 'runId', 64);
    const current = active.get(kind);
    // A cancel that arrives after the run ended is not an error: the report is already on its way.
    if (!current || current.runId !== runId) return { cancelled: false };
    current.controller.abort();
    return { cancelled: true };
  }

  return {
    'conformance:run': async (raw) => {
      refuseWhenClosing();
      const input = objectInput(raw);
      onlyKeys(input, ['runId', 'target', 'skewSeconds', 'timeoutMs'], 'conformance:run');
      const target = resolveTarget(ctx, targetOf(input));
      const skewSeconds = optionalInteger(input, 'skewSeconds', 0, 86_400) ?? target.toleranceSeconds;
      const timeoutMs = optionalInteger(input, 'timeoutMs', 100, 60_000) ?? DEFAULT_CHECK_TIMEOUT_MS;
      const run = begin('conformance', input);
      try {
        const report = await runConformance({
          url: target.url,
          secret: target.secret,
          skewSeconds,
          timeoutMs,
          signal: run.controller.signal,
          onProgress: (check, index, total) =>
            ctx.hub?.emit('conformance:progress', { runId: run.runId, check: { ...check }, index, total }),
        });
        reports.push({ runId: run.runId, report });
        if (reports.length > KEPT_REPORTS) reports.shift();
        return conformanceDto(run.runId, report);
      } finally {
        end('conformance', run);
      }
    },

    'conformance:cancel': (raw) => cancel('conformance', raw),

    'conformance:export': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['runId', 'format'], 'conformance:export');
      const runId = requiredString(input, 'runId', 64);
      const format = oneOf(input, 'format', ['json', 'junit'] as const)!;
      const kept = reports.find((r) => r.runId === runId);
      if (!kept)
        throw new BridgeError(
          'not_found',
          `no finished conformance run ${runId} is kept (the last ${KEPT_REPORTS} are); run it again`,
        );
      const stamp = kept.report.startedAt.replace(/[:.]/g, '-');
      return format === 'json'
        ? { filename: `conformance-${stamp}.json`, mime: 'application/json', text: toJson(kept.report) }
        : { filename: `conformance-${stamp}.xml`, mime: 'application/xml', text: toJunit(kept.report) };
    },

    'load:run': async (raw) => {
      refuseWhenClosing();
      const input = objectInput(raw);
      const parsed = parseLoadInput(input);
      const target = resolveTarget(ctx, targetOf(input));
      guardLoopback(target.url, parsed.allowNonLoopback);
      const run = begin('load', input);
      try {
        const report = await runLoad(
          {
            url: target.url,
            secret: target.secret,
            request: parsed.request,
            connections: parsed.connections,
            durationMs: parsed.durationMs,
            requests: parsed.requests,
            rate: parsed.rate,
            thresholds: parsed.thresholds,
            signal: run.controller.signal,
          },
          {
            onProgress: (p) =>
              ctx.hub?.emit('load:progress', {
                runId: run.runId,
                ...p,
                point: { ...p.point },
                // A run by count also carries the duration cap; the count is the plan the UI shows.
                plannedMs: parsed.requests === undefined ? p.plannedMs : null,
                plannedRequests: parsed.requests ?? null,
              }),
          },
        );
        return loadDto(run.runId, report, run.controller.signal.aborted);
      } finally {
        end('load', run);
      }
    },

    'load:cancel': (raw) => cancel('load', raw),
  };
}

function targetOf(input: Obj): Obj {
  const target = objectInput(input.target, 'target');
  oneOf(target, 'kind', ['connection', 'local', 'url'] as const);
  return target;
}

function guardLoopback(url: string, allowed: boolean): void {
  // One definition (src/shared) for the UI's warning and this refusal.
  if (allowed || isLoopbackUrl(url)) return;
  const host = new URL(url).host;
  throw new BridgeError(
    'not_loopback',
    `load goes only to this machine unless you confirm: ${host} is not a loopback address. Confirm the target to send load there.`,
    { host },
  );
}

function conformanceDto(runId: string, report: ConformanceReport): ConformanceReportDto {
  // Every check got no HTTP answer at all: say so plainly rather than grade silence.
  const unreachable =
    report.checks.length > 0 && report.checks.every((c) => c.received?.status == null)
      ? (report.checks.find((c) => c.received?.error)?.received?.error?.message ?? 'no answer')
      : null;
  const dto: ConformanceReportDto = { runId, ...report, unreachable };
  return dto;
}

function loadDto(runId: string, report: LoadReport, aborted: boolean): LoadReportDto {
  const dto: LoadReportDto = { runId, ...report, aborted };
  return dto;
}
