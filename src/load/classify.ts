// Sorting load answers into success and error buckets: HTTP status, the error envelope's code
// (a 200 tool error counts too: the call failed), or the network failure.

import type { ErrorBucket } from './types.ts';

const ERROR_MARKER = Buffer.from('"error"');

export interface Outcome {
  ok: boolean;
  key: string;
  kind: ErrorBucket['kind'];
  status: number | null;
  code: string | null;
}

const OK: Outcome = { ok: true, key: 'ok', kind: 'http', status: 200, code: null };

function envelopeCode(body: Buffer): string | null {
  // Parsing every success body would cost throughput; an envelope always contains "error".
  if (body.indexOf(ERROR_MARKER) === -1) return null;
  try {
    const json = JSON.parse(body.toString('utf8')) as { type?: unknown; code?: unknown };
    return json.type === 'error' && typeof json.code === 'string' ? json.code.slice(0, 64) : null;
  } catch {
    return null;
  }
}

export function classifyAnswer(status: number, body: Buffer): Outcome {
  const code = envelopeCode(body);
  if (status >= 200 && status < 300 && code === null) return status === 200 ? OK : { ...OK, status };
  if (code !== null) return { ok: false, key: `${status} ${code}`, kind: 'envelope', status, code };
  return { ok: false, key: `HTTP ${status}`, kind: 'http', status, code: null };
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connect_error',
  ENOTFOUND: 'connect_error',
  EHOSTUNREACH: 'connect_error',
  UND_ERR_CONNECT_TIMEOUT: 'connect_error',
  ECONNRESET: 'connection_reset',
  EPIPE: 'connection_reset',
  UND_ERR_SOCKET: 'connection_reset',
  UND_ERR_CLOSED: 'connection_reset',
  LOAD_TIMEOUT: 'timeout',
  ETIMEDOUT: 'connect_error',
  ECONNABORTED: 'connection_reset',
  HPE_INVALID: 'invalid_http',
  HPE_HEADER_OVERFLOW: 'invalid_http',
  HPE_INVALID_CHUNK_SIZE: 'invalid_http',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  UND_ERR_ABORTED: 'aborted',
  AbortError: 'aborted',
};

export function classifyError(error: unknown): Outcome {
  let e: unknown = error;
  let key = 'network_error';
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code ?? (e as { name?: unknown }).name;
    if (typeof code === 'string' && NETWORK_CODES[code]) {
      key = NETWORK_CODES[code];
      break;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return { ok: false, key, kind: 'network', status: null, code: key };
}
