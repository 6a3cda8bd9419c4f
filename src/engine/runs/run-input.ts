// Checks of the run methods' inputs: conformance:run whole, load:run's target and run id around the
// checks of load-input.ts, and the run id a cancel or an export names; targets resolve as every form's do.

import type { CallDeps } from '../call-target.ts';
import { targetOf } from '../call-target.ts';
import { inputOf, objectInput, optionalInteger, requiredString } from '../input.ts';
import type { Obj } from '../input.ts';
import { parseLoadInput } from './load-input.ts';
import type { ParsedLoadInput } from './load-input.ts';
import type { ConformanceRequest, LoadRequest } from './runs.ts';

/** The id the UI may choose for a run, so it can tell that run's progress events apart. */
const optionalRunId = (input: Obj): string | undefined =>
  input.runId === undefined ? undefined : requiredString(input, 'runId', 64);

/** The `runId` of a cancel or an export. */
export const runIdOf = (raw: unknown): string => requiredString(objectInput(raw), 'runId', 64);

export function conformanceRunOf(deps: CallDeps, raw: unknown): Omit<ConformanceRequest, 'onProgress'> {
  const input = inputOf(raw, 'conformance:run', ['runId', 'target', 'skewSeconds', 'timeoutMs']);
  return {
    target: targetOf(deps, input.target),
    skewSeconds: optionalInteger(input, 'skewSeconds', 0, 86_400),
    timeoutMs: optionalInteger(input, 'timeoutMs', 100, 60_000),
    runId: optionalRunId(input),
  };
}

/** A `load:run` input: its own fields checked first, then the target resolved and the run id. */
export function loadRunOf(deps: CallDeps, raw: unknown): Omit<LoadRequest, 'onProgress'> & ParsedLoadInput {
  const input = objectInput(raw);
  return { ...parseLoadInput(input), target: targetOf(deps, input.target), runId: optionalRunId(input) };
}
