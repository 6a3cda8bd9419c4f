// Unknown emails pay one scrypt like real accounts (timing tells nothing), but the stand-in hash they
// are checked against is made without any scrypt: no synchronous stall when the first one arrives.

import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPasswordAsync } from '../../../src/platform/ids.ts';

describe('the stand-in password hash of unknown emails', () => {
  it('has the cost parameters of a real hash, matches no password, and costs no scrypt to make', async () => {
    const real = hashPassword('correct horse');
    const dummy = dummyPasswordHash();
    expect(dummy.split('$').slice(0, 4)).toEqual(real.split('$').slice(0, 4));
    expect(await verifyPasswordAsync('', dummy)).toBe(false);
    expect(await verifyPasswordAsync('correct horse', dummy)).toBe(false);
    // One scrypt at these parameters takes tens of milliseconds; a thousand stand-ins take less.
    const started = performance.now();
    for (let i = 0; i < 1000; i++) dummyPasswordHash();
    const perHash = (performance.now() - started) / 1000;
    const scryptStarted = performance.now();
    hashPassword('x');
    expect(perHash).toBeLessThan((performance.now() - scryptStarted) / 10);
  });
});
