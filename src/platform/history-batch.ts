// How History records travel to the writer thread: each record becomes its row when queued (column
// values, bodies copied into the batch's one buffer), so nothing of the call stays alive until the commit.

import { pushExchangeRow, REQUEST_BODY, RESPONSE_BODY, ROW_WIDTH } from '../store/history-row.ts';
import type { RowValue } from '../store/history-row.ts';
import type { ExchangeInput } from '../store/history.ts';

/**
 * `values` holds the rows one after another (ROW_WIDTH each, no bytes); in a body's column, the
 * offset in `bodies` where that body ends (it starts where the previous one ended), or null for
 * no answer body.
 */
export interface PackedBatch {
  seq: number;
  count: number;
  values: RowValue[];
  bodies: Uint8Array<ArrayBuffer>;
}

const FIRST_CAPACITY = 16 * 1024;
const KEPT_CAPACITY = 1024 * 1024;

/**
 * Why encode at once: a record kept as objects until its batch left (up to BATCH_WINDOW_MS) lived
 * through the engine's young-generation collections, and its answer body held on to undici's read
 * buffer; cloning its nested headers and timing then cost both threads again. Here the engine
 * keeps strings and numbers, one buffer of bytes, and the worker only binds them.
 */
export class BatchBuilder {
  private values: RowValue[] = [];
  private bodies = new Uint8Array(FIRST_CAPACITY);
  private used = 0;
  count = 0;

  /** Queues one record; returns its index in the batch. */
  add(input: ExchangeInput): number {
    const at = this.values.length;
    const used = this.used;
    try {
      pushExchangeRow(this.values, input);
      this.values[at + REQUEST_BODY] = this.copy(input.requestBody);
      this.values[at + RESPONSE_BODY] = input.responseBody ? this.copy(input.responseBody) : null;
    } catch (error) {
      // A record that fails part-way leaves no half row: the rows after it keep their places.
      this.values.length = at;
      this.used = used;
      throw error;
    }
    return this.count++;
  }

  /** The batch so far, handed over whole; the builder starts a new one. */
  take(seq: number): PackedBatch {
    const full = this.used === this.bodies.byteLength;
    const batch: PackedBatch = {
      seq,
      count: this.count,
      values: this.values,
      // Exactly its bytes (a message clones a view's whole buffer); the builder keeps its own.
      bodies: full ? this.bodies : this.bodies.slice(0, this.used),
    };
    // A batch that carried a large body does not keep its buffer's size for good.
    if (full || this.bodies.byteLength > KEPT_CAPACITY) this.bodies = new Uint8Array(FIRST_CAPACITY);
    this.values = [];
    this.used = 0;
    this.count = 0;
    return batch;
  }

  private copy(body: Uint8Array): number {
    const end = this.used + body.byteLength;
    if (end > this.bodies.byteLength) {
      const grown = new Uint8Array(Math.max(end, this.bodies.byteLength * 2));
      grown.set(this.bodies.subarray(0, this.used));
      this.bodies = grown;
    }
    this.bodies.set(body, this.used);
    this.used = end;
    return end;
  }
}

/** The batch's rows again, their bodies views into the one buffer (SQLite copies what it binds). */
export function unpackBatch(batch: PackedBatch): RowValue[][] {
  const rows: RowValue[][] = new Array(batch.count);
  let at = 0;
  for (let i = 0; i < batch.count; i++) {
    const row = batch.values.slice(i * ROW_WIDTH, (i + 1) * ROW_WIDTH);
    const requestEnd = row[REQUEST_BODY] as number;
    row[REQUEST_BODY] = batch.bodies.subarray(at, requestEnd);
    at = requestEnd;
    const responseEnd = row[RESPONSE_BODY] as number | null;
    if (responseEnd !== null) {
      row[RESPONSE_BODY] = batch.bodies.subarray(at, responseEnd);
      at = responseEnd;
    }
    rows[i] = row;
  }
  return rows;
}
