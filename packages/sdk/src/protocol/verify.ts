// Verification of a signed request (decisions.md 1): headers, timestamp format, signature format,
// constant-time HMAC comparison, skew window in both directions, then the protocol version.

import {
  DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS,
  HEADER_PROTOCOL,
  HEADER_SIGNATURE,
  HEADER_TIMESTAMP,
  PROTOCOL_VERSION,
  SIGNATURE_SCHEME,
} from './constants.ts';
import { readHeaders } from './headers.ts';
import type { HeaderRead } from './headers.ts';
import { hmacHex, nowSeconds } from './sign.ts';
import type { SecretInput } from './sign.ts';
import type { HeaderBag, RawBody } from './types.ts';

export type VerifyFailureReason =
  | 'missing_header'
  | 'duplicated_header'
  | 'malformed_signature'
  | 'malformed_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'signature_mismatch'
  | 'protocol_mismatch';

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

const VERIFIED_HEADERS: readonly string[] = [HEADER_SIGNATURE, HEADER_TIMESTAMP, HEADER_PROTOCOL];

/** 1 to 11 ASCII digits (what /^\d{1,11}$/ accepts) as a number, else null; a loop, not a RegExp, on the hot path. */
export function parseTimestamp(value: string): number | null {
  const n = value.length;
  if (n === 0 || n > 11) return null;
  let out = 0;
  for (let i = 0; i < n; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    out = out * 10 + digit;
  }
  return out;
}

export function describeMalformedTimestamp(value: string): string {
  if (value === '') return 'the timestamp header is empty';
  if (/^\d{13}$/.test(value))
    return `"${value}" looks like milliseconds; the protocol uses whole unix seconds`;
  if (/^\d+\.\d+$/.test(value))
    return `"${value}" has a fractional part; the protocol uses whole unix seconds`;
  if (/^\d+$/.test(value)) return `"${value}" is too long to be unix seconds`;
  return `"${truncate(value)}" is not a base-10 integer of unix seconds`;
}

export function describeMalformedSignature(value: string): string {
  if (!value.startsWith(`${SIGNATURE_SCHEME}=`)) {
    return /^[0-9a-fA-F]{64}$/.test(value)
      ? 'the signature lacks its scheme prefix: expected "v1=<64 hex>", got bare hex'
      : `expected "v1=<64 hex characters>", got "${truncate(value)}"`;
  }
  const hex = value.slice(3);
  if (!/^[0-9a-fA-F]*$/.test(hex)) return 'the digest after "v1=" contains characters that are not hex';
  return `the digest after "v1=" has ${hex.length} hex characters; HMAC-SHA256 has 64`;
}

function truncate(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

const SIGNATURE_PREFIX = `${SIGNATURE_SCHEME}=`;
const HEX_DIGEST_LENGTH = 64;
type SignatureCheck = 'equal' | 'different' | 'malformed';

/** The part of the format check that needs no pass over the digest: `v1=` and the length. */
function hasSignatureShape(value: string): boolean {
  return value.length === SIGNATURE_PREFIX.length + HEX_DIGEST_LENGTH && value.startsWith(SIGNATURE_PREFIX);
}

/**
 * One pass over the received digest (after hasSignatureShape) that both checks it is hex, as
 * /^v1=[0-9a-fA-F]{64}$/ would, and compares it with the lowercase expected digest in constant
 * time: every character is visited and the secret-derived side is only ever OR-ed into `diff`.
 */
function checkSignature(expectedLower: string, received: string): SignatureCheck {
  const offset = SIGNATURE_PREFIX.length;
  let diff = 0;
  let bad = 0;
  for (let i = 0; i < HEX_DIGEST_LENGTH; i++) {
    const c = received.charCodeAt(offset + i);
    // OR-ing 0x20 folds A-F onto a-f and leaves digits unchanged; digits are tested unfolded
    // because the fold would also turn control characters 0x10-0x19 into digits.
    const folded = c | 0x20;
    bad |= (c - 0x30) >>> 0 > 9 && (folded - 0x61) >>> 0 > 5 ? 1 : 0;
    diff |= expectedLower.charCodeAt(i) ^ folded;
  }
  if (bad !== 0) return 'malformed';
  return diff === 0 ? 'equal' : 'different';
}

export function verify(
  rawBody: RawBody,
  headers: HeaderBag,
  secret: SecretInput,
  options: VerifyOptions = {},
): VerifyResult {
  const [sig, ts, protocol] = readHeaders(headers, VERIFIED_HEADERS);
  return verifyRead(rawBody, sig, ts, protocol, secret, options);
}

/**
 * verify() once its three headers are read: explain() reads them once for every candidate secret
 * (and for its own report) instead of collecting the headers again per candidate.
 */
export function verifyRead(
  rawBody: RawBody,
  sig: HeaderRead,
  ts: HeaderRead,
  protocol: HeaderRead,
  secret: SecretInput,
  options: VerifyOptions = {},
): VerifyResult {
  const now = options.now ?? nowSeconds();
  const tolerance = options.toleranceSeconds ?? DEFAULT_MAX_TIMESTAMP_SKEW_SECONDS;
  const expectedVersion = options.protocolVersion ?? PROTOCOL_VERSION;
  const headerProblem = checkPresent(HEADER_SIGNATURE, sig) ?? checkPresent(HEADER_TIMESTAMP, ts);
  if (headerProblem) return headerProblem;
  if (protocol.state === 'duplicated')
    return fail(
      'duplicated_header',
      `the ${HEADER_PROTOCOL} header was sent ${protocol.values.length} times`,
      HEADER_PROTOCOL,
    );

  const tsValue = (ts as { value: string }).value;
  const sigValue = (sig as { value: string }).value;
  const timestamp = parseTimestamp(tsValue);
  if (timestamp === null)
    return fail('malformed_timestamp', describeMalformedTimestamp(tsValue), HEADER_TIMESTAMP);
  if (!hasSignatureShape(sigValue))
    return fail('malformed_signature', describeMalformedSignature(sigValue), HEADER_SIGNATURE);
  // The hex check rides on the comparison pass, so a non-hex digest of the right length costs an
  // HMAC before it is reported; the reasons and their order are those of the separate checks.
  const check = checkSignature(hmacHex(secret, tsValue, rawBody), sigValue);
  if (check === 'malformed')
    return fail('malformed_signature', describeMalformedSignature(sigValue), HEADER_SIGNATURE);

  const skewSeconds = now - timestamp;
  if (check === 'different') {
    return {
      ok: false,
      reason: 'signature_mismatch',
      header: HEADER_SIGNATURE,
      message: 'the signature does not match the body and timestamp under this secret',
      timestamp,
      skewSeconds,
    };
  }
  if (skewSeconds > tolerance)
    return {
      ok: false,
      reason: 'timestamp_too_old',
      header: HEADER_TIMESTAMP,
      message: `the timestamp is ${skewSeconds} s old; the window is ${tolerance} s`,
      timestamp,
      skewSeconds,
    };
  if (-skewSeconds > tolerance)
    return {
      ok: false,
      reason: 'timestamp_in_future',
      header: HEADER_TIMESTAMP,
      message: `the timestamp is ${-skewSeconds} s in the future; the window is ${tolerance} s`,
      timestamp,
      skewSeconds,
    };
  if (protocol.state === 'present' && protocol.value !== expectedVersion)
    return {
      ok: false,
      reason: 'protocol_mismatch',
      header: HEADER_PROTOCOL,
      message: `protocol version "${truncate(protocol.value)}" was sent; this receiver speaks "${expectedVersion}"`,
      timestamp,
      skewSeconds,
    };
  return { ok: true, timestamp, skewSeconds };
}

function checkPresent(name: string, read: HeaderRead): VerifyFailure | null {
  if (read.state === 'missing') return fail('missing_header', `the ${name} header is missing`, name);
  if (read.state === 'duplicated')
    return fail('duplicated_header', `the ${name} header was sent ${read.values.length} times`, name);
  return null;
}

function fail(reason: VerifyFailureReason, message: string, header?: string): VerifyFailure {
  return { ok: false, reason, message, header };
}
