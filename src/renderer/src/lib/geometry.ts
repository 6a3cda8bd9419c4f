// Scales for the inspector's two small SVG charts: the timestamp skew against the ±window, and
// the timing waterfall. Kept pure so the unit tests can check where a marker lands.

export interface SkewScale {
  /** Half-range of the axis in seconds (the axis runs from -range to +range). */
  range: number;
  /** x in [0, width] for a skew in seconds, clamped to the axis. */
  x: (seconds: number) => number;
  outside: boolean;
}

export function skewScale(seconds: number | null, tolerance: number, width: number): SkewScale {
  const s = seconds ?? 0;
  const range = Math.max(tolerance * 2, Math.abs(s) * 1.15, 1);
  const x = (v: number) => {
    const clamped = Math.max(-range, Math.min(range, v));
    return ((clamped + range) / (2 * range)) * width;
  };
  return { range, x, outside: Math.abs(s) > tolerance };
}

export interface WaterfallBar {
  label: string;
  startMs: number;
  endMs: number;
}

/** Connect, wait for the first byte, download: bars that tile [0, total]; missing phases skipped. */
export function waterfallBars(timing: {
  connectMs?: number | null;
  firstByteMs?: number | null;
  totalMs: number;
}): WaterfallBar[] {
  const total = Math.max(0, timing.totalMs);
  const connect = clampMs(timing.connectMs, total);
  const firstByte = clampMs(timing.firstByteMs, total);
  const bars: WaterfallBar[] = [];
  let t = 0;
  if (connect !== null) {
    bars.push({ label: 'connect', startMs: 0, endMs: connect });
    t = connect;
  }
  if (firstByte !== null && firstByte >= t) {
    bars.push({ label: 'first byte', startMs: t, endMs: firstByte });
    t = firstByte;
  }
  bars.push({ label: t === 0 ? 'total' : 'download', startMs: t, endMs: total });
  return bars;
}

function clampMs(v: number | null | undefined, total: number): number | null {
  if (v === null || v === undefined || !Number.isFinite(v)) return null;
  return Math.max(0, Math.min(total, v));
}
