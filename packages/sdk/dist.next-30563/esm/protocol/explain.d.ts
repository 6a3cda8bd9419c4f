import type { SecretInput } from './sign.ts';
import type { HeaderBag, RawBody } from './types.ts';
import type { VerifyFailureReason } from './verify.ts';
export interface ExplainOptions {
    now?: number;
    toleranceSeconds?: number;
    protocolVersion?: string;
}
export interface MatchedCause {
    /** Stable id, e.g. `body_reserialized:sorted_keys` or `secret_variant:whsec_prefix_dropped`. */
    id: string;
    title: string;
    detail: string;
    /** Fingerprint of the candidate secret the cause was found with. */
    secret?: string;
}
export interface Diagnosis {
    verdict: 'valid' | 'invalid';
    failedCheck: VerifyFailureReason | null;
    /** One paragraph a person can act on. */
    summary: string;
    received: {
        signature: string | null;
        timestamp: string | null;
        protocol: string | null;
        headerNames: string[];
    };
    canonical: {
        string: string | null;
        bodyBytes: number;
    };
    expected: Array<{
        secret: string;
        signature: string | null;
    }>;
    /** Fingerprint of the candidate secret that verified, if any. */
    matchedSecret: string | null;
    /** Position (0 = first, the current secret) of that candidate in the list given, if any. */
    matchedSecretIndex: number | null;
    skew: {
        now: number;
        timestamp: number | null;
        seconds: number | null;
        toleranceSeconds: number;
        withinWindow: boolean | null;
    };
    cause: MatchedCause | null;
}
export declare function explain(rawBody: RawBody, headers: HeaderBag, candidateSecrets: SecretInput[], options?: ExplainOptions): Diagnosis;
