// Terminal rendering of a load run: one progress line per second and the final summary with
// latency percentiles, errors by code and threshold verdicts.

import type { LoadProgress, LoadReport } from './types.ts';

function ms(value: number): string {
  return value >= 100
    ? `${value.toFixed(0)} ms`
    : value >= 10
      ? `${value.toFixed(1)} ms`
      : `${value.toFixed(2)} ms`;
}

export function formatLoadProgress(p: LoadProgress): string {
  const of = p.plannedMs ? `/${Math.round(p.plannedMs / 1000)}` : '';
  return `${Math.round(p.elapsedMs / 1000)}${of} s  ${p.rps.toFixed(0)} req/s  p50 ${ms(p.point.p50)}  p99 ${ms(p.point.p99)}  ${p.requests} requests, ${p.errors} errors`;
}

export function formatLoadReport(r: LoadReport): string {
  const l = r.latency;
  const lines = [
    `ctb load  POST ${r.url}  (${r.request}), ${r.connections} connection(s)${r.rate ? `, ${r.rate} req/s target` : ''}`,
    `requests    ${r.requests} in ${(r.durationMs / 1000).toFixed(2)} s: ${r.rps.toFixed(1)} req/s, ${r.ok} ok, ${r.errors.total} errors (${r.errors.percent}%)`,
    `latency     p50 ${ms(l.p50)}  p90 ${ms(l.p90)}  p99 ${ms(l.p99)}  max ${ms(l.max)}  (mean ${ms(l.mean)}, stdev ${ms(l.stdev)})` +
      (r.coordinatedOmissionCorrected ? '  from the intended send time' : ''),
  ];
  if (r.errors.byCode.length > 0) {
    lines.push('errors');
    for (const b of r.errors.byCode) lines.push(`  ${String(b.count).padStart(8)}  ${b.key}`);
  }
  if (r.thresholds.length > 0) {
    lines.push('thresholds');
    for (const t of r.thresholds)
      lines.push(
        `  ${t.ok ? '✓' : '✗'} ${t.expression.padEnd(16)} measured ${Math.round(t.actual * 100) / 100} ${t.unit}`,
      );
  }
  return lines.join('\n');
}
