// Checks of the scenarios:* inputs: the collection folder, a file name, a file's text (capped), and a
// run's files and target; each refusal a validation_error naming the field, as every form's are.

import type { CallDeps } from './call-target.ts';
import { targetOf } from './call-target.ts';
import { validationError } from './errors.ts';
import { inputOf, optionalInteger, optionalString, requiredString } from './input.ts';
import type { Obj } from './input.ts';
import { MAX_SCENARIO_BYTES } from './scenarios.ts';
import type { ScenarioRunRequest } from './scenarios.ts';

export const folderOf = (input: Obj): string => requiredString(input, 'folder', 4096);
export const fileOf = (input: Obj): string => requiredString(input, 'file', 300);

export function textOf(input: Obj): string {
  const text = input.text;
  if (typeof text !== 'string') throw validationError('text must be a string', 'text');
  if (text.length > MAX_SCENARIO_BYTES)
    throw validationError(`a scenario file is capped at ${MAX_SCENARIO_BYTES} bytes`, 'text');
  return text;
}

function filesOf(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 500 || raw.some((f) => typeof f !== 'string'))
    throw validationError('files must be a list of 1 to 500 file names', 'files');
  return raw as string[];
}

/** A `scenarios:run` input: the target is resolved first (a stopped local connector refuses at once). */
export function scenarioRunOf(deps: CallDeps, raw: unknown): Omit<ScenarioRunRequest, 'onStep'> {
  const input = inputOf(raw, 'scenarios:run', ['runId', 'folder', 'files', 'target', 'timeoutMs']);
  const target = targetOf(deps, input.target);
  return {
    folder: folderOf(input),
    files: filesOf(input.files),
    runId: input.runId === undefined ? undefined : requiredString(input, 'runId', 64),
    timeoutMs: optionalInteger(input, 'timeoutMs', 100, 60_000),
    target: {
      url: target.url,
      secret: target.secret,
      toleranceSeconds: target.toleranceSeconds,
      connectionId: target.connectionId ?? null,
      localConnectorId: target.localConnectorId ?? null,
    },
  };
}

/** A `scenarios:save-from-exchange` input: the folder, the History exchange, an optional file name. */
export function saveFromExchangeOf(raw: unknown): { folder: string; exchangeId: number; file?: string } {
  const input = inputOf(raw, 'scenarios:save-from-exchange', ['folder', 'exchangeId', 'file']);
  const exchangeId = input.exchangeId;
  if (!Number.isInteger(exchangeId) || (exchangeId as number) < 1)
    throw validationError('exchangeId must be a positive whole number', 'exchangeId');
  return {
    folder: folderOf(input),
    exchangeId: exchangeId as number,
    file: optionalString(input, 'file', 300),
  };
}
