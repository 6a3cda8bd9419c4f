// The Scenarios methods of the contract: the engine checks the input (src/engine/scenario-input.ts) and
// runs its Scenarios use-case; step results cross as DTOs without a secret, events pushed to the UI.

import { callDepsOf } from '../engine/call-target.ts';
import { scenarioStepDto as stepDto } from '../engine/dto/use-case-dto.ts';
import { fileOf, folderOf, saveFromExchangeOf, scenarioRunOf, textOf } from '../engine/scenario-input.ts';
import {
  checkScenarioText,
  defaultCollectionFolder,
  scenarioSchema,
  Scenarios,
} from '../engine/scenarios.ts';
import type { Handlers } from '../shared/index.ts';
import type { HandlerContext } from './handler-context.ts';
import { inputOf } from '../engine/input.ts';

type ScenarioHandlers = Pick<
  Handlers,
  | 'scenarios:default-folder'
  | 'scenarios:get-schema'
  | 'scenarios:list'
  | 'scenarios:read'
  | 'scenarios:write'
  | 'scenarios:check'
  | 'scenarios:watch'
  | 'scenarios:run'
  | 'scenarios:save-from-exchange'
>;

export function scenarioHandlers(ctx: HandlerContext): ScenarioHandlers {
  const scenarios = new Scenarios({ history: ctx.engine.history });

  return {
    'scenarios:default-folder': () => ({ folder: defaultCollectionFolder() }),

    'scenarios:get-schema': () => scenarioSchema(),

    'scenarios:list': (raw) => scenarios.list(folderOf(inputOf(raw, 'scenarios:list', ['folder']))),

    'scenarios:read': (raw) => {
      const input = inputOf(raw, 'scenarios:read', ['folder', 'file']);
      return scenarios.read(folderOf(input), fileOf(input));
    },

    'scenarios:write': (raw) => {
      const input = inputOf(raw, 'scenarios:write', ['folder', 'file', 'text']);
      return scenarios.write(folderOf(input), fileOf(input), textOf(input));
    },

    'scenarios:check': (raw) => {
      const input = inputOf(raw, 'scenarios:check', ['file', 'text']);
      return { problem: checkScenarioText(fileOf(input), textOf(input)) };
    },

    'scenarios:watch': async (raw) => {
      const input = inputOf(raw, 'scenarios:watch', ['folder']);
      const folder = await scenarios.watch(folderOf(input), (f, file) =>
        ctx.hub?.emit('scenarios:changed', { folder: f, file }),
      );
      return { folder };
    },

    'scenarios:run': async (raw) => {
      ctx.engine.runs.assertOpen();
      const report = await scenarios.run({
        ...scenarioRunOf(callDepsOf(ctx.engine, ctx.now), raw),
        onStep: (runId, result) => ctx.hub?.emit('scenarios:step', { runId, result: stepDto(result) }),
      });
      return { ...report, results: report.results.map(stepDto) };
    },

    'scenarios:save-from-exchange': (raw) => {
      const { folder, exchangeId, file } = saveFromExchangeOf(raw);
      return scenarios.saveFromExchange(folder, exchangeId, file);
    },
  };
}
