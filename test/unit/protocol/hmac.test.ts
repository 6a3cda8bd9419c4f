// The SDK's HMAC from prepared pads must be HMAC-SHA256 exactly: short, block-sized and long keys,
// string and byte keys, bodies in several parts, either side of the one-shot size, beyond the cache.

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

  it('is the same HMAC either side of the size where it stops copying and streams', () => {
    for (const size of [0, 16 * 1024 - 20, 16 * 1024 - 15, 16 * 1024, 16 * 1024 + 1, 1024 * 1024]) {
      const body = randomBytes(size);
      expect(hmacSha256Hex('whsec_sizes', 'v1:1790000000:', body)).toBe(
        reference('whsec_sizes', 'v1:1790000000:', body),
      );
    }
    const text = 'ü'.repeat(9000); // 18,000 bytes in UTF-8 from 9,000 UTF-16 units
    expect(hmacSha256Hex('whsec_sizes', text)).toBe(reference('whsec_sizes', text));
  });

  it('reads a byte part that is a view into a larger buffer by its own bytes only', () => {
    const whole = randomBytes(500);
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 100, 200);
    expect(hmacSha256Hex('whsec_view', 'p:', view)).toBe(reference('whsec_view', 'p:', Buffer.from(view)));
  });

  it('gives the same digest on repeated use (the cached pads are read, never consumed)', () => {
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
