// verify(): the SDK's signature check, header forms, duplicate headers, malformed digests and the
// window, with property tests that any changed byte is refused.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sign, verify } from '../../../src/protocol/index.ts';

const SECRET = 'whsec_verify_tests';
const NOW = 1_763_700_000;
const body = '{"protocol_version":"1","request_id":"r1","type":"ping"}';
const signed = (overrides: Record<string, string | string[] | undefined> = {}, ts = NOW) => ({
  ...sign(SECRET, body, { timestamp: ts }),
  ...overrides,
});

describe('verify', () => {
  it('accepts a request signed now', () => {
    expect(verify(body, signed(), SECRET, { now: NOW })).toEqual({
      ok: true,
      timestamp: NOW,
      skewSeconds: 0,
    });
  });

  it('treats header names case-insensitively', () => {
    const h = sign(SECRET, body, { timestamp: NOW });
    const upper = Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verify(body, upper, SECRET, { now: NOW }).ok).toBe(true);
  });

  it('reads a fetch Headers object and raw header pairs', () => {
    const h = sign(SECRET, body, { timestamp: NOW });
    expect(verify(body, new Headers(h), SECRET, { now: NOW }).ok).toBe(true);
    expect(verify(body, Object.entries(h) as Array<[string, string]>, SECRET, { now: NOW }).ok).toBe(true);
  });

  it.each([
    ['x-service-signature', 'missing_header'],
    ['x-service-timestamp', 'missing_header'],
  ])('reports a missing %s', (name, reason) => {
    expect(verify(body, signed({ [name]: undefined }), SECRET, { now: NOW })).toMatchObject({
      ok: false,
      reason,
      header: name,
    });
  });

  it('reports a signature header sent twice, kept apart or joined by the transport', () => {
    const sig = signed()['x-service-signature'];
    expect(verify(body, signed({ 'x-service-signature': [sig, sig] }), SECRET, { now: NOW })).toMatchObject({
      reason: 'duplicated_header',
    });
    expect(
      verify(body, signed({ 'x-service-signature': `${sig}, ${sig}` }), SECRET, { now: NOW }),
    ).toMatchObject({ reason: 'duplicated_header' });
    const h = new Headers(sign(SECRET, body, { timestamp: NOW }));
    h.append('x-service-timestamp', String(NOW));
    expect(verify(body, h, SECRET, { now: NOW })).toMatchObject({
      reason: 'duplicated_header',
      header: 'x-service-timestamp',
    });
  });

  it('reports a signing header present twice in a plain object under two letter cases', () => {
    const h = sign(SECRET, body, { timestamp: NOW });
    const both = { ...h, 'X-Service-Signature': h['x-service-signature'] };
    expect(verify(body, both, SECRET, { now: NOW })).toMatchObject({
      ok: false,
      reason: 'duplicated_header',
      header: 'x-service-signature',
    });
    const tsTwice = { ...h, 'X-SERVICE-TIMESTAMP': String(NOW) };
    expect(verify(body, tsTwice, SECRET, { now: NOW })).toMatchObject({
      ok: false,
      reason: 'duplicated_header',
      header: 'x-service-timestamp',
    });
  });

  it('refuses a digest of the right length holding control or non-hex characters', () => {
    const sig = signed()['x-service-signature'];
    for (const bad of ['\u0000', '\u001b', 'g', ' ', 'é']) {
      const value = sig.slice(0, 10) + bad + sig.slice(11);
      const result = verify(body, signed({ 'x-service-signature': value }), SECRET, { now: NOW });
      expect(result.ok).toBe(false);
    }
  });

  it('agrees with the general path when the headers come as pairs or as an object', () => {
    const h = sign(SECRET, body, { timestamp: NOW - 42 });
    const asPairs = Object.entries(h) as Array<[string, string]>;
    expect(verify(body, h, SECRET, { now: NOW })).toEqual(verify(body, asPairs, SECRET, { now: NOW }));
    const upper = Object.fromEntries(asPairs.map(([k, v]) => [k.toUpperCase(), v]));
    expect(verify(body, upper, SECRET, { now: NOW })).toEqual(verify(body, asPairs, SECRET, { now: NOW }));
  });

  it.each([
    ['v1=abc', 'malformed_signature'],
    ['sha256=' + 'a'.repeat(64), 'malformed_signature'],
    ['a'.repeat(64), 'malformed_signature'],
    ['v1=' + 'g'.repeat(64), 'malformed_signature'],
  ])('rejects the signature %s as malformed', (value, reason) => {
    expect(verify(body, signed({ 'x-service-signature': value }), SECRET, { now: NOW })).toMatchObject({
      reason,
    });
  });

  it.each([
    [String(NOW * 1000), 'milliseconds'],
    [`${NOW}.5`, 'fractional'],
    ['', 'empty'],
    ['-5', 'not a base-10 integer'],
    ['17637abc', 'not a base-10'],
  ])('rejects the timestamp %j as malformed (%s)', (ts, words) => {
    const result = verify(body, { ...sign(SECRET, body, { timestamp: ts }) }, SECRET, { now: NOW });
    expect(result).toMatchObject({ ok: false, reason: 'malformed_timestamp' });
    expect(!result.ok && result.message).toContain(words);
  });

  it('rejects a timestamp 301 s old and 301 s in the future, accepts 300 s both ways', () => {
    expect(verify(body, signed({}, NOW - 300), SECRET, { now: NOW }).ok).toBe(true);
    expect(verify(body, signed({}, NOW + 300), SECRET, { now: NOW }).ok).toBe(true);
    expect(verify(body, signed({}, NOW - 301), SECRET, { now: NOW })).toMatchObject({
      reason: 'timestamp_too_old',
      skewSeconds: 301,
    });
    expect(verify(body, signed({}, NOW + 301), SECRET, { now: NOW })).toMatchObject({
      reason: 'timestamp_in_future',
      skewSeconds: -301,
    });
  });

  it('follows a configured window', () => {
    expect(verify(body, signed({}, NOW - 31), SECRET, { now: NOW, toleranceSeconds: 30 })).toMatchObject({
      reason: 'timestamp_too_old',
    });
  });

  it('reports another protocol version only once the signature is proven', () => {
    expect(verify(body, signed({ 'x-service-protocol': '2' }), SECRET, { now: NOW })).toMatchObject({
      reason: 'protocol_mismatch',
    });
    expect(verify(body, signed({ 'x-service-protocol': '2' }), 'other', { now: NOW })).toMatchObject({
      reason: 'signature_mismatch',
    });
    expect(verify(body, signed({ 'x-service-protocol': undefined }), SECRET, { now: NOW }).ok).toBe(true);
  });

  it('reports a wrong secret as a signature mismatch', () => {
    expect(verify(body, signed(), 'whsec_other', { now: NOW })).toMatchObject({
      reason: 'signature_mismatch',
    });
  });
});

describe('verify (properties)', () => {
  it('rejects any single changed byte of the body', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 256 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (bytes, at, delta) => {
          const raw = Buffer.from(bytes);
          const headers = sign(SECRET, raw, { timestamp: NOW });
          const changed = Buffer.from(raw);
          const i = at % changed.length;
          changed[i] = (changed[i] + delta) % 256;
          return verify(changed, headers, SECRET, { now: NOW }).ok === false;
        },
      ),
    );
  });

  it('rejects any single changed character of the timestamp or the signature', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('x-service-timestamp', 'x-service-signature'),
        fc.nat(),
        fc.nat(),
        (name, at, pick) => {
          const headers: Record<string, string> = { ...sign(SECRET, body, { timestamp: NOW }) };
          const value = headers[name];
          const i =
            (name === 'x-service-signature' ? 3 : 0) +
            (at % (value.length - (name === 'x-service-signature' ? 3 : 0)));
          const alphabet = '0123456789abcdef';
          let replacement = alphabet[pick % alphabet.length];
          if (replacement.toLowerCase() === value[i].toLowerCase())
            replacement = alphabet[(pick + 1) % alphabet.length];
          headers[name] = value.slice(0, i) + replacement + value.slice(i + 1);
          return verify(body, headers, SECRET, { now: NOW }).ok === false;
        },
      ),
    );
  });

  it('accepts any skew up to 300 s and rejects 301 s and beyond, in both directions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -300, max: 300 }),
        (skew) => verify(body, signed({}, NOW - skew), SECRET, { now: NOW }).ok,
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 301, max: 10_000_000 }), fc.boolean(), (skew, future) => {
        const r = verify(body, signed({}, future ? NOW + skew : NOW - skew), SECRET, { now: NOW });
        return !r.ok && r.reason === (future ? 'timestamp_in_future' : 'timestamp_too_old');
      }),
    );
  });

  it('accepts the digest in any letter case', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }), (upper) => {
        const sig = signed()['x-service-signature'];
        const hex = Array.from(sig.slice(3), (c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
        return verify(body, signed({ 'x-service-signature': `v1=${hex}` }), SECRET, { now: NOW }).ok;
      }),
    );
  });
});
