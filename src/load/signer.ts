// Per-request signing for the load engine: the same v1 HMAC-SHA256 as the protocol core, with the
// key's inner and outer pads computed once. Tested equal to computeSignature and the shared vectors.

import { hash } from 'node:crypto';
import { SIGNATURE_SCHEME } from '../protocol/index.ts';

const BLOCK = 64;

export type Signer = (timestamp: string, body: Buffer) => string;

/**
 * createHmac sets up a new OpenSSL 3 MAC context on every call (about 11 µs here, half of a
 * whole load request); HMAC from two one-shot hashes over precomputed pads (RFC 2104) costs ~2 µs.
 */
export function createSigner(secret: string | Uint8Array): Signer {
  let key = Buffer.from(typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret);
  if (key.length > BLOCK) key = hash('sha256', key, 'buffer');
  const ipad = Buffer.alloc(BLOCK, 0x36);
  const opad = Buffer.alloc(BLOCK, 0x5c);
  for (let i = 0; i < key.length; i++) {
    ipad[i] ^= key[i];
    opad[i] ^= key[i];
  }
  return (timestamp, body) => {
    const prefix = `${SIGNATURE_SCHEME}:${timestamp}:`;
    const inner = Buffer.allocUnsafe(BLOCK + prefix.length + body.length);
    ipad.copy(inner, 0);
    inner.write(prefix, BLOCK, 'latin1');
    body.copy(inner, BLOCK + prefix.length);
    const outer = Buffer.allocUnsafe(BLOCK + 32);
    opad.copy(outer, 0);
    hash('sha256', inner, 'buffer').copy(outer, BLOCK);
    return `${SIGNATURE_SCHEME}=${hash('sha256', outer, 'hex')}`;
  };
}
