// Latency recording for the load engine: HDR histograms in microseconds (3 significant digits),
// one for the whole run and one per one-second slice of the timeline.

import { build } from 'hdr-histogram-js';
import type { Histogram } from 'hdr-histogram-js';
import type { LatencySummary } from './types.ts';

/** Percentiles of the chartable series: dense towards the tail, where load problems show. */
export const PERCENTILE_SERIES = [0, 10, 25, 50, 75, 90, 95, 97.5, 99, 99.5, 99.9, 99.95, 99.99, 100];

export function newHistogram(): Histogram {
  // Up to one hour in microseconds; values above it are clamped by the caller.
  return build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
    autoResize: true,
  });
}

export function toMs(micros: number): number {
  return Math.round(micros) / 1000;
}

export function atPercentile(h: Histogram, percentile: number): number {
  if (h.totalCount === 0) return 0;
  // HDR reports the top of a value's bucket; never let a percentile exceed the recorded maximum.
  return toMs(percentile >= 100 ? h.maxValue : Math.min(h.getValueAtPercentile(percentile), h.maxValue));
}

export function summarise(h: Histogram): LatencySummary {
  const empty = h.totalCount === 0;
  return {
    min: empty ? 0 : toMs(h.minNonZeroValue),
    mean: empty ? 0 : toMs(h.mean),
    stdev: empty ? 0 : toMs(h.stdDeviation),
    p50: atPercentile(h, 50),
    p75: atPercentile(h, 75),
    p90: atPercentile(h, 90),
    p95: atPercentile(h, 95),
    p99: atPercentile(h, 99),
    p999: atPercentile(h, 99.9),
    max: atPercentile(h, 100),
  };
}
