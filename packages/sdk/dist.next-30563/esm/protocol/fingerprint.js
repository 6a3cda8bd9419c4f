// Names a secret without revealing it: the first 8 hex characters of its SHA-256.
// Used wherever a diagnosis, log or export has to say "which secret".
import { createHash } from 'node:crypto';
export function fingerprint(secret) {
    return createHash('sha256')
        .update(typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret)
        .digest('hex')
        .slice(0, 8);
}
