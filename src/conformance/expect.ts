// Grading helpers shared by the check modules: each turns one exchange into pass/fail with a
// message that says what was expected, what arrived and the most likely cause.

import { safeText } from '../protocol/index.ts';
import type { Exchange } from './context.ts';
import type { CheckOutcome } from './types.ts';

export interface Verdict {
  outcome: CheckOutcome;
  message: string;
  exchange?: Exchange | null;
}

export function pass(message: string, exchange?: Exchange | null): Verdict {
  return { outcome: 'pass', message, exchange };
}

export function fail(message: string, exchange?: Exchange | null): Verdict {
  return { outcome: 'fail', message, exchange };
}

export function skip(message: string, exchange?: Exchange | null): Verdict {
  return { outcome: 'skip', message, exchange };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line naming what arrived: status and a short body, or the transport error. */
export function describeAnswer(ex: Exchange): string {
  if (!ex.response)
    return `no answer (${ex.error?.code ?? 'network_error'}: ${ex.error?.message ?? 'unknown'})`;
  const body = safeText(ex.response.body, 160);
  return `HTTP ${ex.response.status} ${body.text}${body.truncated ? '…' : ''}`;
}

export function errorCodeOf(ex: Exchange): string | null {
  return isObject(ex.json) && ex.json.type === 'error' && typeof ex.json.code === 'string'
    ? ex.json.code
    : null;
}

/**
 * The answer must be a protocol error with this status and code. `acceptedHint` explains what it
 * means when the connector served the request instead, the mistake a user has to fix.
 */
export function expectRefused(ex: Exchange, status: number, code: string, acceptedHint: string): Verdict {
  if (!ex.response) return fail(`expected HTTP ${status} ${code}, got ${describeAnswer(ex)}`, ex);
  const got = errorCodeOf(ex);
  if (ex.response.status === status && got === code) return pass(`refused with HTTP ${status} ${code}`, ex);
  if (ex.response.status >= 200 && ex.response.status < 300 && got === null)
    return fail(`expected HTTP ${status} ${code}, got ${describeAnswer(ex)}: ${acceptedHint}`, ex);
  if (got === code)
    return fail(
      `right code ${code} but HTTP ${ex.response.status}; decisions.md 2 fixes HTTP ${status} for it`,
      ex,
    );
  return fail(`expected HTTP ${status} ${code}, got ${describeAnswer(ex)}`, ex);
}

/** The answer must be HTTP 200 with the given answer `type` (pong, capabilities, result...). */
export function expectAccepted(ex: Exchange, type: string, refusedHint: string): Verdict {
  if (!ex.response) return fail(`expected HTTP 200 ${type}, got ${describeAnswer(ex)}`, ex);
  const body = isObject(ex.json) ? ex.json : null;
  if (ex.response.status === 200 && body?.type === type) return pass(`served: HTTP 200 type "${type}"`, ex);
  if (errorCodeOf(ex) === 'invalid_signature')
    return fail(`expected HTTP 200 ${type}, got invalid_signature: ${refusedHint}`, ex);
  return fail(`expected HTTP 200 type "${type}", got ${describeAnswer(ex)}`, ex);
}

export function expectNotFound(ex: Exchange): Verdict {
  if (!ex.response) return fail(`expected HTTP 404 {"error":"not_found"}, got ${describeAnswer(ex)}`, ex);
  const body = isObject(ex.json) ? ex.json : null;
  if (ex.response.status === 404 && body?.error === 'not_found')
    return pass('HTTP 404 {"error":"not_found"}', ex);
  if (ex.response.status === 404)
    return fail(`HTTP 404 but the body is not {"error":"not_found"}: ${describeAnswer(ex)}`, ex);
  return fail(`expected HTTP 404 {"error":"not_found"}, got ${describeAnswer(ex)}`, ex);
}
