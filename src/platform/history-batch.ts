// How a batch of History records travels to the writer thread: every body of the batch copied
// into one buffer that is transferred, not cloned, and each record pointing into it by offsets.

import type { ExchangeInput } from '../store/history.ts';

/** A record without its bodies; `spans` says where they are in `bodies`. */
type Shell = Omit<ExchangeInput, 'requestBody' | 'responseBody'>;

export interface PackedBatch {
  seq: number;
  records: Shell[];
  /** Per record: request body start and end, response body start and end (-1, -1: no response body). */
  spans: Int32Array;
  bodies: Uint8Array<ArrayBuffer>;
}

/**
 * Why one buffer: cloning each record's two bodies meant two buffers to allocate on each side per
 * record, and a body cut from Node's pooled slab cloned its whole 8 KiB slab unless copied first.
 * Here the engine thread copies the bytes once and allocates one buffer per batch; a transfer list
 * of one buffer also stays cheap where thousands of per-body transfers did not (a bulk import).
 */
export function packBatch(seq: number, inputs: ExchangeInput[]): PackedBatch {
  let total = 0;
  for (const e of inputs) total += e.requestBody.byteLength + (e.responseBody?.byteLength ?? 0);
  const bodies = new Uint8Array(total);
  const spans = new Int32Array(inputs.length * 4);
  const records: Shell[] = new Array(inputs.length);
  let at = 0;
  for (let i = 0; i < inputs.length; i++) {
    const { requestBody, responseBody, ...shell } = inputs[i];
    records[i] = shell;
    spans[4 * i] = at;
    bodies.set(requestBody, at);
    at += requestBody.byteLength;
    spans[4 * i + 1] = at;
    if (responseBody) {
      spans[4 * i + 2] = at;
      bodies.set(responseBody, at);
      at += responseBody.byteLength;
      spans[4 * i + 3] = at;
    } else {
      spans[4 * i + 2] = -1;
      spans[4 * i + 3] = -1;
    }
  }
  return { seq, records, spans, bodies };
}

/** The records again, their bodies views into the one buffer (SQLite copies what it binds). */
export function unpackBatch(batch: PackedBatch): ExchangeInput[] {
  const { records, spans, bodies } = batch;
  return records.map((shell, i) => ({
    ...shell,
    requestBody: bodies.subarray(spans[4 * i], spans[4 * i + 1]),
    responseBody: spans[4 * i + 2] < 0 ? null : bodies.subarray(spans[4 * i + 2], spans[4 * i + 3]),
  }));
}
