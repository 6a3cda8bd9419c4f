// The Scenarios methods of the contract: inputs checked (folders, file names, sizes), the engine's
// Scenarios use-case called, its reports turned into DTOs without a secret, events pushed to the UI.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkScenarioText, MAX_SCENARIO_BYTES, scenarioSchema, Scenarios } from '../engine/scenarios.ts';
import type { StepResult } from '../scenarios/index.ts';
import type { Handlers, ScenarioStepResultDto } from '../shared/index.ts';
import { callDepsOf, targetOf } from '../engine/call-target.ts';
import { validationError } from './errors.ts';
import type { HandlerContext } from './handler-context.ts';
import { objectInput, oneOf, onlyKeys, optionalInteger, optionalString, requiredString } from './validate.ts';
import type { Obj } from './validate.ts';

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

/** The collection the repository ships, found from where the app was started. */
const EXAMPLES = ['examples', 'scenarios'];

export function scenarioHandlers(ctx: HandlerContext): ScenarioHandlers {
  const scenarios = new Scenarios({ history: ctx.engine.history });
  const folderOf = (input: Obj) => requiredString(input, 'folder', 4096);
  const fileOf = (input: Obj) => requiredString(input, 'file', 300);
  const textOf = (input: Obj) => {
    const text = input.text;
    if (typeof text !== 'string') throw validationError('text must be a string', 'text');
    if (text.length > MAX_SCENARIO_BYTES)
      throw validationError(`a scenario file is capped at ${MAX_SCENARIO_BYTES} bytes`, 'text');
    return text;
  };
  const files = (raw: unknown): string[] | undefined => {
    if (raw === undefined) return undefined;
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > 500 || raw.some((f) => typeof f !== 'string'))
      throw validationError('files must be a list of 1 to 500 file names', 'files');
    return raw as string[];
  };

  return {
    'scenarios:default-folder': () => {
      const folder = resolve(process.cwd(), ...EXAMPLES);
      return { folder: existsSync(folder) ? folder : null };
    },

    'scenarios:get-schema': () => scenarioSchema(),

    'scenarios:list': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['folder'], 'scenarios:list');
      return scenarios.list(folderOf(input));
    },

    'scenarios:read': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['folder', 'file'], 'scenarios:read');
      return scenarios.read(folderOf(input), fileOf(input));
    },

    'scenarios:write': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['folder', 'file', 'text'], 'scenarios:write');
      return scenarios.write(folderOf(input), fileOf(input), textOf(input));
    },

    'scenarios:check': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['file', 'text'], 'scenarios:check');
      return { problem: checkScenarioText(fileOf(input), textOf(input)) };
    },

    'scenarios:watch': async (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['folder'], 'scenarios:watch');
      const folder = await scenarios.watch(folderOf(input), (f, file) =>
        ctx.hub?.emit('scenarios:changed', { folder: f, file }),
      );
      return { folder };
    },

    'scenarios:run': async (raw) => {
      ctx.engine.runs.assertOpen();
      const input = objectInput(raw);
      onlyKeys(input, ['runId', 'folder', 'files', 'target', 'timeoutMs'], 'scenarios:run');
      const t = objectInput(input.target, 'target');
      oneOf(t, 'kind', ['connection', 'local', 'url'] as const);
      const target = targetOf(callDepsOf(ctx.engine, ctx.now), t);
      const report = await scenarios.run({
        folder: folderOf(input),
        files: files(input.files),
        runId: input.runId === undefined ? undefined : requiredString(input, 'runId', 64),
        timeoutMs: optionalInteger(input, 'timeoutMs', 100, 60_000),
        target: {
          url: target.url,
          secret: target.secret,
          toleranceSeconds: target.toleranceSeconds,
          connectionId: target.connectionId ?? null,
          localConnectorId: target.localConnectorId ?? null,
        },
        onStep: (runId, result) => ctx.hub?.emit('scenarios:step', { runId, result: stepDto(result) }),
      });
      return { ...report, results: report.results.map(stepDto) };
    },

    'scenarios:save-from-exchange': (raw) => {
      const input = objectInput(raw);
      onlyKeys(input, ['folder', 'exchangeId', 'file'], 'scenarios:save-from-exchange');
      const exchangeId = input.exchangeId;
      if (!Number.isInteger(exchangeId) || (exchangeId as number) < 1)
        throw validationError('exchangeId must be a positive whole number', 'exchangeId');
      return scenarios.saveFromExchange(
        folderOf(input),
        exchangeId as number,
        optionalString(input, 'file', 300),
      );
    },
  };
}

/** A step result for the UI: the diagnosis without its candidate secrets, only what a person reads. */
export function stepDto(r: StepResult): ScenarioStepResultDto {
  const d = r.diagnosis;
  return {
    ...r,
    mismatches: r.mismatches.map((m) => ({ ...m })),
    faults: [...r.faults],
    diagnosis: d
      ? {
          verdict: d.verdict,
          failedCheck: d.failedCheck,
          cause: d.cause ? { id: d.cause.id, title: d.cause.title } : null,
          summary: d.summary,
        }
      : null,
  };
}
