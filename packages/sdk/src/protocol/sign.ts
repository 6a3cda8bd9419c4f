// Signing of decisions.md 1: `v1=` + lowercase hex HMAC-SHA256(secret as UTF-8, canonical payload).
// `signForTest` gives ready headers for tests, as stripe-node's generateTestHeaderString does.

import {
  HEADER_PROTOCOL,
  HEADER_SIGNATURE,
  HEADER_TIMESTAMP,
  PROTOCOL_VERSION,
  SIGNATURE_SCHEME,
} from './constants.ts';
import { payloadPrefix, toBytes } from './canonical-payload.ts';
import { hmacSha256Hex } from './hmac.ts';
import type { RawBody } from './types.ts';

export type SecretInput = string | Uint8Array;

// A type alias, not an interface: it must stay assignable to HeaderBag and fetch HeadersInit.
export type SignedHeaders = {
  'x-service-signature': string;
  'x-service-timestamp': string;
  'x-service-protocol': string;
};

/** Lowercase hex HMAC-SHA256 of the canonical payload, without the scheme prefix. */
export function hmacHex(secret: SecretInput, timestamp: string | number, rawBody: RawBody): string {
  // A string body is hashed as UTF-8 directly instead of being copied into a Buffer first.
  return hmacSha256Hex(
    secret,
    payloadPrefix(timestamp),
    typeof rawBody === 'string' ? rawBody : toBytes(rawBody),
  );
}

export function computeSignature(secret: SecretInput, timestamp: string | number, rawBody: RawBody): string {
  return `${SIGNATURE_SCHEME}=${hmacHex(secret, timestamp, rawBody)}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export interface SignOptions {
  /** Unix seconds (or the exact decimal string to sign); defaults to now. */
  timestamp?: number | string;
  protocolVersion?: string;
}

export function sign(secret: SecretInput, rawBody: RawBody, options: SignOptions = {}): SignedHeaders {
  const timestamp = String(options.timestamp ?? nowSeconds());
  return {
    [HEADER_SIGNATURE]: computeSignature(secret, timestamp, rawBody),
    [HEADER_TIMESTAMP]: timestamp,
    [HEADER_PROTOCOL]: options.protocolVersion ?? PROTOCOL_VERSION,
  } as SignedHeaders;
}

/** Signs a JSON value for a test and returns the exact body bytes with their headers. */
export function signForTest(
  secret: SecretInput,
  payload: unknown,
  options: SignOptions = {},
): { body: string; headers: SignedHeaders } {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return { body, headers: sign(secret, body, options) };
}
