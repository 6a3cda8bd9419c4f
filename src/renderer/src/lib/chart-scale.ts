// Scales of the Load panel's hand-drawn SVG charts: "nice" axis ticks, the percentile axis in
// nines (90, 99, 99.9… equally spaced, as latency tails are read) and polyline paths.

/** Round tick values covering [0, max]: 1, 2 or 5 times a power of ten apart. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = 0; v < max + step * 0.999; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** Position of a percentile on a nines axis: 0 → 0, 90 → 1, 99 → 2, 99.9 → 3; 100 (max) sits past the last. */
export function nines(percentile: number, maxNines: number): number {
  if (percentile >= 100) return maxNines;
  return Math.min(maxNines, -Math.log10(1 - percentile / 100));
}

export interface Point {
  x: number;
  y: number;
}

/** An SVG path through the points, in order ("M x y L x y …"); empty when there are none. */
export function linePath(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
}

/** Label of a percentile tick: 50, 90, 99, 99.9… */
export function percentileLabel(p: number): string {
  return p >= 100 ? 'max' : `p${String(p)}`;
}
