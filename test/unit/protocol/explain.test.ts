// explain(): why a signature failed, as the Inspector and `ctb explain` say it: canonical string,
// both signatures, skew, and the named signing mistakes (re-serialized body, secret variants, ms timestamps).

import { describe, expect, it } from 'vitest';
import { computeSignature, explain, fingerprint, hmacHex, sign } from '../../../src/protocol/index.ts';
import { createHmac } from 'node:crypto';

const SECRET = 'whsec_0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const NOW = 1_763_700_000;
const value = {
  type: 'tool.invoke',
  request_id: 'r1',
  protocol_version: '1',
  tool: 'getProduct',
  parameters: { sku: 'SKU-1', note: 'café ☕' },
};
const sent = JSON.stringify(value);
const headersFor = (signature: string, ts: string | number = NOW) => ({
  'x-service-signature': signature,
  'x-service-timestamp': String(ts),
  'x-service-protocol': '1',
});
const rawHmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest('hex');

describe('explain', () => {
  it('calls a valid request valid and names the secret by fingerprint only', () => {
    const d = explain(sent, sign(SECRET, sent, { timestamp: NOW }), [SECRET], { now: NOW });
    expect(d.verdict).toBe('valid');
    expect(d.matchedSecret).toBe(fingerprint(SECRET));
    expect(JSON.stringify(d)).not.toContain(SECRET);
  });

  it('lists the expected signature of every candidate, in lowercase, whichever one verified', () => {
    const OLD = 'whsec_ffeeddccbbaa99887766554433221100';
    const upper = `v1=${computeSignature(OLD, NOW, sent).slice(3).toUpperCase()}`;
    const d = explain(sent, headersFor(upper), [SECRET, OLD], { now: NOW });
    expect(d.verdict).toBe('valid');
    expect(d.matchedSecretIndex).toBe(1);
    expect(d.expected.map((e) => e.signature)).toEqual([
      computeSignature(SECRET, NOW, sent),
      computeSignature(OLD, NOW, sent),
    ]);
  });

  it('shows the canonical string, both signatures and the skew against the window', () => {
    const d = explain(sent, headersFor(computeSignature('nope', NOW - 20, sent), NOW - 20), [SECRET], {
      now: NOW,
    });
    expect(d.canonical.string).toBe(`v1:${NOW - 20}:${sent}`);
    expect(d.expected[0].signature).toBe(computeSignature(SECRET, NOW - 20, sent));
    expect(d.received.signature).toBe(computeSignature('nope', NOW - 20, sent));
    expect(d.skew).toMatchObject({ seconds: 20, toleranceSeconds: 300, withinWindow: true });
    expect(d.failedCheck).toBe('signature_mismatch');
    expect(d.cause).toBeNull();
  });

  const reserialized: Array<[string, string]> = [
    ['indent_2', JSON.stringify(value, null, 2)],
    [
      'sorted_keys',
      JSON.stringify({
        ...Object.fromEntries(Object.entries(value).sort()),
        parameters: { note: value.parameters.note, sku: 'SKU-1' },
      }),
    ],
    ['compact+newline', sent + '\n'],
  ];
  it.each(reserialized)('names a body re-serialized as %s', (id, signedForm) => {
    const d = explain(sent, headersFor(computeSignature(SECRET, NOW, signedForm)), [SECRET], { now: NOW });
    expect(d.cause?.id).toBe(`body_reserialized:${id}`);
    expect(d.summary).toContain('re-serialized');
  });

  it('names a body whose unicode was escaped', () => {
    const escaped = sent.replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const d = explain(sent, headersFor(computeSignature(SECRET, NOW, escaped)), [SECRET], { now: NOW });
    expect(d.cause?.id).toBe('body_reserialized:unicode_escaped');
  });

  it.each([
    ['whitespace', ` ${SECRET}\n`, SECRET],
    ['whsec_prefix_dropped', SECRET, SECRET.slice(6)],
    ['whsec_prefix_added', 'plain-secret', 'whsec_plain-secret'],
  ])('names a secret variant: %s', (id, known, usedBySigner) => {
    const d = explain(sent, headersFor(computeSignature(usedBySigner, NOW, sent)), [known], { now: NOW });
    expect(d.cause?.id).toBe(`secret_variant:${id}`);
  });

  it('names a hex-decoded secret', () => {
    const key = Buffer.from(SECRET.slice(6), 'hex');
    const d = explain(sent, headersFor('v1=' + rawHmac(key, `v1:${NOW}:${sent}`)), [SECRET], { now: NOW });
    expect(d.cause?.id).toBe('secret_variant:hex_decoded');
  });

  it('names a base64-decoded secret', () => {
    const secret = 'c2VjcmV0LWtleS1ieXRlcw==';
    const d = explain(
      sent,
      headersFor('v1=' + rawHmac(Buffer.from(secret, 'base64'), `v1:${NOW}:${sent}`)),
      [secret],
      { now: NOW },
    );
    expect(d.cause?.id).toBe('secret_variant:base64_decoded');
  });

  it('finds the pre-rotation secret among the candidates', () => {
    const old = 'whsec_before_rotation';
    const d = explain(sent, sign(old, sent, { timestamp: NOW }), [SECRET, old], { now: NOW });
    expect(d.verdict).toBe('valid');
    expect(d.cause).toMatchObject({ id: 'other_secret', secret: fingerprint(old) });
    expect(JSON.stringify(d)).not.toContain(old);
  });

  it('names a timestamp sent in milliseconds', () => {
    const ms = String(NOW * 1000);
    const d = explain(sent, headersFor(computeSignature(SECRET, ms, sent), ms), [SECRET], { now: NOW });
    expect(d.failedCheck).toBe('malformed_timestamp');
    expect(d.summary).toContain('milliseconds');
    expect(d.skew.timestamp).toBe(NOW);
  });

  it('names a signature computed over milliseconds while seconds were sent', () => {
    const d = explain(sent, headersFor('v1=' + rawHmac(SECRET, `v1:${NOW * 1000 + 417}:${sent}`)), [SECRET], {
      now: NOW,
    });
    expect(d.cause?.id).toBe('timestamp_milliseconds');
  });

  it.each([
    ['payload_without_prefix', `${NOW}:${sent}`],
    ['payload_separator:"."', `v1.${NOW}.${sent}`],
    ['payload_separator_no_prefix:"."', `${NOW}.${sent}`],
    ['body_only', sent],
  ])('names a payload built wrongly: %s', (id, payload) => {
    const d = explain(sent, headersFor('v1=' + rawHmac(SECRET, payload)), [SECRET], { now: NOW });
    expect(d.cause?.id).toBe(id);
  });

  it('names a truncated digest and a digest without its scheme prefix', () => {
    const hex = hmacHex(SECRET, NOW, sent);
    expect(explain(sent, headersFor(`v1=${hex.slice(0, 40)}`), [SECRET], { now: NOW }).cause?.id).toBe(
      'truncated_digest',
    );
    expect(explain(sent, headersFor(hex), [SECRET], { now: NOW }).cause?.id).toBe('missing_scheme_prefix');
  });

  it('calls a genuine but aged request too old and says so', () => {
    const d = explain(sent, sign(SECRET, sent, { timestamp: NOW - 900 }), [SECRET], { now: NOW });
    expect(d.failedCheck).toBe('timestamp_too_old');
    expect(d.matchedSecret).toBe(fingerprint(SECRET));
    expect(d.skew).toMatchObject({ seconds: 900, withinWindow: false });
    expect(d.summary).toContain('genuine');
  });

  it('shows a binary body safely in the canonical string', () => {
    const bin = Buffer.from([0x00, 0x1b, 0xff, 0x41]);
    const d = explain(bin, sign(SECRET, bin, { timestamp: NOW }), [SECRET], { now: NOW });
    expect(d.verdict).toBe('valid');
    expect(d.canonical.string).toBe(`v1:${NOW}:\\x00\\x1b\\xffA`);
  });
});

describe('safe display of bodies', () => {
  it('keeps text that was cut inside a multi-byte character as text', async () => {
    const { safeText } = await import('../../../src/protocol/index.ts');
    const shown = safeText('☕☕☕', 4);
    expect(shown).toMatchObject({ text: '☕', truncated: true, binary: false, totalBytes: 9 });
  });

  it('escapes terminal control sequences and bidi overrides in text bodies', async () => {
    const { safeText } = await import('../../../src/protocol/index.ts');
    expect(safeText('{"a":"\u001b[31mred\u202e"}').text).toBe('{"a":"\\u001b[31mred\\u202e"}');
  });
});
