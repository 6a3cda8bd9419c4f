// The --threshold grammar: the forms a user writes parse to the right metric and limit, and
// anything ambiguous or misspelt is refused instead of silently passing.

import { describe, expect, it } from 'vitest';
import { parseThreshold, ThresholdError } from '../../../src/load/index.ts';

describe('threshold expressions', () => {
  it.each([
    ['p99<200', { metric: 'latency', percentile: 99, op: '<', limit: 200 }],
    ['p50<=50ms', { metric: 'latency', percentile: 50, op: '<=', limit: 50 }],
    ['p99.9 < 1.5s', { metric: 'latency', percentile: 99.9, op: '<', limit: 1500 }],
    ['max<1s', { metric: 'latency', percentile: 100, op: '<', limit: 1000 }],
    ['mean<10', { metric: 'latency', percentile: -1, op: '<', limit: 10 }],
    ['errors<1%', { metric: 'error_rate', op: '<', limit: 1 }],
    ['errors==0', { metric: 'errors', op: '==', limit: 0 }],
    ['rps>=1000', { metric: 'rps', op: '>=', limit: 1000 }],
  ])('reads %s', (text, expected) => {
    expect(parseThreshold(text)).toMatchObject(expected);
  });

  it.each([
    'p99',
    'p99<',
    'p99<<200',
    'p99<200%',
    'rps>=1000ms',
    'errors<5ms',
    'errors<101%',
    'latency<5',
    'p0<1',
    'p100.5<3',
    '<200',
    'p99 = 3',
  ])('refuses %s', (text) => {
    expect(() => parseThreshold(text)).toThrow(ThresholdError);
  });
});
