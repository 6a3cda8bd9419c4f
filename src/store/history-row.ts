// One exchange as the row SQLite stores: its 22 column values in insert order, JSON columns as
// text. Shared by the engine's own inserts and the History writer, which encodes a record when queued.

import type { ExchangeInput } from './history.ts';

export type RowValue = string | number | Uint8Array | null;

/** Positional parameters: binding 22 named ones cost more than SQLite's own work on the row. */
export const INSERT_EXCHANGE = `INSERT INTO exchanges (
  direction, connection_id, local_connector_id, request_type, tool, request_id, trace_id, method, url,
  request_headers, request_body, response_status, response_headers, response_body, verdict, error_message,
  diagnosis, timing, duration_ms, attempt, faults, started_at
) VALUES (${Array(22).fill('?').join(', ')})`;

export const ROW_WIDTH = 22;
/** Where the bodies and the start time sit in a row. */
export const REQUEST_BODY = 10;
export const RESPONSE_BODY = 13;
export const STARTED_AT = 21;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Appends the row of `e` to `out` (a flat list of rows), bodies as given. */
export function pushExchangeRow(out: RowValue[], e: ExchangeInput): void {
  out.push(
    e.direction,
    e.connectionId ?? null,
    e.localConnectorId ?? null,
    e.requestType ?? null,
    e.tool ?? null,
    e.requestId ?? null,
    e.traceId ?? null,
    e.method,
    e.url,
    JSON.stringify(e.requestHeaders),
    e.requestBody,
    e.responseStatus ?? null,
    json(e.responseHeaders),
    e.responseBody ?? null,
    e.verdict,
    e.errorMessage ?? null,
    json(e.diagnosis),
    json(e.timing),
    e.timing?.totalMs ?? null,
    e.attempt ?? 1,
    json(e.faults),
    e.startedAt,
  );
}

export function exchangeRow(e: ExchangeInput): RowValue[] {
  const row: RowValue[] = [];
  pushExchangeRow(row, e);
  return row;
}
