// The Load and Conformance forms before anything is sent: guard rails, thresholds checked by the
// CLI's parser, the loopback rule, and the chart scales the latency charts are drawn with.

import { describe, expect, it } from 'vitest';
import { buildLoadInput, thresholdProblems } from '../../../src/renderer/src/store/load/selectors.ts';
import { initialLoadState } from '../../../src/renderer/src/store/load/initialState.ts';
import { parseSkew } from '../../../src/renderer/src/store/conformance/selectors.ts';
import { linePath, niceTicks, nines } from '../../../src/renderer/src/lib/chart-scale.ts';
import { isLoopbackUrl } from '../../../src/shared/index.ts';

const target = { kind: 'local' as const, id: 'l1' };

describe('buildLoadInput', () => {
  it('turns the default form into a ping load with its thresholds', () => {
    const r = buildLoadInput(initialLoadState, target);
    expect(r).toEqual({
      ok: true,
      input: {
        target,
        request: { kind: 'type', type: 'ping' },
        connections: 4,
        durationMs: 5000,
        thresholds: ['p99<200', 'errors<1%'],
      },
    });
  });
  it('caps connections at 256 and the duration at 120 s, saying so', () => {
    const r = buildLoadInput({ ...initialLoadState, connectionsText: '257', durationText: '121' }, target);
    expect(!r.ok && r.errors.connections).toMatch(/capped at 256/);
    expect(!r.ok && r.errors.duration).toMatch(/capped at 120/);
  });
  it('sends a count instead of a duration in count mode, with a rate', () => {
    const r = buildLoadInput(
      { ...initialLoadState, mode: 'count', requestsText: '50', rateText: '20/s' },
      target,
    );
    expect(r.ok && r.input).toMatchObject({ requests: 50, rate: 20 });
    expect(r.ok && 'durationMs' in r.input).toBe(false);
  });
  it('needs a tool and JSON object parameters for tool.invoke', () => {
    const r = buildLoadInput(
      { ...initialLoadState, requestKind: 'tool.invoke', tool: '', paramsText: '[]' },
      target,
    );
    expect(!r.ok && r.errors.tool).toBeTruthy();
    expect(!r.ok && r.errors.parameters).toMatch(/must be a JSON object/);
  });
  it('refuses to run without a target', () => {
    expect(buildLoadInput(initialLoadState, null).ok).toBe(false);
  });
});

describe('thresholdProblems', () => {
  it('accepts what ctb load --threshold accepts and names each bad expression', () => {
    expect(thresholdProblems('p99<200, errors<1%, rps>=1000, max<1s')).toEqual([]);
    const problems = thresholdProblems('p99<200, p99 < fast, errors<5ms');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('bad threshold "p99 < fast"');
    expect(problems[1]).toContain('errors take a count or a percentage');
  });
});

describe('parseSkew', () => {
  it('takes whole seconds from 0 to 86400', () => {
    expect(parseSkew('300')).toEqual({ ok: true, value: 300 });
    expect(parseSkew('0')).toEqual({ ok: true, value: 0 });
    expect(parseSkew('30.5').ok).toBe(false);
    expect(parseSkew('86401').ok).toBe(false);
  });
});

describe('isLoopbackUrl', () => {
  it.each([
    ['http://127.0.0.1:4020/service', true],
    ['http://127.8.9.10/x', true],
    ['http://localhost:1/x', true],
    ['http://[::1]:8080/x', true],
    ['http://[::ffff:127.0.0.1]/x', true],
    ['http://10.0.0.5/x', false],
    ['https://connector.example.com/service', false],
    ['http://127.0.0.1.nip.io/x', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => expect(isLoopbackUrl(url)).toBe(expected));
});

describe('chart scales', () => {
  it('gives round ticks that cover the maximum', () => {
    expect(niceTicks(196)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(0.8)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });
  it('spaces 90, 99 and 99.9 equally on the nines axis, with max at the end', () => {
    expect(nines(90, 5)).toBeCloseTo(1);
    expect(nines(99, 5)).toBeCloseTo(2);
    expect(nines(99.9, 5)).toBeCloseTo(3);
    expect(nines(100, 5)).toBe(5);
  });
  it('draws a path through the points in order', () => {
    expect(
      linePath([
        { x: 0, y: 10 },
        { x: 5.25, y: 2 },
      ]),
    ).toBe('M0.0 10.0 L5.3 2.0');
    expect(linePath([])).toBe('');
  });
});
