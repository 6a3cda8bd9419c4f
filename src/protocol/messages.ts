// Wire answers for failures (decisions.md 1-2): every verification failure leaves as the same
// generic invalid_signature 401; the detailed reason stays inside the testbench.

import { ERROR_HTTP_STATUS } from './types.ts';
import type { ErrorAnswer, ProtocolErrorCode } from './types.ts';
import type { VerifyFailure } from './verify.ts';

export const INVALID_SIGNATURE_MESSAGE = 'the request signature could not be verified';

export function errorAnswer(code: ProtocolErrorCode, message: string): ErrorAnswer {
  return { type: 'error', code, message };
}

export function statusForCode(code: ProtocolErrorCode): number {
  return ERROR_HTTP_STATUS[code] ?? 200;
}

/** The answer a connector sends for a failed verification: no detail leaves the process. */
export function wireAnswerForVerifyFailure(failure: VerifyFailure, expectedVersion: string): { status: number; body: ErrorAnswer } {
  if (failure.reason === 'protocol_mismatch')
    return {
      status: statusForCode('unsupported_protocol_version'),
      body: errorAnswer('unsupported_protocol_version', `this connector speaks protocol version ${expectedVersion}`),
    };
  return { status: statusForCode('invalid_signature'), body: errorAnswer('invalid_signature', INVALID_SIGNATURE_MESSAGE) };
}
