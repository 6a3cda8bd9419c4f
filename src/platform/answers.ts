// Judges one connector answer for one request type: `ok`, or the precise code that names what was
// wrong (transport code, protocol error code, http_<status>, invalid_response, invalid_pong).

import { REQUEST_TYPES } from '../protocol/index.ts';
import type { RequestType } from '../protocol/index.ts';
import { parseBounded, previewBody, previewJson, previewValue } from '../client/index.ts';
import type { CallResult, SignedCallResult } from '../client/index.ts';

export interface AnswerVerdict {
  /** `ok` or an error code. */
  code: string;
  message: string;
  status: number | null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Longest error code and message taken from an answer: they become verdicts, History rows and UI text. */
export const MAX_ERROR_CODE_CHARS = 100;
export const MAX_ERROR_MESSAGE_CHARS = 2000;

function errorEnvelope(json: unknown): { code: string; message: string } | null {
  if (!isObject(json) || json.type !== 'error' || typeof json.code !== 'string' || json.code === '')
    return null;
  return {
    code: previewValue(json.code, MAX_ERROR_CODE_CHARS),
    message:
      typeof json.message === 'string' ? previewValue(json.message, MAX_ERROR_MESSAGE_CHARS) : '(no message)',
  };
}

function hasToolList(json: Record<string, unknown>): boolean {
  return Array.isArray(json.tools) || (isObject(json.output) && Array.isArray(json.output.tools));
}

export function judgeAnswer(type: RequestType, result: SignedCallResult): AnswerVerdict {
  if (result.error)
    return {
      code: result.error.code,
      message: result.error.message,
      status: result.response?.status ?? null,
    };
  const response = result.response!;
  const status = response.status;
  const envelope = errorEnvelope(result.json);
  if (status < 200 || status >= 300) {
    if (envelope) return { code: envelope.code, message: `HTTP ${status}: ${envelope.message}`, status };
    return {
      code: `http_${status}`,
      message: `the connector answered HTTP ${status}${describeBody(response.body)}`,
      status,
    };
  }
  if (result.json === undefined && parseBounded(response.body).kind === 'too_deep')
    return {
      code: 'answer_too_deep',
      message: `the answer nests JSON deeper than the platform reads; it was kept as bytes, not parsed`,
      status,
    };
  if (result.json === undefined)
    return {
      code: 'invalid_response',
      message: `the answer is not JSON${describeBody(response.body)}`,
      status,
    };
  if (envelope) return { code: envelope.code, message: envelope.message, status };
  const json = result.json;
  switch (type) {
    case 'ping':
      return isObject(json) && json.type === 'pong'
        ? ok(status)
        : { code: 'invalid_pong', message: `expected {"type":"pong",...}, got ${preview(json)}`, status };
    case 'capabilities.list':
    case 'tools.list':
      return isObject(json) && hasToolList(json)
        ? ok(status)
        : {
            code: 'invalid_response',
            message: `expected an answer with a "tools" array, got ${preview(json)}`,
            status,
          };
    case 'tool.invoke':
      return isObject(json) && json.type === 'result' && isObject(json.output)
        ? ok(status)
        : {
            code: 'invalid_response',
            message: `expected {"type":"result","output":{...}}, got ${preview(json)}`,
            status,
          };
  }
}

function ok(status: number): AnswerVerdict {
  return { code: 'ok', message: 'ok', status };
}

const preview = (json: unknown): string => previewJson(json);

function describeBody(body: Buffer): string {
  return body.length === 0 ? ' with an empty body' : `: ${previewBody(body)}`;
}

/**
 * The verdict of any exchange: judged for its request type when known (a replay of a recorded
 * request may not have one), else by transport and status alone.
 */
export function judgeExchange(type: string | null | undefined, result: SignedCallResult): AnswerVerdict {
  const known = REQUEST_TYPES.find((t) => t === type);
  if (known) return judgeAnswer(known, result);
  return judgeTransport(result);
}

function judgeTransport(result: CallResult): AnswerVerdict {
  const status = result.response?.status ?? null;
  if (result.error) return { code: result.error.code, message: result.error.message, status };
  return status !== null && status >= 200 && status < 300
    ? ok(status)
    : { code: `http_${status}`, message: `the connector answered HTTP ${status}`, status };
}

/** A hint for the failures whose cause is usually on one side of the wire. */
export function hintFor(code: string, secretFingerprint: string | null): string | null {
  switch (code) {
    case 'invalid_signature':
      return `the connector refused the signature: check that it runs with the secret whose fingerprint is ${secretFingerprint ?? '(unknown)'} and that its clock is within its skew window`;
    case 'unsupported_protocol_version':
      return 'the connector speaks another protocol version; both sides must use "1"';
    case 'timeout':
      return 'the connector did not answer within the connection timeout; a slow handler or a hung server';
    case 'connect_error':
      return 'nothing accepted the connection: is the connector running, on this host and port?';
    case 'redirect_refused':
      return 'point webhook_url at the final address; the platform never follows redirects';
    case 'answer_too_deep':
      return 'the connector answered JSON nested thousands of levels deep; answers are flat objects';
    case 'response_too_large':
      return 'the answer exceeded the size the platform reads; answer less, or page it';
    case 'connection_reset':
      return 'the connector closed the connection without an answer: did its process crash?';
    default:
      return code.startsWith('http_429') ? 'the connector is rate limiting the platform' : null;
  }
}

/** Retry-After in milliseconds (delta-seconds or HTTP date), or null. */
export function retryAfterMs(result: SignedCallResult, nowMs: number): number | null {
  const value = result.response?.headers.find(([n]) => n.toLowerCase() === 'retry-after')?.[1]?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}
