// Where the time went: connect, waiting for the first byte, download, as SVG bars on one scale.
// The bar geometry is computed in lib/geometry.ts, so it is unit-tested without a DOM.

import type { ExchangeDetailDto } from '../../../../shared/index.ts';
import { waterfallBars } from '../../lib/geometry.ts';

const W = 320;
const ROW = 18;

export function Waterfall({ timing }: { timing: NonNullable<ExchangeDetailDto['timing']> }) {
  const bars = waterfallBars(timing);
  const total = Math.max(timing.totalMs, 1);
  const x = (ms: number) => (ms / total) * W;
  return (
    <div className="waterfall" data-testid="waterfall">
      <svg
        width={W + 130}
        height={bars.length * ROW + 4}
        role="img"
        aria-label={`Total ${timing.totalMs} ms`}
      >
        {bars.map((b, i) => (
          <g key={b.label} transform={`translate(0 ${i * ROW + 2})`}>
            <text x={0} y={12} className="waterfall__label">
              {b.label}
            </text>
            <rect
              x={80 + x(b.startMs)}
              y={2}
              width={Math.max(2, x(b.endMs - b.startMs))}
              height={ROW - 6}
              rx={2}
              className={`waterfall__bar waterfall__bar--${i}`}
            />
            <text x={80 + W + 6} y={12} className="waterfall__ms">
              {Math.round(b.endMs - b.startMs)} ms
            </text>
          </g>
        ))}
      </svg>
      <div className="small muted" data-testid="waterfall-total">
        total {Math.round(timing.totalMs)} ms
      </div>
    </div>
  );
}
