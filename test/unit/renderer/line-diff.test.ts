// The compare view's line diff: what a person sees marked when two exchanges' bodies differ.
// Pure functions, so they are tested here without a browser; the e2e spec checks the screen.

import { describe, expect, it } from 'vitest';
import { headerDiff, lineDiff } from '../../../src/renderer/src/lib/line-diff.ts';

describe('lineDiff', () => {
  it('marks nothing when both bodies are the same', () => {
    expect(lineDiff('a\nb', 'a\nb').every((r) => r.kind === 'same')).toBe(true);
  });

  it('pairs a replaced line with its replacement and keeps line numbers', () => {
    const rows = lineDiff('{\n  "a": 1,\n  "b": 2\n}', '{\n  "a": 1,\n  "b": 3\n}');
    expect(rows.map((r) => r.kind)).toEqual(['same', 'same', 'changed', 'same']);
    expect(rows[2]).toMatchObject({ left: '  "b": 2', right: '  "b": 3', leftNo: 3, rightNo: 3 });
  });

  it('shows an inserted line as added on the right only', () => {
    const rows = lineDiff('x\nz', 'x\ny\nz');
    expect(rows.map((r) => r.kind)).toEqual(['same', 'added', 'same']);
    expect(rows[1]).toMatchObject({ left: null, right: 'y', leftNo: null, rightNo: 2 });
    expect(rows[2]).toMatchObject({ leftNo: 2, rightNo: 3 });
  });

  it('shows a removed line on the left only', () => {
    expect(lineDiff('x\ny\nz', 'x\nz').map((r) => r.kind)).toEqual(['same', 'removed', 'same']);
  });
});

describe('headerDiff', () => {
  it('matches names in any case and marks differing or missing values', () => {
    const rows = headerDiff(
      [
        ['X-Service-Timestamp', '1'],
        ['content-type', 'application/json'],
      ],
      [
        ['x-service-timestamp', '2'],
        ['Content-Type', 'application/json'],
        ['x-extra', 'y'],
      ],
    );
    expect(rows).toEqual([
      { name: 'content-type', left: 'application/json', right: 'application/json', differs: false },
      { name: 'x-extra', left: null, right: 'y', differs: true },
      { name: 'x-service-timestamp', left: '1', right: '2', differs: true },
    ]);
  });
});
