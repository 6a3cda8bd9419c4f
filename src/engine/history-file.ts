// The History of a data folder opened on its own, for commands that only record or read exchanges
// (`ctb listen`, `ctb history`): no platform, no host, and writes batched off the request path.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '../store/database.ts';
import { History } from '../store/history.ts';
import type { ExchangeInput } from '../store/history.ts';
import { DATABASE_FILE } from './data-dir.ts';

export interface HistoryFile {
  history: History;
  /** Queues an exchange; queued ones are written together in one transaction on the next turn. */
  record(input: ExchangeInput): void;
  /** Writes what is queued, then closes the database. */
  close(): void;
}

export function openHistory(dataDir: string): HistoryFile {
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  const history = new History(db);
  let queue: ExchangeInput[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    for (const id of history.recordAll(batch)) history.announce(id);
  };
  return {
    history,
    record(input) {
      queue.push(input);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    close() {
      flush();
      db.close();
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
  const file = openHistory(dataDir);
  try {
    for (const input of inputs) file.record(input);
  } finally {
    file.close();
  }
}
