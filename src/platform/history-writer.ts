// Write-behind for the exchange History: the manager queues each attempt; the queue goes, as one
// transaction, to a worker thread with its own connection to the database.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db } from '../store/database.ts';
import type { ExchangeInput, History } from '../store/history.ts';
import { BatchBuilder, unpackBatch } from './history-batch.ts';
import type { PackedBatch } from './history-batch.ts';

/**
 * Records gather this long before they go to the worker as one transaction. Each commit's writes
 * cost this machine's disk far more than its rows' share: at 5 ms a local call through the manager
 * took ~15% longer than at 20-25 ms (bench/invoke-overhead.ts).
 */
export const BATCH_WINDOW_MS = 25;

/** One batch on its way: its ids once committed, or why it failed. */
export class Batch {
  /** The rows, once the batch is closed and sent. */
  packed: PackedBatch | null = null;
  ids: number[] | null = null;
  error: Error | null = null;
  private done: Promise<void> | null = null;
  private finish: (() => void) | null = null;

  /** Made when first asked: most callers never wait for the commit, and need no promise per record. */
  settled(): Promise<void> {
    if (this.ids || this.error) return Promise.resolve();
    this.done ??= new Promise<void>((resolve) => (this.finish = resolve));
    return this.done;
  }

  settle(ids: number[] | null, error: Error | null): void {
    this.ids = ids;
    this.error = error;
    // A caller may keep its result (and so this batch) long after: not the batch's rows too.
    this.packed = null;
    this.finish?.();
  }
}

/** Where a queued record is: its batch and its place in it. */
export interface HistoryTicket {
  batch: Batch;
  index: number;
}

/**
 * Why a worker: one History insert (ten indexes, both bodies) costs more CPU than the whole
 * HTTP round trip to a local connector, and on the engine's thread it delayed the very answers
 * being recorded (bench/invoke-overhead.ts). A process killed between an answer and the commit
 * loses at most the last BATCH_WINDOW_MS of records. Where the worker cannot start (an in-memory
 * database, a bundle without the worker file), records are committed on this thread instead.
 */
export class HistoryWriter {
  private readonly history: History;
  private readonly db: Db | null;
  private builder = new BatchBuilder();
  private current = new Batch();
  private scheduled = false;
  private worker: Worker | null = null;
  private workerFailed = false;
  private seq = 0;
  private lastFlush = -Infinity;
  private readonly inFlight = new Map<number, Batch>();
  private idle: Array<() => void> = [];

  constructor(history: History, db: Db | null = null) {
    this.history = history;
    this.db = db;
  }

  /** Resolves with the exchange id once committed. */
  write(input: ExchangeInput): Promise<number> {
    const ticket = this.queue(input);
    return this.ids([ticket]).then(([id]) => id);
  }

  /** Queues a record, encoded now; ids(tickets) waits for the commit when someone needs the ids. */
  queue(input: ExchangeInput): HistoryTicket {
    let index: number;
    try {
      index = this.builder.add(input);
    } catch (error) {
      // A record that cannot be encoded (a diagnosis JSON cannot hold) fails alone, not its call.
      const failed = new Batch();
      failed.settle(null, error instanceof Error ? error : new Error(String(error)));
      return { batch: failed, index: 0 };
    }
    const ticket = { batch: this.current, index };
    if (!this.scheduled) {
      this.scheduled = true;
      // Like Nagle: a record after a quiet spell goes at once; under sustained traffic records
      // gather for up to BATCH_WINDOW_MS, and one transaction of many rows costs a fraction of many commits.
      const wait = this.lastFlush + BATCH_WINDOW_MS - performance.now();
      if (wait <= 0) setImmediate(() => this.flush());
      else setTimeout(() => this.flush(), wait);
    }
    return ticket;
  }

  /** The committed ids of these records, in order; rejects if any of their batches failed. */
  async ids(tickets: HistoryTicket[]): Promise<number[]> {
    const batches = new Set(tickets.map((t) => t.batch));
    await Promise.all([...batches].map((b) => b.settled()));
    return tickets.map(({ batch, index }) => {
      if (!batch.ids) throw new Error(`history write failed: ${batch.error?.message ?? 'not committed'}`);
      return batch.ids[index];
    });
  }

  /** Sends (or commits) everything queued now. */
  flush(): void {
    this.scheduled = false;
    if (this.builder.count === 0) return;
    this.lastFlush = performance.now();
    const seq = ++this.seq;
    // The batch being filled holds these records' tickets; it now travels with its rows.
    const batch = this.current;
    batch.packed = this.builder.take(seq);
    this.current = new Batch();
    const worker = this.startWorker();
    if (!worker) return this.commitHere(batch);
    this.inFlight.set(seq, batch);
    worker.ref();
    worker.postMessage(batch.packed);
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

  private commitHere(batch: Batch): void {
    try {
      batch.settle(this.history.recordRows(unpackBatch(batch.packed!)), null);
    } catch (error) {
      batch.settle(null, error instanceof Error ? error : new Error(String(error)));
    }
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

  private settle(m: { seq: number; ids?: number[]; error?: string }): void {
    const batch = this.inFlight.get(m.seq);
    if (!batch) return;
    this.inFlight.delete(m.seq);
    if (m.ids) {
      batch.settle(m.ids, null);
      for (const id of m.ids) this.history.announce(id);
    } else batch.settle(null, new Error(m.error));
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
