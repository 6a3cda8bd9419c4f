// History retention: the user's limits (keep at most N exchanges, keep D days) stored in the
// database, and a pruner that deletes in small batches, yielding between them, on a timer.

import type { History } from '../../store/history.ts';

export interface RetentionSettings {
  maxCount: number | null;
  maxAgeDays: number | null;
}

export interface PruneReport {
  at: number;
  deleted: number;
}

const SETTING_KEY = 'retention';
const DAY_MS = 24 * 3600 * 1000;
export const PRUNE_BATCH = 1000;
const PRUNE_INTERVAL_MS = 60_000;

export class RetentionPruner {
  private readonly history: History;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PruneReport> | null = null;
  private rerun = false;
  last: PruneReport | null = null;
  /** Told after every prune that deleted something (the UI refreshes its list). */
  onPruned: ((report: PruneReport) => void) | null = null;
  now: () => number = Date.now;

  constructor(history: History) {
    this.history = history;
  }

  settings(): RetentionSettings {
    const raw = this.history.getSetting(SETTING_KEY);
    if (!raw) return { maxCount: null, maxAgeDays: null };
    const v = JSON.parse(raw) as Partial<RetentionSettings>;
    return { maxCount: v.maxCount ?? null, maxAgeDays: v.maxAgeDays ?? null };
  }

  /** Stores the limits and prunes at once (the returned promise settles when that prune ends). */
  save(settings: RetentionSettings): Promise<PruneReport> {
    const none = settings.maxCount === null && settings.maxAgeDays === null;
    this.history.setSetting(SETTING_KEY, none ? null : JSON.stringify(settings));
    return this.prune();
  }

  /** Runs the pruner every `intervalMs` until stop(); the timer never keeps the process alive. */
  start(intervalMs = PRUNE_INTERVAL_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.prune().catch(() => this.stop()), intervalMs);
    this.timer.unref();
    void this.prune().catch(() => this.stop());
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Deletes what the limits condemn, PRUNE_BATCH rows per transaction with a turn of the event
   * loop between batches, so engine writes and UI reads interleave with a large prune. A prune
   * asked for while one runs runs once more after it (the limits may have changed).
   */
  prune(): Promise<PruneReport> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.rerun) {
        this.rerun = false;
        void this.prune().catch(() => this.stop());
      }
    });
    return this.running;
  }

  private async loop(): Promise<PruneReport> {
    let deleted = 0;
    for (;;) {
      if (!this.history.isOpen) break;
      const s = this.settings();
      if (s.maxCount === null && s.maxAgeDays === null) break;
      const step = this.history.prune(
        {
          keepCount: s.maxCount,
          olderThan: s.maxAgeDays === null ? null : this.now() - s.maxAgeDays * DAY_MS,
        },
        PRUNE_BATCH,
      );
      deleted += step;
      if (step < PRUNE_BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const report = { at: this.now(), deleted };
    this.last = report;
    if (deleted > 0) this.onPruned?.(report);
    return report;
  }
}
