// History import: a HAR or a History JSON export read back into History inputs, all or nothing; HAR
// bodies marked base64 (`encoding`, or our `_encoding` on postData) come back byte for byte.

import { jsonDepth, previewJson } from '../../client/index.ts';
import { HEADER_TRACE_ID } from '../../protocol/index.ts';
import type { ExchangeInput, History, Timing } from '../../store/history.ts';
import { validationError } from '../errors.ts';
import { JSON_FORMAT } from './export.ts';
import { faultList } from './faults.ts';

type Obj = Record<string, unknown>;

const MAX_IMPORT = 50_000;
export const MAX_IMPORT_CHARS = 64 * 1024 * 1024;
/** A HAR or History export nests a handful of levels; deeper files would be re-serialized recursively. */
export const MAX_IMPORT_DEPTH = 32;

export interface ImportReport {
  imported: number;
  firstId: number;
  lastId: number;
}

/** Parses the whole file first, then writes every exchange in one transaction. */
export function importHistory(history: History, content: string): ImportReport {
  if (content.length === 0)
    throw validationError('content must be the text of a .har or .json file', 'content');
  if (content.length > MAX_IMPORT_CHARS)
    throw validationError(`the file is over ${MAX_IMPORT_CHARS / 1024 / 1024} MiB`, 'content');
  const ids = history.recordAll(parseImport(content));
  return { imported: ids.length, firstId: ids[0], lastId: ids[ids.length - 1] };
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses a HAR or a JSON export into History inputs; the first problem found is a validation_error naming the entry. */
export function parseImport(content: string): ExchangeInput[] {
  if (jsonDepth(content, MAX_IMPORT_DEPTH) > MAX_IMPORT_DEPTH)
    throw validationError(
      `the file nests JSON deeper than ${MAX_IMPORT_DEPTH} levels; a .har or History export never does`,
      'content',
    );
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch (e) {
    throw validationError(
      `the file is not JSON (${(e as Error).message}); choose a .har or a History JSON export`,
      'content',
    );
  }
  let entries: unknown[];
  let read: (entry: Obj) => ExchangeInput;
  if (isObj(doc) && doc.format === JSON_FORMAT) {
    if (doc.version !== 1)
      throw validationError(
        `this History export has version ${String(doc.version)}; this testbench reads version 1`,
        'content',
      );
    if (!Array.isArray(doc.exchanges))
      throw validationError('the History export has no "exchanges" list', 'content');
    entries = doc.exchanges;
    read = fromJson;
  } else if (isObj(doc) && isObj(doc.log) && Array.isArray(doc.log.entries)) {
    entries = doc.log.entries;
    read = fromHar;
  } else {
    throw validationError(
      'the file is neither a HAR (log.entries) nor a Connector Testbench History export',
      'content',
    );
  }
  if (entries.length === 0) throw validationError('the file holds no exchanges', 'content');
  if (entries.length > MAX_IMPORT)
    throw validationError(
      `the file holds ${entries.length} exchanges; import at most ${MAX_IMPORT} at once`,
      'content',
    );
  return entries.map((entry, i) => {
    try {
      if (!isObj(entry)) throw new ImportProblem('is not an object');
      return read(entry);
    } catch (e) {
      if (e instanceof ImportProblem)
        throw validationError(`entry ${i + 1}: ${e.message}; nothing was imported`, 'content');
      throw e;
    }
  });
}

class ImportProblem extends Error {}

function fromJson(x: Obj): ExchangeInput {
  const direction =
    x.direction === 'incoming'
      ? 'incoming'
      : x.direction === 'outgoing'
        ? 'outgoing'
        : fail('direction must be "outgoing" or "incoming"');
  return {
    direction,
    connectionId: optText(x, 'connectionId'),
    localConnectorId: optText(x, 'localConnectorId'),
    requestType: optText(x, 'requestType'),
    tool: optText(x, 'tool'),
    requestId: optText(x, 'requestId'),
    traceId: optText(x, 'traceId'),
    method: text(x, 'method'),
    url: text(x, 'url'),
    requestHeaders: pairs(x.requestHeaders, 'requestHeaders'),
    requestBody: base64(x.requestBodyBase64, 'requestBodyBase64') ?? fail('requestBodyBase64 is missing'),
    responseStatus: optStatus(x.responseStatus),
    responseHeaders: x.responseHeaders == null ? null : pairs(x.responseHeaders, 'responseHeaders'),
    responseBody: base64(x.responseBodyBase64, 'responseBodyBase64'),
    verdict: text(x, 'verdict'),
    errorMessage: optText(x, 'errorMessage'),
    diagnosis: x.diagnosis ?? null,
    timing: timing(x.timing),
    attempt: Number.isInteger(x.attempt) && (x.attempt as number) > 0 ? (x.attempt as number) : 1,
    faults: x.faults ?? null,
    startedAt: Number.isFinite(x.startedAt)
      ? (x.startedAt as number)
      : fail('startedAt must be epoch milliseconds'),
  };
}

function fromHar(x: Obj): ExchangeInput {
  const request = isObj(x.request) ? x.request : fail('has no request');
  const response = isObj(x.response) ? x.response : fail('has no response');
  const ctb = isObj(x._ctb) ? x._ctb : {};
  const startedAt = typeof x.startedDateTime === 'string' ? Date.parse(x.startedDateTime) : NaN;
  if (!Number.isFinite(startedAt)) fail('startedDateTime is not an ISO date');
  const requestHeaders = harHeaders(request.headers, 'request.headers');
  const postData = isObj(request.postData) ? request.postData : null;
  const requestBody = postData ? harText(postData, 'request.postData', '_encoding') : Buffer.alloc(0);
  const content = isObj(response.content) ? response.content : null;
  const status = optStatus(response.status === 0 ? null : response.status);
  const parsedBody = safeJson(requestBody);
  return {
    direction: ctb.direction === 'incoming' ? 'incoming' : 'outgoing',
    connectionId: optText(ctb, 'connectionId'),
    localConnectorId: optText(ctb, 'localConnectorId'),
    requestType:
      optText(ctb, 'requestType') ?? (typeof parsedBody?.type === 'string' ? parsedBody.type : null),
    tool: optText(ctb, 'tool') ?? (typeof parsedBody?.tool === 'string' ? parsedBody.tool : null),
    requestId:
      optText(ctb, 'requestId') ??
      (typeof parsedBody?.request_id === 'string' ? parsedBody.request_id : null),
    traceId:
      optText(ctb, 'traceId') ??
      requestHeaders.find(([n]) => n.toLowerCase() === HEADER_TRACE_ID)?.[1] ??
      null,
    method: text(request, 'method'),
    // The URL as recorded (a received request's path) when the file came from a testbench.
    url: optText(ctb, 'url') ?? text(request, 'url'),
    requestHeaders,
    requestBody,
    responseStatus: status,
    responseHeaders:
      status === null && !Array.isArray(response.headers)
        ? null
        : harHeaders(response.headers ?? [], 'response.headers'),
    responseBody:
      content && typeof content.text === 'string' ? harText(content, 'response.content', 'encoding') : null,
    verdict:
      optText(ctb, 'verdict') ??
      (status === null ? 'no_response' : status >= 200 && status < 300 ? 'ok' : `http_${status}`),
    errorMessage: isObj(ctb) && typeof ctb.error === 'string' ? ctb.error : null,
    timing: timing(ctb.timing) ?? (typeof x.time === 'number' && x.time >= 0 ? { totalMs: x.time } : null),
    attempt: Number.isInteger(ctb.attempt) && (ctb.attempt as number) > 0 ? (ctb.attempt as number) : 1,
    faults: faultList(ctb.faults),
    startedAt,
  };
}

function fail(message: string): never {
  throw new ImportProblem(message);
}

function text(x: Obj, field: string): string {
  const v = x[field];
  if (typeof v !== 'string' || v === '') fail(`${field} must be a non-empty string`);
  if (v.length > 100_000) fail(`${field} is longer than 100,000 characters`);
  return v;
}

function optText(x: Obj, field: string): string | null {
  const v = x[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' || v.length > 2048) fail(`${field} must be a string of at most 2048 characters`);
  return v;
}

function optStatus(v: unknown): number | null {
  if (v === undefined || v === null) return null;
  if (!Number.isInteger(v) || (v as number) < 100 || (v as number) > 999)
    fail(`the HTTP status ${previewJson(v, 40)} is not a number from 100 to 999`);
  return v as number;
}

function pairs(v: unknown, field: string): Array<[string, string]> {
  if (
    !Array.isArray(v) ||
    v.some((p) => !Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'string' || typeof p[1] !== 'string')
  )
    fail(`${field} must be a list of [name, value] pairs`);
  return v as Array<[string, string]>;
}

function harHeaders(v: unknown, field: string): Array<[string, string]> {
  if (
    !Array.isArray(v) ||
    v.some((h) => !isObj(h) || typeof h.name !== 'string' || typeof h.value !== 'string')
  )
    fail(`${field} must be a list of {name, value}`);
  return (v as Array<{ name: string; value: string }>).map((h) => [h.name, h.value]);
}

function harText(x: Obj, field: string, marker: 'encoding' | '_encoding'): Buffer {
  if (x.text === undefined) return Buffer.alloc(0);
  if (typeof x.text !== 'string') fail(`${field}.text must be a string`);
  // Other tools put `encoding` on postData too: either marker is read on either side.
  const encoding = x[marker] ?? x.encoding ?? x._encoding;
  if (encoding === undefined) return Buffer.from(x.text, 'utf8');
  if (encoding !== 'base64') fail(`${field}.${marker} must be "base64", got ${previewJson(encoding, 40)}`);
  return base64(x.text, `${field}.text`) ?? Buffer.alloc(0);
}

function base64(v: unknown, field: string): Buffer | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(v)) fail(`${field} must be base64`);
  return Buffer.from(v, 'base64');
}

function timing(v: unknown): Timing | null {
  if (v === undefined || v === null) return null;
  if (!isObj(v) || typeof v.totalMs !== 'number' || !Number.isFinite(v.totalMs))
    fail('timing must be {totalMs, ...}');
  const ms = (k: string) => (typeof v[k] === 'number' ? (v[k] as number) : null);
  return { totalMs: v.totalMs, connectMs: ms('connectMs'), firstByteMs: ms('firstByteMs') };
}

function safeJson(body: Buffer): Obj | null {
  try {
    const v = JSON.parse(body.toString('utf8')) as unknown;
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}
