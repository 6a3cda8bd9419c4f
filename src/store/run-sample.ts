// What History keeps of a long run (a load run, a conformance run): its exchanges carry the run's
// label as trace id, and only a sample of them and of each kind of failure is recorded, so one run
// is a few dozen rows, not thousands.

/** The trace id every exchange of one run carries: `load-run:<id>`, `conformance-run:<id>`. */
export const runLabel = (kind: 'load' | 'conformance', runId: string): string => `${kind}-run:${runId}`;

/** Trace ids that name a run (scenario runs label their exchanges the same way). */
export const RUN_LABEL = /^(load|conformance|scenario)-run:/;

export interface RunSampleLimits {
  /** The first this many exchanges of a run are kept, whatever their verdict. */
  first: number;
  /** Then the first this many of each kind of failure (verdict); successes are only counted. */
  perFailure: number;
  /** Runs remembered at once; the oldest is forgotten first (a restarted run starts a new sample). */
  runs: number;
}

export const RUN_SAMPLE: RunSampleLimits = { first: 20, perFailure: 20, runs: 32 };

interface Counts {
  seen: number;
  failures: Map<string, number>;
}

/** Decides, exchange by exchange, which ones of a labelled run History records. */
export class RunSampler {
  private readonly runs = new Map<string, Counts>();
  private readonly limits: RunSampleLimits;

  constructor(limits: RunSampleLimits = RUN_SAMPLE) {
    this.limits = limits;
  }

  /** Whether to record this exchange; exchanges outside any run (no run label) are always kept. */
  keep(traceId: string | null | undefined, verdict: string): boolean {
    if (!traceId || !RUN_LABEL.test(traceId) || traceId.startsWith('scenario-run:')) return true;
    let counts = this.runs.get(traceId);
    if (!counts) {
      counts = { seen: 0, failures: new Map() };
      this.runs.set(traceId, counts);
      if (this.runs.size > this.limits.runs) this.runs.delete(this.runs.keys().next().value!);
    }
    counts.seen++;
    if (counts.seen <= this.limits.first) return true;
    if (verdict === 'ok') return false;
    const n = (counts.failures.get(verdict) ?? 0) + 1;
    counts.failures.set(verdict, n);
    return n <= this.limits.perFailure;
  }
}
