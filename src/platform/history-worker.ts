// Worker threads of HistoryWriter: the writer commits each batch in one transaction on a connection of
// its own (WAL lets it write beside the engine's), and a checkpointer it starts copies the WAL back.

import { parentPort, Worker, workerData } from 'node:worker_threads';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { History } from '../store/history.ts';
import { unpackBatch } from './history-batch.ts';
import type { PackedBatch } from './history-batch.ts';

const { file, role } = workerData as { file: string; role?: 'checkpointer' };

/**
 * Checkpoints copy the WAL into the database file. SQLite's own (autocheckpoint) run inside the
 * commit that takes the WAL past 1,000 pages: near a million rows they took a third of the
 * writer's time, every page written twice and synced. Here, as often, a thread of their own runs
 * them (PASSIVE: writers and readers go on). Those cannot empty the WAL while batches keep coming
 * (SQLite starts the file over only once every frame in it is copied), so once it has grown past
 * WAL_RESTART_PAGES the writer copies the rest itself, between two commits, and the WAL starts over.
 */
const CHECKPOINT_PAGES = 1000;
const WAL_RESTART_PAGES = 8000;

type Checkpointed = { busy: number; log: number; checkpointed: number };
const checkpoint = (db: Db) => db.pragma('wal_checkpoint(PASSIVE)') as Checkpointed[];

if (role === 'checkpointer') {
  const db = openDatabase(file);
  parentPort!.on('message', (message: 'checkpoint' | 'close') => {
    if (message === 'close') {
      db.close();
      parentPort!.close();
      return;
    }
    try {
      parentPort!.postMessage(checkpoint(db)[0]);
    } catch {
      // Retried at the next request, or by the writer itself.
    }
  });
} else {
  const db = openDatabase(file);
  const history = new History(db);
  db.pragma('wal_autocheckpoint = 0');
  let walFrames = 0;
  let checkpointer: Worker | null = null;
  let checkpointerLost = false;
  // Started at the first checkpoint due, so a writer that records a few exchanges never starts one.
  const helper = (): Worker | null => {
    if (checkpointer || checkpointerLost) return checkpointer;
    const lost = () => {
      checkpointer = null;
      checkpointerLost = true;
    };
    try {
      checkpointer = new Worker(new URL(import.meta.url), { workerData: { file, role: 'checkpointer' } });
      checkpointer.on('error', lost);
      checkpointer.on('exit', lost);
      checkpointer.on('message', (r: Checkpointed) => (walFrames = r.log));
    } catch {
      lost();
    }
    return checkpointer;
  };

  // WAL pages written since the last checkpoint, estimated (SQLite does not tell): about a dozen
  // per commit (a leaf of the table and of each index), a quarter of a page per row in the
  // indexes, and the row's bytes in the table (858 for 2,000 bench rows; 850 measured).
  let walPages = 0;
  const afterCommit = (batch: PackedBatch) => {
    walPages += 12 + batch.count * (0.25 + 400 / 4096) + batch.bodies.byteLength / 4096;
    if (walPages < CHECKPOINT_PAGES) return;
    walPages = 0;
    const thread = walFrames < WAL_RESTART_PAGES ? helper() : null;
    if (thread) return thread.postMessage('checkpoint');
    // Here, after the answer: past the WAL's bound, or without a thread that could start.
    const r = checkpoint(db)[0];
    // Every frame copied: the next commit starts the WAL over. Otherwise a reader holds it.
    walFrames = r && r.checkpointed < r.log ? r.log : 0;
  };

  parentPort!.on('message', (message: PackedBatch | { close: true }) => {
    if ('close' in message) {
      checkpointer?.postMessage('close');
      db.close();
      parentPort!.close();
      return;
    }
    try {
      parentPort!.postMessage({ seq: message.seq, ids: history.recordRows(unpackBatch(message)) });
    } catch (error) {
      parentPort!.postMessage({
        seq: message.seq,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    try {
      // After the answer: the engine has its ids while the checkpoint runs.
      afterCommit(message);
    } catch {
      // A checkpoint that cannot run now runs at a later batch, or on another connection.
    }
  });
}
