// The long runs of the contract: the engine checks the input and resolves the target, its Runs
// run it with progress pushed as events carrying the run id, and the final report crosses as a DTO.

import type { Handlers } from '../shared/index.ts';
import { callDepsOf } from '../engine/call-target.ts';
import { conformanceDto, loadProgressDto } from '../engine/dto/use-case-dto.ts';
import { conformanceRunOf, loadRunOf, runIdOf } from '../engine/runs/run-input.ts';
import type { HandlerContext } from './handler-context.ts';
import { inputOf, oneOf } from '../engine/input.ts';

type RunHandlers = Pick<
  Handlers,
  'conformance:run' | 'conformance:cancel' | 'conformance:export' | 'load:run' | 'load:cancel'
>;

export function runHandlers(ctx: HandlerContext): RunHandlers {
  const { runs } = ctx.engine;

  return {
    'conformance:run': async (raw) => {
      runs.assertOpen();
      const { runId, report, history } = await runs.conformance({
        ...conformanceRunOf(callDepsOf(ctx.engine, ctx.now), raw),
        onProgress: (id, check, index, total) =>
          ctx.hub?.emit('conformance:progress', { runId: id, check: { ...check }, index, total }),
      });
      return conformanceDto(runId, report, history);
    },

    'conformance:cancel': (raw) => ({ cancelled: runs.cancel('conformance', runIdOf(raw)) }),

    'conformance:export': (raw) => {
      const input = inputOf(raw, 'conformance:export', ['runId', 'format']);
      return runs.exportConformance(runIdOf(input), oneOf(input, 'format', ['json', 'junit'] as const)!);
    },

    'load:run': async (raw) => {
      runs.assertOpen();
      const request = loadRunOf(callDepsOf(ctx.engine, ctx.now), raw);
      const { runId, report, aborted, history } = await runs.load({
        ...request,
        onProgress: (id, p) => ctx.hub?.emit('load:progress', loadProgressDto(id, p, request.requests)),
      });
      return { runId, history: { ...history }, ...report, aborted };
    },

    'load:cancel': (raw) => ({ cancelled: runs.cancel('load', runIdOf(raw)) }),
  };
}
