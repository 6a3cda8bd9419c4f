// The History diagnosis column has one typed shape; rows written before it (three older shapes)
// still read, so an old data folder shows the same inspector as before.

import { describe, expect, it } from 'vitest';
import { exchangeDiagnosis, readDiagnosis } from '../../../src/client/index.ts';
import { explain, sign } from '../../../src/protocol/index.ts';

const body = Buffer.from('{"type":"ping"}');
const explanation = explain(body, Object.entries(sign('whsec_a', body)), ['whsec_a']);

describe('readDiagnosis', () => {
  it('reads the typed shape back as written', () => {
    const written = exchangeDiagnosis({ signature: explanation, hint: 'h' });
    expect(readDiagnosis(JSON.parse(JSON.stringify(written)))).toEqual(written);
  });

  it('reads an older bare explain result as the signature part', () => {
    expect(readDiagnosis(JSON.parse(JSON.stringify(explanation)))?.signature?.verdict).toBe('valid');
  });

  it("reads the manager's older hint and SSRF shapes", () => {
    expect(readDiagnosis({ hint: 'wrong secret', timestamp: '1', secret_fingerprint: 'fp' })).toEqual(
      exchangeDiagnosis({ hint: 'wrong secret', signing: { timestamp: '1', secretFingerprint: 'fp' } }),
    );
    const ssrf = readDiagnosis({ ssrf: { allowed: false, reasons: ['loopback'], addresses: ['127.0.0.1'] } });
    expect(ssrf?.ssrf).toEqual({ mode: 'strict', reasons: ['loopback'], addresses: ['127.0.0.1'] });
  });

  it('answers null for nothing, or for a value of no known shape', () => {
    expect(readDiagnosis(null)).toBeNull();
    expect(readDiagnosis({ something: 'else' })).toBeNull();
  });
});
