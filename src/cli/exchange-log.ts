// One terminal line per request a locally served connector handled, and the full diagnosis for a
// request that failed verification. Local output only: none of this goes back over the wire.

import { explain } from '../protocol/index.ts';
import type { Diagnosis } from '../protocol/index.ts';
import type { ExchangeEvent } from '../connector/index.ts';

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

/** `time  method path  type/tool  verdict  status  duration`, one line, ready to print. */
export function exchangeLine(e: ExchangeEvent, diagnosis: Diagnosis | null): string {
  const o = e.response.outcome;
  const time = new Date(e.startedAt).toTimeString().slice(0, 8);
  const what = describeRequest(o.requestType, o.tool, e.body);
  return [
    time,
    `${e.method} ${e.path}`,
    what,
    verdictText(e, diagnosis),
    String(e.response.status),
    `${e.durationMs.toFixed(1)} ms`,
  ].join('  ');
}

/**
 * Type and tool of the request. A request refused before parsing has none in the outcome; its body
 * is then read here (local display only, nothing acts on it) so the line still says what it was.
 */
function describeRequest(type: string | null, tool: string | null, body: Buffer): string {
  if (!type && body.length <= 64 * 1024) {
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
  if (v && !v.ok) {
    // The wire says only invalid_signature (or unsupported_protocol_version); the log says why.
    const cause = diagnosis?.cause
      ? diagnosis.cause.title
      : v.reason === 'signature_mismatch'
        ? 'no known signing mistake reproduces it (another secret, or the body changed after signing)'
        : v.message;
    return `${o.code ?? 'invalid_signature'}: ${v.reason} — ${cause}`;
  }
  if (o.code === null) return 'ok';
  if (e.response.status === 404) return 'not_found';
  return o.message ? `${o.code}: ${o.message}` : o.code;
}
