// The long runs of the contract: validate, resolve the target, run it in the engine's Runs with
// progress pushed as events carrying the run id, and answer the final report's DTO.

import type { ConformanceReport } from '../conformance/index.ts';
import type { ConformanceReportDto, Handlers } from '../shared/index.ts';
import type { RunTarget } from '../engine/index.ts';
import { resolveTarget } from './console-send.ts';
import type { HandlerContext } from './handler-context.ts';
import { objectInput, oneOf, onlyKeys, optionalInteger, requiredString } from './validate.ts';
import type { Obj } from './validate.ts';
import { parseLoadInput } from './run-input.ts';

type RunHandlers = Pick<
  Handlers,
  'conformance:run' | 'conformance:cancel' | 'conformance:export' | 'load:run' | 'load:cancel'
>;

export function runHandlers(ctx: HandlerContext): RunHandlers {
  const { runs } = ctx.engine;
  const target = (input: Obj): RunTarget => {
    const t = objectInput(input.target, 'target');
    oneOf(t, 'kind', ['connection', 'local', 'url'] as const);
    return resolveTarget(ctx, t);
  };
  const runIdOf = (input: Obj) =>
    input.runId === undefined ? undefined : requiredString(input, 'runId', 64);
  const cancelled = (raw: unknown) => requiredString(objectInput(raw), 'runId', 64);

  return {
    'conformance:run': async (raw) => {
      runs.assertOpen();
      const input = objectInput(raw);
      onlyKeys(input, ['runId', 'target', 'skewSeconds', 'timeoutMs'], 'conformance:run');
      const { runId, report } = await runs.conformance({
        target: target(input),
        skewSeconds: optionalInteger(input, 'skewSeconds', 0, 86_400),
        timeoutMs: optionalInteger(input, 'timeoutMs', 100, 60_000),
        runId: runIdOf(input),
        onProgress: (id, check, index, total) =>
          ctx.hub?.emit('conformance:progress', { runId: id, check: { ...check }, index, total }),
      });
      return conformanceDto(runId, report);
    },

    'conformance:cancel': (raw) => ({ cancelled: runs.cancel('conformance', cancelled(raw)) }),

    'conformance:export': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['runId', 'format'], 'conformance:export');
      const runId = requiredString(input, 'runId', 64);
      return runs.exportConformance(runId, oneOf(input, 'format', ['json', 'junit'] as const)!);
    },

    'load:run': async (raw) => {
      runs.assertOpen();
      const input = objectInput(raw);
      const parsed = parseLoadInput(input);
      const { runId, report, aborted } = await runs.load({
        ...parsed,
        target: target(input),
        runId: runIdOf(input),
        onProgress: (id, p) =>
          ctx.hub?.emit('load:progress', {
            runId: id,
            ...p,
            point: { ...p.point },
            // A run by count also carries the duration cap; the count is the plan the UI shows.
            plannedMs: parsed.requests === undefined ? p.plannedMs : null,
            plannedRequests: parsed.requests ?? null,
          }),
      });
      return { runId, ...report, aborted };
    },

    'load:cancel': (raw) => ({ cancelled: runs.cancel('load', cancelled(raw)) }),
  };
}

function conformanceDto(runId: string, report: ConformanceReport): ConformanceReportDto {
  // Every check got no HTTP answer at all: say so plainly rather than grade silence.
  const unreachable =
    report.checks.length > 0 && report.checks.every((c) => c.received?.status == null)
      ? (report.checks.find((c) => c.received?.error)?.received?.error?.message ?? 'no answer')
      : null;
  return { runId, ...report, unreachable };
}
