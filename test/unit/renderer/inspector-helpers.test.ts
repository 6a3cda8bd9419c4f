// The inspector's pure helpers: signature diff, body views, skew and waterfall geometry.
// Pure functions, so they are tested here without a browser; the e2e spec checks what gets drawn.

import { describe, expect, it } from 'vitest';
import { firstDifference, splitAt } from '../../../src/renderer/src/lib/diff.ts';
import { base64ToBytes, bytesToText, hexDump, prettyJson } from '../../../src/renderer/src/lib/bytes.ts';
import { skewScale, waterfallBars } from '../../../src/renderer/src/lib/geometry.ts';

describe('firstDifference', () => {
  it('marks the first character where the sent signature departs from the computed one', () => {
    expect(firstDifference('v1=abcdef', 'v1=abXdef')).toEqual({ index: 5, equal: false });
  });
  it('treats hex digits of either case as equal, as verifiers do', () => {
    expect(firstDifference('v1=ABCDEF', 'v1=abcdef')).toEqual({ index: null, equal: true });
  });
  it('points past the shorter string when one is a prefix of the other', () => {
    expect(firstDifference('v1=abc', 'v1=abcd').index).toBe(6);
  });
  it('reports a missing signature as differing from the start', () => {
    expect(firstDifference('v1=abc', null)).toEqual({ index: 0, equal: false });
  });
  it('splits around the marked character for rendering', () => {
    expect(splitAt('v1=abXdef', 5)).toEqual(['v1=ab', 'X', 'def']);
    expect(splitAt('same', null)).toEqual(['same', '', '']);
  });
});

describe('body views', () => {
  const b64 = Buffer.from('{"type":"result","output":{"sku":"A-1"}}').toString('base64');
  it('decodes base64 bodies and re-indents JSON', () => {
    const text = bytesToText(base64ToBytes(b64));
    expect(prettyJson(text)).toBe('{\n  "type": "result",\n  "output": {\n    "sku": "A-1"\n  }\n}');
  });
  it('leaves a non-JSON body to the raw view', () => {
    expect(prettyJson('not json')).toBeNull();
    expect(prettyJson('')).toBeNull();
  });
  it('dumps bytes as offset, hex and printable ASCII', () => {
    const dump = hexDump(new Uint8Array([0x7b, 0x0a, 0x41]));
    expect(dump).toBe(`00000000  7b 0a 41${' '.repeat(39)}  {.A`);
  });
});

describe('skewScale', () => {
  it('puts a zero skew in the middle and flags a skew beyond the window', () => {
    const inside = skewScale(0, 300, 300);
    expect(inside.x(0)).toBe(150);
    expect(inside.outside).toBe(false);
    expect(skewScale(301, 300, 300).outside).toBe(true);
    expect(skewScale(300, 300, 300).outside).toBe(false);
  });
  it('widens the axis so a far skew still lands inside the drawing', () => {
    const sc = skewScale(-5000, 300, 300);
    expect(sc.x(-5000)).toBeGreaterThanOrEqual(0);
    expect(sc.x(-5000)).toBeLessThan(sc.x(-300));
  });
});

describe('waterfallBars', () => {
  it('tiles connect, first byte and download over the total', () => {
    expect(waterfallBars({ connectMs: 2, firstByteMs: 10, totalMs: 12 })).toEqual([
      { label: 'connect', startMs: 0, endMs: 2 },
      { label: 'first byte', startMs: 2, endMs: 10 },
      { label: 'download', startMs: 10, endMs: 12 },
    ]);
  });
  it('shows a single total bar when the phases are unknown', () => {
    expect(waterfallBars({ totalMs: 7 })).toEqual([{ label: 'total', startMs: 0, endMs: 7 }]);
  });
});
