// Names a secret without revealing it: the first 8 hex characters of its SHA-256.
// Used wherever a diagnosis, log or export has to say "which secret".

import { createHash } from 'node:crypto';
import type { SecretInput } from './sign.ts';

// A diagnosis names its candidate secrets on every request, and a server has a handful of them:
// one hash per secret, not per request. Bounded, so a caller naming endless secrets cannot grow it.
const named = new Map<string, string>();
const NAMED_LIMIT = 256;

export function fingerprint(secret: SecretInput): string {
  if (typeof secret !== 'string') return digest(secret);
  let fp = named.get(secret);
  if (fp === undefined) {
    if (named.size >= NAMED_LIMIT) named.clear();
    fp = digest(Buffer.from(secret, 'utf8'));
    named.set(secret, fp);
  }
  return fp;
}

function digest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 8);
}
