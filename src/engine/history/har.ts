// History exchanges as HAR 1.2 for browser devtools and proxies: absolute URLs, bodies that are not
// UTF-8 as base64 (`encoding` on content; `_encoding` on postData, which HAR gives no such field).

import type { Exchange } from '../../store/history.ts';
import { faultList } from './faults.ts';
import { redactBody, redactHeaders, utf8Text } from './redact.ts';

export interface HarOptions {
  includeSecrets: boolean;
  version: string;
  /** The absolute URL of an exchange whose stored URL is a path (requests a local connector received). */
  absoluteUrl: (e: Exchange) => string | null;
}

export function harOf(exchanges: Exchange[], options: HarOptions): unknown {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Connector Testbench', version: options.version },
      entries: exchanges.map((e) => entryOf(e, options)),
    },
  };
}

/** HAR text of a body: UTF-8 as is, anything else base64 with the marker `field` set. */
function harBody(body: Buffer, includeSecrets: boolean, field: 'encoding' | '_encoding') {
  const bytes = redactBody(body, includeSecrets);
  const text = utf8Text(bytes);
  return text !== null ? { text } : { text: bytes.toString('base64'), [field]: 'base64' };
}

const headerOf = (pairs: Array<[string, string]>, name: string) =>
  pairs.find(([n]) => n.toLowerCase() === name)?.[1];

/**
 * HAR requires an absolute URL. A received request stored as a path takes its connector's address,
 * else its own Host header; loopback is the last resort (the connector listened on this machine).
 */
function urlOf(e: Exchange, options: HarOptions): string {
  if (/^https?:\/\//i.test(e.url)) return e.url;
  const known = options.absoluteUrl(e);
  if (known) return known;
  const host = headerOf(e.requestHeaders, 'host');
  try {
    return new URL(e.url, `http://${host && /^[\w.[\]:-]+$/.test(host) ? host : '127.0.0.1'}`).toString();
  } catch {
    return new URL(e.url.replace(/^[^/]*/, ''), 'http://127.0.0.1').toString();
  }
}

function entryOf(e: Exchange, options: HarOptions): Record<string, unknown> {
  const { includeSecrets } = options;
  const total = e.timing?.totalMs ?? 0;
  const wait =
    e.timing?.firstByteMs != null ? Math.max(0, e.timing.firstByteMs - (e.timing.connectMs ?? 0)) : total;
  const headers = (pairs: Array<[string, string]>) =>
    redactHeaders(pairs, includeSecrets).map(([name, value]) => ({ name, value }));
  const mime = (pairs: Array<[string, string]> | null | undefined) =>
    (pairs && headerOf(pairs, 'content-type')) ?? 'application/octet-stream';
  const url = urlOf(e, options);
  return {
    startedDateTime: new Date(e.startedAt).toISOString(),
    time: total,
    request: {
      method: e.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headers(e.requestHeaders),
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      postData: { mimeType: mime(e.requestHeaders), ...harBody(e.requestBody, includeSecrets, '_encoding') },
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
        ...(e.responseBody ? harBody(e.responseBody, includeSecrets, 'encoding') : {}),
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
      // The stored URL as recorded (a path for received requests), so an import gives it back.
      url: e.url,
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
