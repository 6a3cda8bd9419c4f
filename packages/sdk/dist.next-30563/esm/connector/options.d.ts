import type { ConnectorOptions } from './types.ts';
export interface ResolvedOptions {
    /** Current secret first, then the ones still accepted during a rotation. */
    signingSecrets: readonly string[];
    /** fingerprint() of each secret, computed once: outcomes name the secret that verified. */
    secretFingerprints: readonly string[];
    protocolVersion: string;
    maxTimestampSkewSeconds: number;
    endpointPath: string;
    maxBodyBytes: number;
    now: () => number;
    headersTimeoutMs: number;
    requestTimeoutMs: number;
}
export declare const DEFAULT_HEADERS_TIMEOUT_MS = 10000;
export declare const DEFAULT_REQUEST_TIMEOUT_MS = 30000;
export declare function resolveOptions(options: ConnectorOptions): ResolvedOptions;
