// Bounded JSON for connector answers: a 10,000-level answer is refused before parsing, and every
// preview or export stops at its depth and size with the marker where it cut.

import { describe, expect, it } from 'vitest';
import {
  CUT_MARKER,
  MAX_JSON_DEPTH,
  jsonDepth,
  parseBounded,
  previewBody,
  previewJson,
  safeStringify,
} from '../../../src/client/index.ts';

const deepText = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
function deepValue(levels: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = { next: v };
  return v;
}

describe('parseBounded', () => {
  it('refuses a 10,000-level answer without handing it to JSON.parse', () => {
    const parsed = parseBounded(Buffer.from(deepText(10_000)));
    expect(parsed.kind).toBe('too_deep');
  });

  it('refuses the shortest answer one level past the limit', () => {
    const parsed = parseBounded(Buffer.from(deepText(MAX_JSON_DEPTH + 1)));
    expect(parsed).toEqual({ kind: 'too_deep', depth: MAX_JSON_DEPTH + 1 });
    // Unbalanced and short: not JSON, whatever its depth.
    expect(parseBounded(Buffer.from('['.repeat(2 * MAX_JSON_DEPTH))).kind).toBe('not_json');
  });

  it('parses an answer exactly at the depth limit, and ignores brackets inside strings', () => {
    expect(parseBounded(Buffer.from(deepText(MAX_JSON_DEPTH))).kind).toBe('json');
    const quoted = JSON.stringify({ text: '['.repeat(10_000) });
    expect(jsonDepth(quoted)).toBe(1);
    expect(parseBounded(Buffer.from(quoted))).toEqual({ kind: 'json', value: { text: '['.repeat(10_000) } });
  });

  it('parses long shallow answers, with few brackets or with many, and a byte view by its own bytes', () => {
    const few = { text: 'x'.repeat(5_000), list: [1, 2, 3] };
    expect(parseBounded(Buffer.from(JSON.stringify(few)))).toEqual({ kind: 'json', value: few });
    const many = Array.from({ length: 1_000 }, (_, i) => ({ id: i, tags: [i] }));
    expect(parseBounded(Buffer.from(JSON.stringify(many)))).toEqual({ kind: 'json', value: many });
    const whole = Buffer.from(`[[[${JSON.stringify(few)}]]]`);
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 3, whole.length - 6);
    expect(parseBounded(view)).toEqual({ kind: 'json', value: few });
  });

  it('tells an empty body from one that is not JSON', () => {
    expect(parseBounded(Buffer.alloc(0)).kind).toBe('empty');
    expect(parseBounded(Buffer.from('<html>')).kind).toBe('not_json');
  });
});

describe('safeStringify', () => {
  it('stringifies a 10,000-level value (which overflows JSON.stringify) with a depth marker', () => {
    const value = deepValue(10_000);
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    const text = safeStringify(value, { maxDepth: 5 });
    expect(text).toBe(`{"next":{"next":{"next":{"next":{"next":"${CUT_MARKER} (deeper than 5 levels)"}}}}}`);
  });

  it('stops at maxChars with the marker at the end', () => {
    const text = safeStringify({ data: 'x'.repeat(10_000) }, { maxChars: 50 });
    expect(text).toHaveLength(50 + CUT_MARKER.length);
    expect(text.endsWith(CUT_MARKER)).toBe(true);
  });

  it('names a cycle instead of throwing, and matches JSON.stringify on plain values', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(safeStringify(cyclic)).toBe(`{"a":1,"self":"${CUT_MARKER} (cycle)"}`);
    const plain = { a: [1, 'two', null, true], b: { c: undefined, d: 1.5 } };
    expect(safeStringify(plain)).toBe(JSON.stringify(plain));
  });
});

describe('previews', () => {
  it('keeps a preview of a huge or deep value to one short line', () => {
    expect(previewJson(deepValue(10_000)).length).toBeLessThanOrEqual(120 + CUT_MARKER.length);
    expect(previewBody(Buffer.alloc(5_000_000, 0x61))).toBe(`${'a'.repeat(80)}${CUT_MARKER}`);
    expect(previewBody(Buffer.from('short\n answer'))).toBe('short answer');
  });
});
