// Write-behind for the exchange History: the manager queues each attempt; the queue goes, as one
// transaction, to a worker thread with its own connection to the database.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db } from '../store/database.ts';
import type { ExchangeInput, History } from '../store/history.ts';
import { packBatch } from './history-batch.ts';

/**
 * Records gather this long before they go to the worker as one transaction. Each commit's writes
 * cost this machine's disk far more than its rows' share: at 5 ms a local call through the manager
 * took ~15% longer than at 20-25 ms (bench/invoke-overhead.ts).
 */
export const BATCH_WINDOW_MS = 25;

interface Pending {
  input: ExchangeInput;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

/**
 * Why a worker: one History insert (eight indexes, both bodies) costs more CPU than the whole
 * HTTP round trip to a local connector, and on the engine's thread it delayed the very answers
 * being recorded (bench/invoke-overhead.ts). A process killed between an answer and the commit
 * loses at most the last BATCH_WINDOW_MS of records. Where the worker cannot start (an in-memory
 * database, a bundle without the worker file), records are committed on this thread instead.
 */
export class HistoryWriter {
  private readonly history: History;
  private readonly db: Db | null;
  private pending: Pending[] = [];
  private scheduled = false;
  private worker: Worker | null = null;
  private workerFailed = false;
  private seq = 0;
  private lastFlush = -Infinity;
  private readonly inFlight = new Map<number, Pending[]>();
  private idle: Array<() => void> = [];

  constructor(history: History, db: Db | null = null) {
    this.history = history;
    this.db = db;
  }

  /** Resolves with the exchange id once committed. */
  write(input: ExchangeInput): Promise<number> {
    const promise = new Promise<number>((resolve, reject) => this.pending.push({ input, resolve, reject }));
    if (!this.scheduled) {
      this.scheduled = true;
      // Like Nagle: a record after a quiet spell goes at once; under sustained traffic records
      // gather for up to BATCH_WINDOW_MS, and one transaction of many rows costs a fraction of many commits.
      const wait = this.lastFlush + BATCH_WINDOW_MS - performance.now();
      if (wait <= 0) setImmediate(() => this.flush());
      else setTimeout(() => this.flush(), wait);
    }
    return promise;
  }

  /** Sends (or commits) everything queued now. */
  flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    this.lastFlush = performance.now();
    const worker = this.startWorker();
    if (!worker) return this.commitHere(batch);
    const seq = ++this.seq;
    this.inFlight.set(seq, batch);
    worker.ref();
    const packed = packBatch(
      seq,
      batch.map((p) => p.input),
    );
    worker.postMessage(packed, [packed.bodies.buffer]);
  }

  /** Resolves when every record queued so far is committed (or failed). */
  drain(): Promise<void> {
    this.flush();
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  async close(): Promise<void> {
    await this.drain();
    const worker = this.worker;
    this.worker = null;
    this.workerFailed = true;
    if (worker) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      // Held until it exits: an unref'd worker let a process with nothing else to do end with this
      // promise unsettled (a top-level `await writer.close()` never returned).
      worker.ref();
      worker.postMessage({ close: true });
      await exited;
    }
  }

  private commitHere(batch: Pending[]): void {
    let ids: number[];
    try {
      ids = this.history.recordAll(batch.map((p) => p.input));
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    batch.forEach((p, i) => p.resolve(ids[i]));
  }

  private startWorker(): Worker | null {
    if (this.worker || this.workerFailed) return this.worker;
    if (!this.db || this.db.memory || !this.db.open) {
      this.workerFailed = true;
      return null;
    }
    try {
      const script = workerScript();
      if (!script) throw new Error('history worker script not found');
      const worker = new Worker(script, { workerData: { file: this.db.name } });
      worker.on('message', (m: { seq: number; ids?: number[]; error?: string }) => this.settle(m));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', () => this.fail(new Error('the history worker stopped')));
      worker.unref();
      this.worker = worker;
      return worker;
    } catch {
      this.workerFailed = true;
      return null;
    }
  }

  private announce(ids: number[]): void {
    for (const id of ids) this.history.announce(id);
  }

  private settle(m: { seq: number; ids?: number[]; error?: string }): void {
    const batch = this.inFlight.get(m.seq);
    if (!batch) return;
    this.inFlight.delete(m.seq);
    if (m.ids) {
      batch.forEach((p, i) => p.resolve(m.ids![i]));
      this.announce(m.ids);
    } else for (const p of batch) p.reject(new Error(`history write failed: ${m.error}`));
    this.afterSettle();
  }

  /** A worker that cannot start or dies hands its batches back to this thread. */
  private fail(_error: unknown): void {
    this.worker = null;
    this.workerFailed = true;
    const batches = [...this.inFlight.values()];
    this.inFlight.clear();
    for (const batch of batches) this.commitHere(batch);
    this.afterSettle();
  }

  private afterSettle(): void {
    if (this.inFlight.size > 0) return;
    this.worker?.unref();
    for (const resolve of this.idle.splice(0)) resolve();
  }
}

/**
 * The worker next to this module: the .ts source when run from the checkout, the .js that
 * electron-vite emits beside the main bundle (electron.vite.config.ts lists it as an input).
 * The names are computed so bundlers leave them alone.
 */
function workerScript(): URL | null {
  for (const ext of ['ts', 'js']) {
    const url = new URL(`./history-worker.${ext}`, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  return null;
}
