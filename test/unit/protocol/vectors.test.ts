// The shared signature vectors from an independent implementation: sign and verify agree with each.
// Read from ../shared so a new vector is checked without a code change.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sign, verify } from '../../../src/protocol/index.ts';

interface Vector {
  secret: string;
  timestamp: string;
  body_hex: string;
  payload_prefix: string;
  signature: string;
}

const vectors: Vector[] = JSON.parse(
  readFileSync(new URL('../../fixtures/signatures.json', import.meta.url), 'utf8'),
);

describe('signature vectors from the independent implementation', () => {
  it('has vectors to check', () => expect(vectors.length).toBeGreaterThanOrEqual(6));

  for (const [i, v] of vectors.entries()) {
    const body = Buffer.from(v.body_hex, 'hex');
    it(`sign agrees with vector ${i} (${body.length} bytes)`, () => {
      expect(sign(v.secret, body, { timestamp: v.timestamp })['x-service-signature']).toBe(v.signature);
    });
    it(`verify accepts vector ${i} in lower and upper case`, () => {
      const now = Number(v.timestamp);
      const headers = { 'x-service-signature': v.signature, 'x-service-timestamp': v.timestamp };
      expect(verify(body, headers, v.secret, { now })).toMatchObject({ ok: true });
      const upper = { ...headers, 'x-service-signature': 'v1=' + v.signature.slice(3).toUpperCase() };
      expect(verify(body, upper, v.secret, { now })).toMatchObject({ ok: true });
    });
  }
});
