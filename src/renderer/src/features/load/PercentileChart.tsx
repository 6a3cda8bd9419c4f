// Latency by percentile: the whole distribution of a load run on a nines axis (p50 … p99.99, max),
// drawn by hand as SVG so the tail is as readable as the median.

import type { LoadReportDto } from '../../../../shared/index.ts';
import { linePath, niceTicks, nines, percentileLabel } from '../../lib/chart-scale.ts';
import { formatMs } from '../../store/load/selectors.ts';
import { H, LatencyGrid, PAD, W } from './ChartFrame.tsx';

const X_TICKS = [0, 90, 99, 99.9, 99.99, 100];

export function PercentileChart({ report }: { report: LoadReportDto }) {
  const series = report.percentiles.filter((p) => p.percentile > 0);
  const last = series
    .filter((p) => p.percentile < 100)
    .reduce((m, p) => Math.max(m, nines(p.percentile, 9)), 1);
  const maxNines = Math.ceil(last) + 0.6;
  const yMax = Math.max(...series.map((p) => p.ms), 0.001);
  const ticks = niceTicks(yMax);
  const top = ticks[ticks.length - 1];
  const x = (p: number) => PAD.left + (nines(p, maxNines) / maxNines) * (W - PAD.left - PAD.right);
  const y = (ms: number) => H - PAD.bottom - (ms / top) * (H - PAD.top - PAD.bottom);
  const path = linePath(series.map((p) => ({ x: x(p.percentile), y: y(p.ms) })));
  return (
    <figure className="chart" data-testid="percentile-chart">
      <figcaption className="chart__title">Latency by percentile</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Latency by percentile">
        <LatencyGrid ticks={ticks} y={y} />
        {X_TICKS.filter((p) => p >= 100 || nines(p, maxNines) < maxNines).map((p) => (
          <g key={p}>
            <line
              className="chart__grid chart__grid--v"
              x1={x(p)}
              x2={x(p)}
              y1={PAD.top}
              y2={H - PAD.bottom}
            />
            <text className="chart__axis" x={x(p)} y={H - PAD.bottom + 16} textAnchor="middle">
              {p === 0 ? 'p0' : percentileLabel(p)}
            </text>
          </g>
        ))}
        <path className="chart__line chart__line--p99" d={path} data-testid="percentile-path" />
        {series.map((p) => (
          <circle key={p.percentile} className="chart__dot" cx={x(p.percentile)} cy={y(p.ms)} r={2.5}>
            <title>
              {percentileLabel(p.percentile)}: {formatMs(p.ms)}
            </title>
          </circle>
        ))}
      </svg>
    </figure>
  );
}
