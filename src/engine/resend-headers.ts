// The headers of a recorded request made ready to go out again (curl export, replay): framing
// headers dropped, and optionally a fresh timestamp and signature put in place of the old ones.

import { HEADER_SIGNATURE, HEADER_TIMESTAMP, computeSignature } from '../protocol/index.ts';

type HeaderList = Array<[string, string]>;

// The transport (or curl) sets these for the new request; copies would misstate its framing.
const FRAMING = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'expect',
]);

export function resendableHeaders(headers: HeaderList): HeaderList {
  return headers.filter(([name]) => !FRAMING.has(name.toLowerCase()));
}

/** Re-signs in place, keeping each header's recorded position and spelling. */
export function resigned(headers: HeaderList, secret: string, timestamp: string, body: Buffer): HeaderList {
  const signature = computeSignature(secret, timestamp, body);
  return withHeader(withHeader(headers, HEADER_TIMESTAMP, timestamp), HEADER_SIGNATURE, signature);
}

function withHeader(headers: HeaderList, name: string, value: string): HeaderList {
  let found = false;
  const out = headers.map(([n, v]): [string, string] => {
    if (n.toLowerCase() !== name) return [n, v];
    found = true;
    return [n, value];
  });
  return found ? out : [...out, [name, value]];
}
