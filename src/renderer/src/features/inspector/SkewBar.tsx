// The request's timestamp against the verifier's clock: a small SVG axis with the accepted
// ±window shaded and a marker at the skew, red when outside.

import type { DiagnosisDto } from '../../../../shared/index.ts';
import { skewScale } from '../../lib/geometry.ts';

const W = 320;
const H = 44;

export function SkewBar({ skew }: { skew: DiagnosisDto['skew'] }) {
  if (skew.seconds === null) {
    return (
      <p className="muted small" data-testid="skew-bar" data-skew="">
        No usable timestamp: the skew cannot be measured.
      </p>
    );
  }
  // explain() measures now - timestamp; draw the timestamp against the clock: past left, future right.
  const offset = -skew.seconds;
  const sc = skewScale(offset, skew.toleranceSeconds, W);
  const lo = sc.x(-skew.toleranceSeconds);
  const hi = sc.x(skew.toleranceSeconds);
  const mx = sc.x(offset);
  const sign = offset > 0 ? '+' : '';
  const words =
    offset === 0
      ? 'on time'
      : offset > 0
        ? 'ahead of the clock (in the future)'
        : 'behind the clock (in the past)';
  return (
    <figure
      className="skew"
      data-testid="skew-bar"
      data-skew={skew.seconds}
      data-offset={offset}
      data-outside={String(sc.outside)}
    >
      <svg
        width={W}
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Timestamp ${sign}${offset} s against the clock; window ±${skew.toleranceSeconds} s`}
      >
        <line x1={0} y1={22} x2={W} y2={22} className="skew__axis" />
        <rect
          x={lo}
          y={14}
          width={hi - lo}
          height={16}
          rx={3}
          className="skew__window"
          data-testid="skew-window"
        />
        <line x1={W / 2} y1={10} x2={W / 2} y2={34} className="skew__zero" />
        <text x={lo} y={42} className="skew__tick" textAnchor="middle">
          −{skew.toleranceSeconds}
        </text>
        <text x={hi} y={42} className="skew__tick" textAnchor="middle">
          +{skew.toleranceSeconds}
        </text>
        <circle
          cx={mx}
          cy={22}
          r={6}
          className={sc.outside ? 'skew__marker skew__marker--bad' : 'skew__marker'}
          data-testid="skew-marker"
        />
      </svg>
      <figcaption className="small" data-testid="skew-caption">
        Timestamp {sign}
        {offset} s, {words}; accepted within ±{skew.toleranceSeconds} s —{' '}
        <strong className={sc.outside ? 'text-bad' : 'text-ok'}>
          {sc.outside ? 'outside the window' : 'within the window'}
        </strong>
      </figcaption>
    </figure>
  );
}
