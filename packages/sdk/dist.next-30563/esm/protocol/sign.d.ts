import type { RawBody } from './types.ts';
export type SecretInput = string | Uint8Array;
export type SignedHeaders = {
    'x-service-signature': string;
    'x-service-timestamp': string;
    'x-service-protocol': string;
};
/** Lowercase hex HMAC-SHA256 of the canonical payload, without the scheme prefix. */
export declare function hmacHex(secret: SecretInput, timestamp: string | number, rawBody: RawBody): string;
export declare function computeSignature(secret: SecretInput, timestamp: string | number, rawBody: RawBody): string;
export declare function nowSeconds(): number;
export interface SignOptions {
    /** Unix seconds (or the exact decimal string to sign); defaults to now. */
    timestamp?: number | string;
    protocolVersion?: string;
}
export declare function sign(secret: SecretInput, rawBody: RawBody, options?: SignOptions): SignedHeaders;
/** Signs a JSON value for a test and returns the exact body bytes with their headers. */
export declare function signForTest(secret: SecretInput, payload: unknown, options?: SignOptions): {
    body: string;
    headers: SignedHeaders;
};
