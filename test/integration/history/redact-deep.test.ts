// Redacted History exports survive a hostile connector's answer: a body nested 10,000 levels deep
// is exported as it was instead of overflowing the stack in the credential mask.

import { describe, expect, it } from 'vitest';
import { redactBody } from '../../../src/engine/history/redact.ts';

describe('redactBody', () => {
  it('keeps a 10,000-level body as it is instead of failing the export', () => {
    const deep = Buffer.from('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000));
    expect(redactBody(deep, false)).toBe(deep);
  });

  it('still masks a credential field in an ordinary body', () => {
    const out = redactBody(Buffer.from('{"api_key":"k1","q":"x"}'), false).toString();
    expect(JSON.parse(out)).toEqual({ api_key: '[redacted]', q: 'x' });
  });
});
