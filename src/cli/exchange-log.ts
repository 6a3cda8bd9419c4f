// One terminal line per request a locally served connector handled, and the full diagnosis for a
// request that failed verification (./request-log.ts writes them). Local output only, never on the wire.

import { explain } from '../protocol/index.ts';
import type { Diagnosis } from '../protocol/index.ts';
import type { ExchangeEvent } from '../connector/index.ts';
import type { HostRequestEvent } from '../connector/host/index.ts';

export interface ExchangeLogOptions {
  secret: string;
  toleranceSeconds: number;
  protocolVersion?: string;
}

/** The diagnosis of a request that failed verification, or null when it verified. */
export function diagnose(e: ExchangeEvent, options: ExchangeLogOptions): Diagnosis | null {
  const v = e.response.outcome.verification;
  if (!v || v.ok) return null;
  return explain(e.body, e.headers, [options.secret], {
    now: Math.floor(e.startedAt / 1000),
    toleranceSeconds: options.toleranceSeconds,
    protocolVersion: options.protocolVersion,
  });
}

/** What one log line shows, whichever server handled the request. */
interface LogRow {
  startedAt: number;
  method: string;
  path: string;
  requestType: string | null;
  tool: string | null;
  body: Buffer | null;
  verdict: string;
  status: number | null;
  durationMs: number;
}

// The clock column changes once a second; formatting it (time zone included) per line cost more
// than the rest of the line under load.
let clockSecond = -1;
let clockText = '';
function clockOf(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== clockSecond) {
    clockSecond = second;
    clockText = new Date(ms).toTimeString().slice(0, 8);
  }
  return clockText;
}

/** Every column but the duration: `time  method path  type/tool  verdict  status`. */
function head(r: Omit<LogRow, 'durationMs'>): string {
  return [
    clockOf(r.startedAt),
    `${r.method} ${r.path}`,
    describeRequest(r.requestType, r.tool, r.body),
    r.verdict,
    r.status === null ? 'no answer' : String(r.status),
  ].join('  ');
}

/** The duration column, as `exchangeLine` ends. */
export function durationText(ms: number): string {
  return `${ms.toFixed(1)} ms`;
}

function line(r: LogRow): string {
  return `${head(r)}  ${durationText(r.durationMs)}`;
}

/** `time  method path  type/tool  verdict  status  duration`, one line, ready to print. */
export function exchangeLine(e: ExchangeEvent, diagnosis: Diagnosis | null): string {
  return `${exchangeHead(e, diagnosis)}  ${durationText(e.durationMs)}`;
}

// Under load most requests are the same verified call in the same second, whose columns before
// the duration repeat: that head is built once and the same string returned, so the request log
// (RequestLog.timed) can reuse its bytes. Anything else is built every time.
let lastHead = {
  second: -1,
  method: '',
  path: '',
  requestType: '',
  tool: null as string | null,
  status: 0,
  text: '',
};

/** exchangeLine without its duration column; a repeat of the last verified call's is the same string. */
export function exchangeHead(e: ExchangeEvent, diagnosis: Diagnosis | null): string {
  const o = e.response.outcome;
  const second = Math.floor(e.startedAt / 1000);
  const verified =
    diagnosis === null && o.code === null && o.requestType !== null && o.verification?.ok !== false;
  const last = lastHead;
  if (
    verified &&
    second === last.second &&
    e.response.status === last.status &&
    o.requestType === last.requestType &&
    o.tool === last.tool &&
    e.method === last.method &&
    e.path === last.path
  )
    return last.text;
  const text = head({
    startedAt: e.startedAt,
    method: e.method,
    path: e.path,
    body: e.body,
    requestType: o.requestType,
    tool: o.tool,
    verdict: verdictText(e, diagnosis),
    status: e.response.status,
  });
  if (verified)
    lastHead = {
      second,
      method: e.method,
      path: e.path,
      requestType: o.requestType!,
      tool: o.tool,
      status: e.response.status,
      text,
    };
  return text;
}

/** The same line for a request served by the connector host (`connector serve --config`). */
export function hostEventLine(e: HostRequestEvent): string {
  let verdict = e.verdict;
  if (e.diagnosis && e.diagnosis.verdict === 'invalid' && e.diagnosis.failedCheck)
    verdict = `${e.verdict}: ${e.diagnosis.failedCheck} — ${causeText(e.diagnosis.failedCheck, e.diagnosis, e.message ?? '')}`;
  else if (e.verdict !== 'ok' && e.message) verdict = `${e.verdict}: ${e.message}`;
  if (e.fault) verdict += ` [${e.fault}]`;
  const body =
    e.requestBody.binary || e.requestBody.truncated ? null : Buffer.from(e.requestBody.text, 'utf8');
  return line({ ...e, body, verdict });
}

function causeText(check: string, diagnosis: Diagnosis | null, message: string): string {
  if (diagnosis?.cause) return diagnosis.cause.title;
  if (check === 'signature_mismatch')
    return 'no known signing mistake reproduces it (another secret, or the body changed after signing)';
  return message;
}

/**
 * Type and tool of the request. A request refused before parsing has none in the outcome; its body
 * is then read here (local display only, nothing acts on it) so the line still says what it was.
 */
function describeRequest(type: string | null, tool: string | null, body: Buffer | null): string {
  if (!type && body && body.length <= 64 * 1024) {
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { type?: unknown; tool?: unknown };
      if (typeof parsed.type === 'string') type = parsed.type;
      if (typeof parsed.tool === 'string') tool = parsed.tool;
    } catch {
      return '-';
    }
  }
  if (!type) return '-';
  return tool && type === 'tool.invoke' ? `${type} ${tool}` : type;
}

function verdictText(e: ExchangeEvent, diagnosis: Diagnosis | null): string {
  const o = e.response.outcome;
  const v = o.verification;
  // The wire says only invalid_signature (or unsupported_protocol_version); the log says why.
  if (v && !v.ok)
    return `${o.code ?? 'invalid_signature'}: ${v.reason} — ${causeText(v.reason, diagnosis, v.message)}`;
  if (o.code === null) return 'ok';
  if (e.response.status === 404) return 'not_found';
  return o.message ? `${o.code}: ${o.message}` : o.code;
}
