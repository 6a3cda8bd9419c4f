// Per-request signing for the load engine: the protocol core's own HMAC (pads cached per secret),
// bound to one secret so the request loop pays only for the hash.

import { computeSignature } from '../protocol/index.ts';

export type Signer = (timestamp: string, body: Buffer) => string;

export function createSigner(secret: string | Uint8Array): Signer {
  return (timestamp, body) => computeSignature(secret, timestamp, body);
}
