// Running totals of a load run: the whole-run and per-second histograms, error buckets and the
// timeline, turned into the LoadReport at the end.

import type { Histogram } from 'hdr-histogram-js';
import type { Outcome } from './classify.ts';
import { atPercentile, newHistogram, PERCENTILE_SERIES, summarise, toMs } from './histogram.ts';
import type { ErrorBucket, LoadReport, TimelinePoint } from './types.ts';

const MAX_MICROS = 3_600_000_000;

export class LoadStats {
  readonly total: Histogram = newHistogram();
  private slice: Histogram = newHistogram();
  requests = 0;
  ok = 0;
  errors = 0;
  bytesSent = 0;
  bytesReceived = 0;
  private sliceRequests = 0;
  private sliceErrors = 0;
  readonly timeline: TimelinePoint[] = [];
  private readonly buckets = new Map<string, ErrorBucket>();

  record(latencyMs: number, outcome: Outcome, sent: number, received: number): void {
    const micros = Math.min(MAX_MICROS, Math.max(1, Math.round(latencyMs * 1000)));
    // Only the slice records per request; it is folded into the total once a second.
    this.slice.recordValue(micros);
    this.requests++;
    this.sliceRequests++;
    this.bytesSent += sent;
    this.bytesReceived += received;
    if (outcome.ok) {
      this.ok++;
      return;
    }
    this.errors++;
    this.sliceErrors++;
    const bucket = this.buckets.get(outcome.key);
    if (bucket) bucket.count++;
    else
      this.buckets.set(outcome.key, {
        key: outcome.key,
        kind: outcome.kind,
        status: outcome.status,
        code: outcome.code,
        count: 1,
      });
  }

  /** Closes the current one-second slice and starts the next. */
  cut(elapsedMs: number): TimelinePoint {
    const point: TimelinePoint = {
      second: Math.round(elapsedMs / 100) / 10,
      requests: this.sliceRequests,
      errors: this.sliceErrors,
      p50: atPercentile(this.slice, 50),
      p99: atPercentile(this.slice, 99),
      max: atPercentile(this.slice, 100),
    };
    this.timeline.push(point);
    this.total.add(this.slice);
    this.slice.reset();
    this.sliceRequests = 0;
    this.sliceErrors = 0;
    return point;
  }

  hasOpenSlice(): boolean {
    return this.sliceRequests > 0;
  }

  report(
    base: Pick<
      LoadReport,
      'url' | 'request' | 'connections' | 'rate' | 'coordinatedOmissionCorrected' | 'startedAt'
    >,
    durationMs: number,
  ): LoadReport {
    const seconds = durationMs / 1000;
    return {
      ...base,
      durationMs: Math.round(durationMs),
      requests: this.requests,
      ok: this.ok,
      rps: seconds > 0 ? Math.round((this.requests / seconds) * 10) / 10 : 0,
      bytesSent: this.bytesSent,
      bytesReceived: this.bytesReceived,
      latency: summarise(this.total),
      percentiles: PERCENTILE_SERIES.map((percentile) => ({
        percentile,
        ms: this.total.totalCount ? atPercentile(this.total, percentile === 0 ? 0.0001 : percentile) : 0,
      })),
      timeline: this.timeline,
      errors: {
        total: this.errors,
        percent: this.requests ? Math.round((this.errors / this.requests) * 10000) / 100 : 0,
        byCode: [...this.buckets.values()].sort((a, b) => b.count - a.count),
      },
      thresholds: [],
      passed: true,
    };
  }

  latencyAt(percentile: number): number {
    return atPercentile(this.total, percentile);
  }
}

export { toMs };
