// The one call path every transport shares: check the method name against the contract, run its
// handler, and answer a Result whatever happens (bad names and thrown errors included).

import { fail, isMethodName, ok } from '../shared/index.ts';
import type { Handlers, Result } from '../shared/index.ts';
import { toApiError } from './errors.ts';

export type Dispatch = (method: string, input: unknown) => Promise<Result<unknown>>;

export function createDispatch(handlers: Handlers, log?: (error: unknown) => void): Dispatch {
  return async (method, input) => {
    if (!isMethodName(method))
      return fail('unknown_method', `"${String(method).slice(0, 80)}" is not a method of the contract`);
    const handler = handlers[method] as (input: unknown) => unknown;
    try {
      return ok(await handler(input));
    } catch (error) {
      return { ok: false, error: toApiError(error, log) };
    }
  };
}
