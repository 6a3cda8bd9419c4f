// The History of a data folder opened on its own, for commands that only record or read exchanges
// (`ctb listen`, `ctb history`, `ctb connector serve --data-dir`): no platform, no host, and
// writes committed by the platform's History worker thread, off the request path.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '../store/database.ts';
import { History } from '../store/history.ts';
import type { ExchangeInput } from '../store/history.ts';
import { HistoryWriter } from '../platform/history-writer.ts';
import { DATABASE_FILE } from './data-dir.ts';

export interface HistoryFile {
  history: History;
  /**
   * Queues an exchange for the History worker, which commits queued ones together. Committing on
   * this thread held `ctb connector serve --data-dir` at ~0.4x of its throughput without a data
   * folder (bench/connector.ts); a record that fails to commit is reported through `onError`.
   */
  record(input: ExchangeInput): void;
  /** Resolves once everything recorded so far is committed (readable through `history`). */
  drain(): Promise<void>;
  /** Commits what is queued, stops the worker, then closes the database. */
  close(): Promise<void>;
}

export function openHistory(
  dataDir: string,
  onError: (error: unknown) => void = (error) => process.emitWarning(String(error)),
): HistoryFile {
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  const history = new History(db);
  const writer = new HistoryWriter(history, db);
  let closed: Promise<void> | null = null;
  return {
    history,
    record(input) {
      writer.write(input).catch(onError);
    },
    drain: () => writer.drain(),
    close() {
      closed ??= writer.close().finally(() => db.close());
      return closed;
    },
  };
}

/** The History record of one signing-client call (the platform's own mapping, for the CLI). */
export { exchangeOfCall } from '../platform/exchange-record.ts';

/**
 * Records exchanges into `dataDir`'s History at once and closes it: for a command that makes one
 * call (`ctb ping`), where there is no request path to keep fast and the process ends right after.
 */
export async function recordNow(dataDir: string, inputs: ExchangeInput[]): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  // On this thread: starting the worker would cost a one-call command more than the insert.
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  try {
    new History(db).recordAll(inputs);
  } finally {
    db.close();
  }
}
