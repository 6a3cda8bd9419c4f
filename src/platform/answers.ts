// Judges one connector answer for one request type: `ok`, or the precise code that names what was
// wrong (transport code, protocol error code, http_<status>, invalid_response, invalid_pong).

import type { RequestType } from '../protocol/index.ts';
import type { SignedCallResult } from '../client/index.ts';

export interface AnswerVerdict {
  /** `ok` or an error code. */
  code: string;
  message: string;
  status: number | null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function errorEnvelope(json: unknown): { code: string; message: string } | null {
  if (!isObject(json) || json.type !== 'error' || typeof json.code !== 'string' || json.code === '')
    return null;
  return { code: json.code, message: typeof json.message === 'string' ? json.message : '(no message)' };
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

function preview(json: unknown): string {
  const text = JSON.stringify(json) ?? String(json);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

function describeBody(body: Buffer): string {
  if (body.length === 0) return ' with an empty body';
  const text = body.subarray(0, 80).toString('utf8').replace(/\s+/g, ' ');
  return `: ${text}${body.length > 80 ? '…' : ''}`;
}

/** Retry-After in milliseconds (delta-seconds or HTTP date), or null. */
export function retryAfterMs(result: SignedCallResult, nowMs: number): number | null {
  const value = result.response?.headers.find(([n]) => n.toLowerCase() === 'retry-after')?.[1]?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}
