// What History keeps of a labelled run: its first exchanges, then the first of each kind of failure;
// everything outside a load or conformance run is kept whole.

import { describe, expect, it } from 'vitest';
import { RunSampler, runLabel } from '../../../src/store/run-sample.ts';

const limits = { first: 3, perFailure: 2, runs: 2 };

describe('RunSampler', () => {
  it('keeps the first exchanges of a run, then only the first few of each failure', () => {
    const s = new RunSampler(limits);
    const label = runLabel('load', 'r1');
    const verdicts = [
      'ok',
      'ok',
      'timeout',
      'ok',
      'timeout',
      'timeout',
      'timeout',
      'invalid_signature',
      'ok',
    ];
    expect(verdicts.map((v) => s.keep(label, v))).toEqual([
      true,
      true,
      true,
      false,
      true,
      true,
      false,
      true,
      false,
    ]);
  });

  it('keeps everything without a run label, and every step of a scenario run', () => {
    const s = new RunSampler(limits);
    for (let i = 0; i < 10; i++) {
      expect(s.keep(null, 'ok')).toBe(true);
      expect(s.keep('trace-123', 'ok')).toBe(true);
      expect(s.keep('scenario-run:abc', 'ok')).toBe(true);
    }
  });

  it('counts each run apart and forgets the oldest beyond its memory', () => {
    const s = new RunSampler(limits);
    const [a, b, c] = ['a', 'b', 'c'].map((id) => runLabel('load', id));
    for (let i = 0; i < 3; i++) s.keep(a, 'ok');
    expect(s.keep(a, 'ok')).toBe(false);
    expect(s.keep(b, 'ok')).toBe(true);
    s.keep(c, 'ok');
    // Three runs with room for two: a was forgotten, so it starts a new sample.
    expect(s.keep(a, 'ok')).toBe(true);
  });
});
