// Worker thread of HistoryWriter: its own SQLite connection to the data folder's database (WAL
// lets it write beside the engine's), committing each batch of exchanges in one transaction.

import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../store/database.ts';
import { History } from '../store/history.ts';
import type { ExchangeInput } from '../store/history.ts';

const db = openDatabase((workerData as { file: string }).file);
const history = new History(db);

parentPort!.on('message', (message: { seq: number; inputs: ExchangeInput[] } | { close: true }) => {
  if ('close' in message) {
    db.close();
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ seq: message.seq, ids: history.recordAll(message.inputs) });
  } catch (error) {
    parentPort!.postMessage({
      seq: message.seq,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
