// The one call path every transport shares: check the method name against the contract, run its
// handler, and answer a Result whatever happens (bad names and thrown errors included).

import { fail, isMethodName, ok } from '../shared/index.ts';
import type { Handlers, Result } from '../shared/index.ts';
import { toApiError } from './errors.ts';

export type Dispatch = (method: string, input: unknown) => Promise<Result<unknown>>;

/** No contract input nests deeper (tool parameters, definitions); deeper would recurse when serialized. */
export const MAX_INPUT_DEPTH = 64;

/** Whether arrays and objects nest deeper than `limit`, walked with a stack of its own (no recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

export function createDispatch(handlers: Handlers, log?: (error: unknown) => void): Dispatch {
  return async (method, input) => {
    if (!isMethodName(method))
      return fail('unknown_method', `"${String(method).slice(0, 80)}" is not a method of the contract`);
    if (nestsDeeperThan(input, MAX_INPUT_DEPTH))
      return fail('validation_error', `the input nests deeper than ${MAX_INPUT_DEPTH} levels`);
    const handler = handlers[method] as (input: unknown) => unknown;
    try {
      return ok(await handler(input));
    } catch (error) {
      return { ok: false, error: toApiError(error, log) };
    }
  };
}
