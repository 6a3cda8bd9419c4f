import type { ErrorAnswer, ProtocolErrorCode } from './types.ts';
import type { VerifyFailure } from './verify.ts';
/** HTTP status of each protocol error code (decisions.md 2). */
export declare const ERROR_HTTP_STATUS: Readonly<Record<string, number>>;
export declare const INVALID_SIGNATURE_MESSAGE = "the request signature could not be verified";
export declare function errorAnswer(code: ProtocolErrorCode, message: string): ErrorAnswer;
export declare function statusForCode(code: ProtocolErrorCode): number;
/** The answer a connector sends for a failed verification: no detail leaves the process. */
export declare function wireAnswerForVerifyFailure(failure: VerifyFailure, expectedVersion: string): {
    status: number;
    body: ErrorAnswer;
};
