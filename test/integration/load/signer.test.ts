// The load engine's fast signer must produce exactly the protocol core's signatures: the shared
// reference vectors, long keys (hashed first by HMAC), and arbitrary secrets, timestamps and bodies.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSigner } from '../../../src/load/signer.ts';
import { computeSignature } from '../../../src/protocol/index.ts';

interface Vector {
  secret: string;
  timestamp: string;
  body_hex: string;
  signature: string;
}
const vectors: Vector[] = JSON.parse(
  readFileSync(new URL('../../fixtures/signatures.json', import.meta.url), 'utf8'),
);

describe('load signer', () => {
  it('agrees with every shared reference vector', () => {
    expect(vectors.length).toBeGreaterThan(0);
    for (const v of vectors)
      expect(createSigner(v.secret)(v.timestamp, Buffer.from(v.body_hex, 'hex'))).toBe(v.signature);
  });

  it('agrees with computeSignature for keys longer than the SHA-256 block', () => {
    const secret = 'k'.repeat(65) + 'é';
    expect(createSigner(secret)('1763700000', Buffer.from('{}'))).toBe(
      computeSignature(secret, '1763700000', Buffer.from('{}')),
    );
  });

  it('agrees with computeSignature for arbitrary secrets, timestamps and bodies', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 100 }),
        fc.integer({ min: 0, max: 99_999_999_999 }),
        fc.uint8Array({ maxLength: 600 }),
        (secret, ts, bytes) => {
          const body = Buffer.from(bytes);
          expect(createSigner(secret)(String(ts), body)).toBe(computeSignature(secret, String(ts), body));
        },
      ),
      { numRuns: 300 },
    );
  });
});
