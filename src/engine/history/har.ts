// `history:export-har`: exchanges as HAR 1.2 for browser devtools and proxies. Signatures and
// anything that looks like a credential are redacted unless the caller asks for them.

import type { Exchange } from '../store/history.ts';
import { faultList } from './dto.ts';

const REDACTED = '[redacted]';
const SENSITIVE_HEADER =
  /^(x-service-signature|authorization|proxy-authorization|cookie|set-cookie|x-ctb-token)$|secret|token|api[-_]?key|password/i;
const SENSITIVE_KEY = /secret|password|token|api[-_]?key|authorization/i;

export function harOf(exchanges: Exchange[], options: { includeSecrets: boolean; version: string }): unknown {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Connector Testbench', version: options.version },
      entries: exchanges.map((e) => entryOf(e, options.includeSecrets)),
    },
  };
}

function entryOf(e: Exchange, includeSecrets: boolean): Record<string, unknown> {
  const total = e.timing?.totalMs ?? 0;
  const wait =
    e.timing?.firstByteMs != null ? Math.max(0, e.timing.firstByteMs - (e.timing.connectMs ?? 0)) : total;
  const headers = (pairs: Array<[string, string]>) =>
    redactHeaders(pairs, includeSecrets).map(([name, value]) => ({ name, value }));
  const mime = (pairs: Array<[string, string]> | null | undefined) =>
    pairs?.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? 'application/octet-stream';
  const query = (() => {
    try {
      return [...new URL(e.url, 'http://local.invalid').searchParams].map(([name, value]) => ({
        name,
        value,
      }));
    } catch {
      return [];
    }
  })();
  return {
    startedDateTime: new Date(e.startedAt).toISOString(),
    time: total,
    request: {
      method: e.method,
      url: e.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headers(e.requestHeaders),
      queryString: query,
      postData: { mimeType: mime(e.requestHeaders), text: bodyText(e.requestBody, includeSecrets) },
      headersSize: -1,
      bodySize: e.requestBody.length,
    },
    response: {
      status: e.responseStatus ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headers(e.responseHeaders ?? []),
      content: {
        size: e.responseBody?.length ?? 0,
        mimeType: mime(e.responseHeaders),
        ...(e.responseBody ? { text: bodyText(e.responseBody, includeSecrets) } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: e.responseBody?.length ?? -1,
    },
    cache: {},
    timings: {
      blocked: -1,
      dns: -1,
      connect: e.timing?.connectMs ?? -1,
      send: 0,
      wait,
      receive: Math.max(0, total - wait - (e.timing?.connectMs ?? 0)),
      ssl: -1,
    },
    // HAR allows custom fields with a leading underscore.
    _ctb: {
      id: e.id,
      direction: e.direction,
      verdict: e.verdict,
      error: e.errorMessage ?? null,
      faults: faultList(e.faults),
      requestId: e.requestId ?? null,
      traceId: e.traceId ?? null,
      // What `history:import` needs to give the exchange back its place in the filters.
      connectionId: e.connectionId ?? null,
      localConnectorId: e.localConnectorId ?? null,
      requestType: e.requestType ?? null,
      tool: e.tool ?? null,
      attempt: e.attempt ?? 1,
      timing: e.timing ?? null,
    },
  };
}

/** Header pairs with signatures and credential-looking values replaced, unless secrets are wanted. */
export function redactHeaders(
  pairs: Array<[string, string]>,
  includeSecrets: boolean,
): Array<[string, string]> {
  return pairs.map(([name, value]) => [
    name,
    !includeSecrets && SENSITIVE_HEADER.test(name) ? REDACTED : value,
  ]);
}

/** JSON bodies keep their shape with credential-looking fields masked; other bodies as text. */
export function bodyText(body: Buffer, includeSecrets: boolean): string {
  const text = body.toString('utf8');
  if (includeSecrets) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const state = { masked: false };
  const masked = mask(parsed, state);
  // Re-serialized only when something was masked: otherwise the bytes stay exactly as exchanged.
  return state.masked ? JSON.stringify(masked) : text;
}

function mask(value: unknown, state: { masked: boolean }): unknown {
  if (Array.isArray(value)) return value.map((v) => mask(v, state));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (!SENSITIVE_KEY.test(k) || typeof v !== 'string') return [k, mask(v, state)];
        state.masked = true;
        return [k, REDACTED];
      }),
    );
  return value;
}
