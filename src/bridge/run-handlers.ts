// The long runs of the contract: the engine checks the input and resolves the target, its Runs
// run it with progress pushed as events carrying the run id, and the final report crosses as a DTO.

import type { Handlers } from '../shared/index.ts';
import { conformanceDto } from '../engine/dto/use-case-dto.ts';
import { parseLoadInput } from '../engine/runs/load-input.ts';
import { resolveTarget } from './console-send.ts';
import type { HandlerContext } from './handler-context.ts';
import { inputOf, objectInput, oneOf, optionalInteger, requiredString } from './validate.ts';
import type { Obj } from './validate.ts';

type RunHandlers = Pick<
  Handlers,
  'conformance:run' | 'conformance:cancel' | 'conformance:export' | 'load:run' | 'load:cancel'
>;

export function runHandlers(ctx: HandlerContext): RunHandlers {
  const { runs } = ctx.engine;
  const runIdOf = (input: Obj) =>
    input.runId === undefined ? undefined : requiredString(input, 'runId', 64);
  const runId = (raw: unknown) => requiredString(objectInput(raw), 'runId', 64);

  return {
    'conformance:run': async (raw) => {
      runs.assertOpen();
      const input = inputOf(raw, 'conformance:run', ['runId', 'target', 'skewSeconds', 'timeoutMs']);
      const { runId, report, history } = await runs.conformance({
        target: resolveTarget(ctx, input.target),
        skewSeconds: optionalInteger(input, 'skewSeconds', 0, 86_400),
        timeoutMs: optionalInteger(input, 'timeoutMs', 100, 60_000),
        runId: runIdOf(input),
        onProgress: (id, check, index, total) =>
          ctx.hub?.emit('conformance:progress', { runId: id, check: { ...check }, index, total }),
      });
      return conformanceDto(runId, report, history);
    },

    'conformance:cancel': (raw) => ({ cancelled: runs.cancel('conformance', runId(raw)) }),

    'conformance:export': (raw) => {
      const input = inputOf(raw, 'conformance:export', ['runId', 'format']);
      return runs.exportConformance(runId(input), oneOf(input, 'format', ['json', 'junit'] as const)!);
    },

    'load:run': async (raw) => {
      runs.assertOpen();
      const input = objectInput(raw);
      const parsed = parseLoadInput(input);
      const { runId, report, aborted, history } = await runs.load({
        ...parsed,
        target: resolveTarget(ctx, input.target),
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
      return { runId, history: { ...history }, ...report, aborted };
    },

    'load:cancel': (raw) => ({ cancelled: runs.cancel('load', runId(raw)) }),
  };
}
