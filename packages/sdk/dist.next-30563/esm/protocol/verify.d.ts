import type { SecretInput } from './sign.ts';
import type { HeaderBag, RawBody } from './types.ts';
export type VerifyFailureReason = 'missing_header' | 'duplicated_header' | 'malformed_signature' | 'malformed_timestamp' | 'timestamp_too_old' | 'timestamp_in_future' | 'signature_mismatch' | 'protocol_mismatch';
export interface VerifyOptions {
    /** Receiver's clock in unix seconds; defaults to now. */
    now?: number;
    toleranceSeconds?: number;
    protocolVersion?: string;
}
export interface VerifySuccess {
    ok: true;
    timestamp: number;
    /** Receiver clock minus timestamp, in seconds (positive: the request is in the past). */
    skewSeconds: number;
}
export interface VerifyFailure {
    ok: false;
    reason: VerifyFailureReason;
    /** Which header the failure concerns, when it concerns one. */
    header?: string;
    message: string;
    timestamp?: number;
    skewSeconds?: number;
}
export type VerifyResult = VerifySuccess | VerifyFailure;
/** 1 to 11 ASCII digits (what /^\d{1,11}$/ accepts) as a number, else null; a loop, not a RegExp, on the hot path. */
export declare function parseTimestamp(value: string): number | null;
export declare function describeMalformedTimestamp(value: string): string;
export declare function describeMalformedSignature(value: string): string;
export declare function verify(rawBody: RawBody, headers: HeaderBag, secret: SecretInput, options?: VerifyOptions): VerifyResult;
