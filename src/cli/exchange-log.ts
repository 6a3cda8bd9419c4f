// One terminal line per request a locally served connector handled, and the full diagnosis for a
// request that failed verification, written off the event loop. Local output only, never on the wire.

import { write, writeSync } from 'node:fs';

import { explain } from '../protocol/index.ts';
import { terminalSafe } from './terminal.ts';
import type { Diagnosis } from '../protocol/index.ts';
import type { ExchangeEvent } from '../connector/index.ts';
import type { HostRequestEvent } from '../connector/host/index.ts';

export interface ExchangeLogOptions {
  secret: string;
  toleranceSeconds: number;
  protocolVersion?: string;
}

// Lines waiting beyond this are dropped (and counted) rather than held: a reader that stopped
// reading the pipe must not grow the server's memory without bound.
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/**
 * Lines gather this long before they go out in one write. Flushed at every turn of the loop, a
 * signed ping under load cost a thread-pool hand-off, a pipe write and a wake-up of the reader
 * every few requests, on a machine whose two cores the server and its clients already share.
 * A person reading the log does not see 10 ms.
 */
export const LOG_FLUSH_MS = 10;

/**
 * The request log. process.stdout writes to a pipe synchronously on Linux, one system call per
 * request on the event loop (the signed ping ran at 0.79x a bare verifier); here lines gather
 * for LOG_FLUSH_MS and go out in one write on libuv's thread pool, in order.
 */
export class RequestLog {
  private readonly fd: number;
  private pending: string[] = [];
  private pendingBytes = 0;
  private dropped = 0;
  private scheduled = false;
  private writing = false;

  constructor(fd = 1) {
    this.fd = fd;
  }

  line(text: string): void {
    if (this.pendingBytes > MAX_PENDING_BYTES) {
      this.dropped++;
      return;
    }
    // A caller's tool name or request id must not drive the terminal of whoever watches the log.
    const safe = terminalSafe(text);
    this.pending.push(safe);
    this.pendingBytes += safe.length + 1;
    if (!this.writing) this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Unref'd: a log must not keep a finished process alive; the exit hook writes what waits.
    setTimeout(() => this.flush(), LOG_FLUSH_MS).unref();
  }

  private take(): string {
    if (this.dropped)
      this.pending.push(`(${this.dropped} log lines dropped: the output was not read fast enough)`);
    const chunk = this.pending.join('\n') + '\n';
    this.pending = [];
    this.pendingBytes = 0;
    this.dropped = 0;
    return chunk;
  }

  private flush(): void {
    this.scheduled = false;
    if (this.writing || this.pending.length === 0) return;
    this.writing = true;
    write(this.fd, this.take(), () => {
      // A closed or broken output loses the log, never the server.
      this.writing = false;
      if (this.pending.length) this.schedule();
    });
  }

  /** Writes what is still waiting, synchronously: for process exit only. */
  flushSync(): void {
    if (this.pending.length === 0 && this.dropped === 0) return;
    try {
      writeSync(this.fd, this.take());
    } catch {
      // The output is gone; nothing left to tell.
    }
  }
}

let shared: RequestLog | null = null;

/** The process's request log on stdout, flushed on exit. */
export function requestLog(): RequestLog {
  if (!shared) {
    const log = (shared = new RequestLog(1));
    process.once('exit', () => log.flushSync());
  }
  return shared;
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

function line(r: LogRow): string {
  const time = clockOf(r.startedAt);
  return [
    time,
    `${r.method} ${r.path}`,
    describeRequest(r.requestType, r.tool, r.body),
    r.verdict,
    r.status === null ? 'no answer' : String(r.status),
    `${r.durationMs.toFixed(1)} ms`,
  ].join('  ');
}

/** `time  method path  type/tool  verdict  status  duration`, one line, ready to print. */
export function exchangeLine(e: ExchangeEvent, diagnosis: Diagnosis | null): string {
  const o = e.response.outcome;
  return line({
    startedAt: e.startedAt,
    method: e.method,
    path: e.path,
    body: e.body,
    durationMs: e.durationMs,
    requestType: o.requestType,
    tool: o.tool,
    verdict: verdictText(e, diagnosis),
    status: e.response.status,
  });
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
