// Shared helpers of the benchmarks: time a function over rounds after a warm-up and keep the
// median, so a ratio against a baseline measured in the same run is stable on a busy machine.

export interface Timing {
  /** Median nanoseconds per call over the rounds. */
  nsPerOp: number;
  rounds: number;
  iterations: number;
}

/** Runs `fn` `iterations` times per round, interleaving nothing; returns the median ns/op. */
export function timeOps(
  fn: () => unknown,
  options: { iterations: number; rounds: number; warmup?: number },
): Timing {
  const warm = options.warmup ?? Math.max(1, Math.floor(options.iterations / 2));
  for (let i = 0; i < warm; i++) fn();
  const perRound: number[] = [];
  for (let r = 0; r < options.rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < options.iterations; i++) fn();
    perRound.push(Number(process.hrtime.bigint() - t0) / options.iterations);
  }
  return { nsPerOp: median(perRound), rounds: options.rounds, iterations: options.iterations };
}

/**
 * Times several functions in short interleaved rounds and returns, for each, the median over
 * rounds of its time divided by `baseline`'s time in the same round. Pairing each sample with a
 * baseline taken milliseconds apart cancels most of the noise of a shared, busy machine.
 */
export function pairedRatios(
  fns: Record<string, () => unknown>,
  baseline: string,
  options: { iterations: number; rounds: number; warmup?: number },
): { ratios: Record<string, number>; nsPerOp: Record<string, number> } {
  const names = Object.keys(fns);
  const warm = options.warmup ?? options.iterations * 20;
  for (const n of names) for (let i = 0; i < warm; i++) fns[n]();
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const ratios: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < options.rounds; r++) {
    // Rotate the order each round so no contender always runs right after another.
    const order = names.map((_, i) => names[(i + r) % names.length]);
    const round: Record<string, number> = {};
    for (const n of order) {
      const fn = fns[n];
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < options.iterations; i++) fn();
      round[n] = Number(process.hrtime.bigint() - t0) / options.iterations;
    }
    for (const n of names) {
      samples[n].push(round[n]);
      ratios[n].push(round[n] / round[baseline]);
    }
  }
  return {
    ratios: Object.fromEntries(names.map((n) => [n, median(ratios[n])])),
    nsPerOp: Object.fromEntries(names.map((n) => [n, median(samples[n])])),
  };
}

/**
 * Times several functions round-robin (A, B, C, A, B, C...) so a slow phase of the machine
 * affects every contender alike; returns each median ns/op.
 */
export function compareOps(
  fns: Record<string, () => unknown>,
  options: { iterations: number; rounds: number; warmup?: number },
): Record<string, number> {
  const names = Object.keys(fns);
  const warm = options.warmup ?? Math.max(1, Math.floor(options.iterations / 2));
  for (const n of names) for (let i = 0; i < warm; i++) fns[n]();
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < options.rounds; r++) {
    for (const n of names) {
      const fn = fns[n];
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < options.iterations; i++) fn();
      samples[n].push(Number(process.hrtime.bigint() - t0) / options.iterations);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
}

/**
 * Exit code of a benchmark that only measures (no target to meet or miss): run-all reports it as
 * "no target" rather than "met". 0 is met, 1 is missed, anything else could not run.
 */
export const NO_TARGET_EXIT = 3;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Whether the full-size run was asked for (`--full` or BENCH_FULL=1). */
export function fullRun(): boolean {
  return process.argv.includes('--full') || process.env.BENCH_FULL === '1';
}

export function verdict(ratio: number, target: number, direction: 'max' | 'min'): string {
  const ok = direction === 'max' ? ratio <= target : ratio >= target;
  return `${ok ? 'PASS' : 'FAIL'} (target ${direction === 'max' ? '<=' : '>='} ${target})`;
}

export function fmt(ns: number): string {
  return ns >= 1e6
    ? `${(ns / 1e6).toFixed(2)} ms`
    : ns >= 1e3
      ? `${(ns / 1e3).toFixed(2)} µs`
      : `${ns.toFixed(0)} ns`;
}
