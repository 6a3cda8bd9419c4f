// Latency over time: p50 and p99 of each one-second slice of a load run, with the requests of
// each slice as faint bars, drawn by hand as SVG.

import type { LoadTimelinePointDto } from '../../../../shared/index.ts';
import { linePath, niceTicks } from '../../lib/chart-scale.ts';
import { H, LatencyGrid, PAD, W } from './ChartFrame.tsx';

export function TimelineChart({ points }: { points: LoadTimelinePointDto[] }) {
  const span = Math.max(1, ...points.map((p) => p.second));
  const yMax = Math.max(0.001, ...points.map((p) => p.p99));
  const ticks = niceTicks(yMax);
  const top = ticks[ticks.length - 1];
  const maxRequests = Math.max(1, ...points.map((p) => p.requests));
  const plotH = H - PAD.top - PAD.bottom;
  const x = (second: number) => PAD.left + (second / span) * (W - PAD.left - PAD.right);
  // A point sums the slice that ends at `second`: draw it at the slice's middle.
  const mid = (p: LoadTimelinePointDto) => x(Math.max(0, p.second - 0.5));
  const y = (ms: number) => H - PAD.bottom - (ms / top) * plotH;
  const barW = Math.max(2, ((W - PAD.left - PAD.right) / span) * 0.6);
  const xTicks = niceTicks(span, 5).filter((t) => t <= span);
  return (
    <figure className="chart" data-testid="timeline-chart">
      <figcaption className="chart__title">
        Latency per second <span className="chart__key chart__key--p50">p50</span>{' '}
        <span className="chart__key chart__key--p99">p99</span>{' '}
        <span className="chart__key chart__key--bars">requests</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Latency per second, p50 and p99">
        {points.map((p) => (
          <rect
            key={p.second}
            className="chart__bar"
            x={mid(p) - barW / 2}
            width={barW}
            y={H - PAD.bottom - (p.requests / maxRequests) * plotH * 0.35}
            height={(p.requests / maxRequests) * plotH * 0.35}
          >
            <title>
              {p.second} s: {p.requests} requests, {p.errors} errors
            </title>
          </rect>
        ))}
        <LatencyGrid ticks={ticks} y={y} />
        {xTicks.map((t) => (
          <text key={t} className="chart__axis" x={x(t)} y={H - PAD.bottom + 16} textAnchor="middle">
            {t} s
          </text>
        ))}
        <path
          className="chart__line chart__line--p50"
          d={linePath(points.map((p) => ({ x: mid(p), y: y(p.p50) })))}
          data-testid="timeline-p50"
        />
        <path
          className="chart__line chart__line--p99"
          d={linePath(points.map((p) => ({ x: mid(p), y: y(p.p99) })))}
          data-testid="timeline-p99"
        />
        {points.length === 1 &&
          [points[0].p50, points[0].p99].map((v, i) => (
            <circle key={i} className="chart__dot" cx={mid(points[0])} cy={y(v)} r={3} />
          ))}
      </svg>
    </figure>
  );
}
