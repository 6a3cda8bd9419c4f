// A signed call to a connector: builds the bytes, signs them (decisions.md 1), applies any fault
// (decisions.md 4), sends through rawCall and parses the answer. Used by every caller in the project.

import { randomBytes } from 'node:crypto';
import {
  canonicalPreview,
  fingerprint,
  HEADER_PROTOCOL,
  HEADER_SIGNATURE,
  nowSeconds,
  sign,
  toBytes,
} from '../protocol/index.ts';
import { describeFaults, shapeHeaders, tamper } from './faults.ts';
import type { Faults } from './faults.ts';
import { rawCall } from './raw-call.ts';
import { parseBounded } from './safe-json.ts';
import type { CallResult, RawCallOptions, RawRequest } from './raw-call.ts';

export interface SignedCallInput extends RawCallOptions {
  url: string;
  secret: string;
  /** An object is sent as compact JSON; strings and bytes are sent as they are. */
  body: object | string | Uint8Array;
  faults?: Faults;
  headers?: Record<string, string>;
  now?: () => number;
}

export interface SignedCallResult extends CallResult {
  signing: {
    timestamp: string;
    signature: string;
    canonical: string;
    secretFingerprint: string;
    faults: string[];
  };
  /** The parsed answer body; undefined when it is not JSON. */
  json: unknown;
  /** With faults.replay: the first delivery (the result itself is the second one). */
  original?: CallResult;
}

export function encodeBody(body: SignedCallInput['body'], faults: Faults | undefined): Buffer {
  if (typeof body === 'string' || body instanceof Uint8Array) return toBytes(body);
  const value =
    faults?.protocolVersion !== undefined ? { ...body, protocol_version: faults.protocolVersion } : body;
  return Buffer.from(JSON.stringify(value), 'utf8');
}

export function prepareSignedRequest(input: SignedCallInput): {
  request: RawRequest;
  signing: SignedCallResult['signing'];
} {
  const faults = input.faults;
  const body = encodeBody(input.body, faults);
  const timestamp = String((input.now ?? nowSeconds)() + Math.trunc(faults?.skewOffsetSeconds ?? 0));
  // A fresh secret of the real shape: only its value is wrong.
  const secret = faults?.wrongSecret ? `whsec_${randomBytes(32).toString('hex')}` : input.secret;
  const signed = sign(secret, body, { timestamp });
  const headers: Array<[string, string]> = [
    ['content-type', 'application/json'],
    ...Object.entries(signed),
    ...Object.entries(input.headers ?? {}),
  ];
  if (faults?.protocolVersion !== undefined) {
    const i = headers.findIndex(([n]) => n === HEADER_PROTOCOL);
    headers[i] = [HEADER_PROTOCOL, faults.protocolVersion];
  }
  return {
    request: {
      method: 'POST',
      url: input.url,
      headers: shapeHeaders(headers, faults),
      body: faults?.tamperBody ? tamper(body) : body,
    },
    signing: {
      timestamp,
      signature: signed[HEADER_SIGNATURE],
      // Only a person reads the canonical string (CLI, inspector): built when asked, off the hot path.
      get canonical() {
        return canonicalPreview(timestamp, body);
      },
      secretFingerprint: fingerprint(secret),
      faults: describeFaults(faults),
    },
  };
}

export async function signedCall(input: SignedCallInput): Promise<SignedCallResult> {
  const { request, signing } = prepareSignedRequest(input);
  const options: RawCallOptions = {
    timeoutMs: input.timeoutMs,
    maxResponseBytes: input.maxResponseBytes,
    signal: input.signal,
    pinnedAddress: input.pinnedAddress,
  };
  const original = input.faults?.replay ? await rawCall(request, options) : undefined;
  const result = await rawCall(request, options);
  return { ...result, signing, json: parseJson(result), ...(original ? { original } : {}) };
}

/** The answer as JSON; undefined when empty, not JSON, or nested too deep to parse safely. */
export function parseJson(result: CallResult): unknown {
  const parsed = parseBounded(result.response?.body);
  return parsed.kind === 'json' ? parsed.value : undefined;
}
