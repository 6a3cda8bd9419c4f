// History export: the history (or a selection) as HAR 1.2 or as the testbench's byte-exact JSON,
// redacted by default. The one export path of the UI (and of any shell that exports).

import type { ConnectorHost } from '../../connector/host/index.ts';
import type { Exchange, History, HistoryFilter } from '../../store/history.ts';
import { EngineError } from '../errors.ts';
import { receivedUrl } from '../known-secret.ts';
import { harOf } from './har.ts';
import type { HarOptions } from './har.ts';
import { redactBody, redactHeaders } from './redact.ts';

export const JSON_FORMAT = 'connector-testbench-history';
export const MAX_EXPORT = 10_000;

export interface HistoryExport {
  fileName: string;
  mimeType: string;
  content: string;
  count: number;
  truncated: boolean;
  redacted: boolean;
}

export function exportHistory(
  exchanges: Exchange[],
  options: {
    format: 'har' | 'json';
    includeSecrets: boolean;
    version: string;
    truncated: boolean;
    absoluteUrl: HarOptions['absoluteUrl'];
    now?: Date;
  },
): HistoryExport {
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const base = { count: exchanges.length, truncated: options.truncated, redacted: !options.includeSecrets };
  if (options.format === 'har') {
    const har = harOf(exchanges, options);
    return {
      ...base,
      fileName: `history-${stamp}.har`,
      mimeType: 'application/json',
      content: JSON.stringify(har, null, 2),
    };
  }
  const doc = {
    format: JSON_FORMAT,
    version: 1,
    exportedAt: (options.now ?? new Date()).toISOString(),
    redacted: !options.includeSecrets,
    exchanges: exchanges.map((e) => jsonEntry(e, options.includeSecrets)),
  };
  return {
    ...base,
    fileName: `history-${stamp}.json`,
    mimeType: 'application/json',
    content: JSON.stringify(doc),
  };
}

function jsonEntry(e: Exchange, includeSecrets: boolean): Record<string, unknown> {
  // A redacted body keeps its bytes unless a credential-looking field had to be masked.
  const body = (b: Buffer) => redactBody(b, includeSecrets);
  return {
    id: e.id,
    direction: e.direction,
    connectionId: e.connectionId ?? null,
    localConnectorId: e.localConnectorId ?? null,
    requestType: e.requestType ?? null,
    tool: e.tool ?? null,
    requestId: e.requestId ?? null,
    traceId: e.traceId ?? null,
    method: e.method,
    url: e.url,
    verdict: e.verdict,
    startedAt: e.startedAt,
    requestHeaders: redactHeaders(e.requestHeaders, includeSecrets),
    requestBodyBase64: body(e.requestBody).toString('base64'),
    responseStatus: e.responseStatus ?? null,
    responseHeaders: e.responseHeaders ? redactHeaders(e.responseHeaders, includeSecrets) : null,
    responseBodyBase64: e.responseBody ? body(e.responseBody).toString('base64') : null,
    errorMessage: e.errorMessage ?? null,
    // The diagnosis holds the received and the expected signatures: secret material.
    diagnosis: includeSecrets ? (e.diagnosis ?? null) : null,
    timing: e.timing ?? null,
    attempt: e.attempt ?? 1,
    faults: e.faults ?? null,
  };
}

/** The filter's newest exchanges (at most MAX_EXPORT) or the ids asked for, oldest first so an import keeps their order. */
export function exchangesToExport(
  history: {
    page: (
      f: HistoryFilter,
      o: { before?: number; limit?: number },
    ) => { items: Array<{ id: number }>; nextBefore: number | null };
    get: (id: number) => Exchange | null;
  },
  selection: { ids?: number[]; filter?: HistoryFilter },
): { exchanges: Exchange[]; truncated: boolean } {
  if (selection.ids) {
    const ids = [...new Set(selection.ids)].sort((a, b) => a - b);
    return { exchanges: ids.map((id) => history.get(id) ?? missing(id)), truncated: false };
  }
  const exchanges: Exchange[] = [];
  let before: number | undefined;
  for (;;) {
    const page = history.page(selection.filter ?? {}, { before, limit: 500 });
    for (const s of page.items) {
      if (exchanges.length === MAX_EXPORT) return { exchanges: exchanges.reverse(), truncated: true };
      const e = history.get(s.id);
      if (e) exchanges.push(e);
    }
    if (page.nextBefore === null) return { exchanges: exchanges.reverse(), truncated: false };
    before = page.nextBefore;
  }
}

function missing(id: number): never {
  throw new EngineError('not_found', `no exchange with id ${id} in the history`);
}

export interface ExportRequest {
  /** Exchange ids to export; without them, the filter's newest MAX_EXPORT. */
  ids?: number[];
  filter?: HistoryFilter;
  format: 'har' | 'json';
  includeSecrets: boolean;
  /** The testbench version named as the HAR creator. */
  version: string;
}

/** The export a user asks for, from the engine's History; received requests get their connector's address. */
export function exportFromHistory(
  engine: { history: History; host: ConnectorHost },
  request: ExportRequest,
): HistoryExport {
  const selection = exchangesToExport(engine.history, { ids: request.ids, filter: request.filter });
  return exportHistory(selection.exchanges, {
    format: request.format,
    includeSecrets: request.includeSecrets,
    version: request.version,
    truncated: selection.truncated,
    absoluteUrl: (e) => receivedUrl(engine.host, e),
  });
}

/** The given exchanges (in the order asked) as a HAR 1.2 document. */
export function harOfExchanges(
  engine: { host: ConnectorHost },
  exchanges: Exchange[],
  options: { includeSecrets: boolean; version: string },
): unknown {
  return harOf(exchanges, { ...options, absoluteUrl: (e) => receivedUrl(engine.host, e) });
}
