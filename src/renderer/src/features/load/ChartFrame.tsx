// The frame both load charts share: one size and padding, and the latency axis on the left with
// its grid lines, so the timeline and the percentile chart read the same way.

import { formatMs } from '../../store/load/selectors.ts';

export const W = 560;
export const H = 220;
export const PAD = { left: 56, right: 16, top: 12, bottom: 30 };

/** Horizontal grid lines at the latency ticks, labelled on the left axis. */
export function LatencyGrid({ ticks, y }: { ticks: number[]; y: (ms: number) => number }) {
  return ticks.map((t) => (
    <g key={t}>
      <line className="chart__grid" x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
      <text className="chart__axis" x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
        {t === 0 ? '0' : formatMs(t)}
      </text>
    </g>
  ));
}
