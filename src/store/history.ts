// The history of every exchange the engine made (platform -> connector) or received (local
// connector host): raw bytes and headers both ways, timings, verdict and diagnosis, in SQLite.

import type { Db, Migration } from './database.ts';
import { migrate, statement } from './database.ts';
import { idsWithRequestId } from './history-blocks.ts';
import { blockInserted, historyBlockIdIndexes, historyLeanIndexes } from './history-schema.ts';
import { exchangeRow, INSERT_EXCHANGE, REQUEST_BODY, RESPONSE_BODY, STARTED_AT } from './history-row.ts';
import type { RowValue } from './history-row.ts';
import {
  countExchanges,
  countSpan,
  deleteExchanges,
  facetsOf,
  newestId,
  pruneStep,
  readSetting,
  sliceExchanges,
  windowExchanges,
  writeSetting,
} from './history-query.ts';
import type { CountSpan, HistoryFacets, HistoryWindow, PruneRule } from './history-query.ts';
export type { CountSpan, HistoryWindow } from './history-query.ts';

export type Direction = 'outgoing' | 'incoming';

export interface Timing {
  /** Milliseconds from the start of the exchange. */
  connectMs?: number | null;
  firstByteMs?: number | null;
  totalMs: number;
}

export interface ExchangeInput {
  direction: Direction;
  /** SDK connection id (outgoing through the platform), when any. */
  connectionId?: string | null;
  /** Local connector definition id (incoming to the host), when any. */
  localConnectorId?: string | null;
  requestType?: string | null;
  tool?: string | null;
  requestId?: string | null;
  traceId?: string | null;
  method: string;
  url: string;
  requestHeaders: Array<[string, string]>;
  requestBody: Uint8Array;
  responseStatus?: number | null;
  responseHeaders?: Array<[string, string]> | null;
  responseBody?: Uint8Array | null;
  /** `ok`, or the error code that ended the exchange (`invalid_signature`, `timeout`, ...). */
  verdict: string;
  errorMessage?: string | null;
  /** The protocol `explain` diagnosis (or any structured detail), stored as JSON. */
  diagnosis?: unknown;
  timing?: Timing | null;
  attempt?: number;
  /** Faults applied by the signing client, when any. */
  faults?: unknown;
  startedAt: number;
}

export interface Exchange extends Omit<ExchangeInput, 'requestBody' | 'responseBody'> {
  id: number;
  requestBody: Buffer;
  responseBody: Buffer | null;
}

export interface ExchangeSummary {
  id: number;
  direction: Direction;
  connectionId: string | null;
  localConnectorId: string | null;
  requestType: string | null;
  tool: string | null;
  requestId: string | null;
  traceId: string | null;
  method: string;
  url: string;
  responseStatus: number | null;
  verdict: string;
  durationMs: number | null;
  startedAt: number;
}

export interface HistoryFilter {
  direction?: Direction;
  connectionId?: string;
  localConnectorId?: string;
  tool?: string;
  requestType?: string;
  verdict?: string;
  responseStatus?: number;
  /** Request and trace ids starting with it (a whole id matches itself); under 4 characters, whole ids only. */
  id?: string;
  since?: number;
  until?: number;
}

export interface HistoryPage {
  items: ExchangeSummary[];
  /** Pass as `before` to get the next (older) page; null at the end. */
  nextBefore: number | null;
}

export const historyMigrations: Migration[] = [
  {
    version: 1,
    name: 'exchanges',
    up: `CREATE TABLE exchanges (
      id INTEGER PRIMARY KEY,
      direction TEXT NOT NULL CHECK (direction IN ('outgoing', 'incoming')),
      connection_id TEXT,
      local_connector_id TEXT,
      request_type TEXT,
      tool TEXT,
      request_id TEXT,
      trace_id TEXT,
      method TEXT NOT NULL,
      url TEXT NOT NULL,
      request_headers TEXT NOT NULL,
      request_body BLOB NOT NULL,
      response_status INTEGER,
      response_headers TEXT,
      response_body BLOB,
      verdict TEXT NOT NULL,
      error_message TEXT,
      diagnosis TEXT,
      timing TEXT,
      duration_ms REAL,
      attempt INTEGER NOT NULL DEFAULT 1,
      faults TEXT,
      started_at INTEGER NOT NULL
    );
    CREATE INDEX exchanges_connection ON exchanges (connection_id, id);
    CREATE INDEX exchanges_local ON exchanges (local_connector_id, id);
    CREATE INDEX exchanges_tool ON exchanges (tool, id);
    CREATE INDEX exchanges_verdict ON exchanges (verdict, id);
    CREATE INDEX exchanges_request_id ON exchanges (request_id);
    CREATE INDEX exchanges_trace_id ON exchanges (trace_id);
    CREATE INDEX exchanges_started ON exchanges (started_at);`,
  },
  {
    // bench/history.ts: with one-column indexes, pages filtered by two or three of connection, tool
    // and verdict scanned a whole connection's rows (p95 > 30 ms at 200k rows). Each combination
    // the UI offers now seeks straight to its newest rows; inserts pay four more index writes.
    version: 2,
    name: 'exchanges_filter_combinations',
    up: `CREATE INDEX exchanges_connection_tool ON exchanges (connection_id, tool, id);
    CREATE INDEX exchanges_connection_verdict ON exchanges (connection_id, verdict, id);
    CREATE INDEX exchanges_tool_verdict ON exchanges (tool, verdict, id);
    CREATE INDEX exchanges_connection_tool_verdict ON exchanges (connection_id, tool, verdict, id);`,
  },
  {
    // The History screen filters by request type and HTTP status too, and lists each column's
    // distinct values (DISTINCT walks an index led by the column); retention settings live here.
    version: 3,
    name: 'history_screen',
    up: `CREATE INDEX exchanges_request_type ON exchanges (request_type, id);
    CREATE INDEX exchanges_status ON exchanges (response_status, id);
    CREATE INDEX exchanges_direction ON exchanges (direction, id);
    -- Redundant with the rowid, on purpose: a virtual list's far windows (OFFSET 99,900) walk this
    -- narrow index instead of the table's pages full of bodies (0.6 ms instead of 45 ms at 100k).
    CREATE INDEX exchanges_id ON exchanges (id);
    CREATE TABLE history_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  },
  historyLeanIndexes,
  historyBlockIdIndexes,
];

// A Buffer over the same bytes, not a copy (SQLite copies a bound blob anyway).
const bytes = (b: Uint8Array) => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));
const parse = <T>(v: unknown): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : null);

export class History {
  private readonly db: Db;
  private readonly insertStmt;
  private readonly getStmt;
  private readonly listeners = new Set<(id: number) => void>();

  constructor(db: Db) {
    this.db = db;
    migrate(db, 'history', historyMigrations);
    this.insertStmt = statement(db, INSERT_EXCHANGE);
    this.getStmt = statement(db, 'SELECT * FROM exchanges WHERE id = ?');
  }

  /** Called with the id of every exchange committed, here or by another connection (see announce). */
  onAppended(listener: (id: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells listeners about an exchange committed through another connection (a writer thread). */
  announce(id: number): void {
    for (const listener of this.listeners) listener(id);
  }

  record(e: ExchangeInput): number {
    const id = this.db.transaction(() => {
      const inserted = this.insertRow(exchangeRow(e));
      blockInserted(this.db, [[inserted, e.startedAt]]);
      return inserted;
    })();
    this.announce(id);
    return id;
  }

  /** Inserts one row of exchangeRow's shape; its bodies may be any byte view. */
  private insertRow(row: RowValue[]): number {
    const request = row[REQUEST_BODY] as Uint8Array;
    const response = row[RESPONSE_BODY] as Uint8Array | null;
    row[REQUEST_BODY] = bytes(request);
    if (response) row[RESPONSE_BODY] = bytes(response);
    return Number(this.insertStmt.run(row).lastInsertRowid);
  }

  get(id: number): Exchange | null {
    const r = this.getStmt.get(id) as Record<string, unknown> | undefined;
    if (!r) return null;
    return {
      id: r.id as number,
      direction: r.direction as Direction,
      connectionId: r.connection_id as string | null,
      localConnectorId: r.local_connector_id as string | null,
      requestType: r.request_type as string | null,
      tool: r.tool as string | null,
      requestId: r.request_id as string | null,
      traceId: r.trace_id as string | null,
      method: r.method as string,
      url: r.url as string,
      requestHeaders: parse<Array<[string, string]>>(r.request_headers) ?? [],
      requestBody: r.request_body as Buffer,
      responseStatus: r.response_status as number | null,
      responseHeaders: parse<Array<[string, string]>>(r.response_headers),
      responseBody: (r.response_body as Buffer | null) ?? null,
      verdict: r.verdict as string,
      errorMessage: r.error_message as string | null,
      diagnosis: parse(r.diagnosis),
      timing: parse<Timing>(r.timing),
      attempt: r.attempt as number,
      faults: parse(r.faults),
      startedAt: r.started_at as number,
    };
  }

  /** Ids of the exchanges that carry this request_id, oldest first (a seek per block of ids). */
  idsWithRequestId(requestId: string, limit = 20): number[] {
    return idsWithRequestId(this.db, requestId, limit);
  }

  /** Newest first, keyset-paginated by id so page N costs what page 1 costs. */
  page(filter: HistoryFilter = {}, options: { before?: number; limit?: number } = {}): HistoryPage {
    const w = this.window({ before: options.before, limit: options.limit ?? 50, filter });
    return { items: w.items, nextBefore: w.older };
  }

  /**
   * A keyset window of summaries, newest first: the `limit` matches just older than `before`, just
   * newer than `after`, or the newest. Follow `older` / `newer` for the next windows.
   */
  window(options: {
    before?: number | null;
    after?: number | null;
    limit?: number;
    filter?: HistoryFilter;
  }): HistoryWindow {
    const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
    return windowExchanges(this.db, options.filter ?? {}, {
      before: options.before,
      after: options.after,
      limit,
    });
  }

  // ---- History screen: counts, windows, facets, bulk import, retention -----------------------

  /** Records every input in one transaction: all of them, or (on any error) none. */
  recordAll(inputs: ExchangeInput[]): number[] {
    return this.recordRows(inputs.map(exchangeRow));
  }

  /** recordAll for rows already encoded (the History writer's batches). */
  recordRows(rows: RowValue[][]): number[] {
    // Listeners hear of the rows after the commit, never of rows a rollback took back.
    const listeners = [...this.listeners];
    this.listeners.clear();
    let ids: number[];
    try {
      ids = this.db.transaction(() => {
        const inserted = rows.map((row) => this.insertRow(row));
        blockInserted(
          this.db,
          inserted.map((id, i) => [id, rows[i][STARTED_AT] as number]),
        );
        return inserted;
      })();
    } finally {
      for (const listener of listeners) this.listeners.add(listener);
    }
    for (const id of ids) this.announce(id);
    return ids;
  }

  /**
   * Matches among ids <= maxId: exact without a filter; with one, exact up to `cap` (default
   * COUNT_CAP) and `cap` beyond, so no count walks a million index entries.
   */
  count(filter: HistoryFilter = {}, options: { maxId?: number | null; cap?: number } = {}): number {
    return countExchanges(this.db, filter, options.maxId, options.cap);
  }

  /** What the History screen shows as its total: the capped count, whether capped, its oldest id. */
  countSpan(filter: HistoryFilter = {}, options: { maxId?: number | null } = {}): CountSpan {
    return countSpan(this.db, filter, options.maxId);
  }

  /** The id of the newest exchange, or null when the history is empty. */
  newestId(): number | null {
    return newestId(this.db);
  }

  /** A window of summaries by position (0 = newest) among ids <= maxId: what a virtual list asks for. */
  slice(
    filter: HistoryFilter,
    options: { offset: number; limit: number; maxId?: number | null },
  ): ExchangeSummary[] {
    return sliceExchanges(
      this.db,
      filter,
      options.offset,
      Math.min(Math.max(options.limit, 1), 500),
      options.maxId,
    );
  }

  facets(): HistoryFacets {
    return facetsOf(this.db);
  }

  /** Deletes up to `batch` exchanges the rule condemns (oldest first); returns how many. */
  prune(rule: PruneRule, batch = 1000): number {
    return pruneStep(this.db, rule, batch);
  }

  delete(ids: number[]): number {
    return deleteExchanges(this.db, ids);
  }

  getSetting(key: string): string | null {
    return readSetting(this.db, key);
  }

  setSetting(key: string, value: string | null): void {
    writeSetting(this.db, key, value);
  }

  /** False once the engine closed the database (timers check before touching it). */
  get isOpen(): boolean {
    return this.db.open;
  }
}
