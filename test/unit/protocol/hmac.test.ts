// The SDK's HMAC from prepared pad states must be HMAC-SHA256 exactly: short, block-sized and long
// keys, string and byte keys, bodies in several parts, and secrets beyond the cache's bound.

import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex } from '../../../packages/sdk/src/protocol/hmac.ts';

const reference = (key: string | Uint8Array, ...parts: Array<string | Uint8Array>) => {
  const mac = createHmac('sha256', key);
  for (const p of parts) mac.update(p);
  return mac.digest('hex');
};

describe('hmacSha256Hex', () => {
  it('equals createHmac for keys shorter than, equal to and longer than the 64-byte block', () => {
    for (const length of [0, 1, 32, 63, 64, 65, 200]) {
      const key = randomBytes(length);
      const body = randomBytes(300);
      expect(hmacSha256Hex(key, 'v1:1790000000:', body)).toBe(reference(key, 'v1:1790000000:', body));
      const text = `whsec_${'k'.repeat(length)}`;
      expect(hmacSha256Hex(text, 'v1:1:', body)).toBe(reference(text, 'v1:1:', body));
    }
  });

  it('keys a string secret by its UTF-8 bytes and hashes string parts as UTF-8', () => {
    expect(hmacSha256Hex('sécret_☃', 'prefix:', 'body with ü')).toBe(
      reference('sécret_☃', 'prefix:', 'body with ü'),
    );
  });

  it('gives the same digest on repeated use (the cached states are copied, never consumed)', () => {
    const first = hmacSha256Hex('whsec_again', 'a', 'b');
    expect(hmacSha256Hex('whsec_again', 'a', 'b')).toBe(first);
    expect(hmacSha256Hex('whsec_again', 'ab')).toBe(first);
  });

  it('stays right past the bound of its cache of secrets', () => {
    for (let i = 0; i < 600; i++) {
      const secret = `whsec_many_${i}`;
      expect(hmacSha256Hex(secret, 'x')).toBe(reference(secret, 'x'));
    }
  });
});
