// Who may talk to a port the app opens (browser mode's UI, the mock platform API beside it): the
// per-launch token (constant-time), one loopback Host header and, when sent, the same loopback Origin.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { TOKEN_HEADER } from '../shared/index.ts';
import type { ApiError } from '../shared/index.ts';

export interface GuardConfig {
  port: number;
  token: string;
  /** Host names besides the loopback ones the server answers to (an explicit --host). */
  extraHosts: string[];
  /** Bound to a wildcard address: any IP literal is a host a browser can legitimately use. */
  allowIpLiterals: boolean;
}

export type GuardVerdict =
  | { ok: true }
  | { ok: false; code: 'forbidden_host' | 'forbidden_origin' | 'invalid_token'; message: string };

// Declared by the page's client (which must stay free of Node imports); every guarded port reads it.
export { TOKEN_HEADER };

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
export function tokenMatches(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function splitHost(hostHeader: string): { name: string; port: string } | null {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+):(\d{1,5})$/i.exec(hostHeader.trim());
  return m ? { name: m[1].toLowerCase(), port: m[2] } : null;
}

/** A rebinding attack arrives with the attacker's name in Host: only names we chose are accepted. */
export function isAllowedHost(hostHeader: string | undefined, config: GuardConfig): boolean {
  if (!hostHeader) return false;
  const parts = splitHost(hostHeader);
  if (!parts || parts.port !== String(config.port)) return false;
  if (LOOPBACK_NAMES.includes(parts.name) || config.extraHosts.includes(parts.name)) return true;
  // An IP literal cannot be rebound: DNS plays no part in reaching it.
  return config.allowIpLiterals && isIP(parts.name.replace(/^\[|\]$/g, '')) !== 0;
}

export function checkOrigin(
  origin: string | undefined,
  hostHeader: string | undefined,
  config: GuardConfig,
): boolean {
  if (origin === undefined) return true;
  return (
    isAllowedHost(hostHeader, config) &&
    origin.toLowerCase() === `http://${(hostHeader ?? '').trim().toLowerCase()}`
  );
}

type HeaderMap = Record<string, string | string[] | undefined>;

const one = (headers: HeaderMap, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

export function guardRequest(
  rawHeaders: HeaderMap,
  token: string | null | undefined,
  config: GuardConfig,
): GuardVerdict {
  const headers = {
    host: one(rawHeaders, 'host'),
    origin: one(rawHeaders, 'origin'),
    site: one(rawHeaders, 'sec-fetch-site'),
  };
  if (!isAllowedHost(headers.host, config))
    return {
      ok: false,
      code: 'forbidden_host',
      message: 'this server only answers to its own loopback address (Host header refused)',
    };
  if (!checkOrigin(headers.origin, headers.host, config) || headers.site === 'cross-site')
    return { ok: false, code: 'forbidden_origin', message: 'requests from other origins are refused' };
  if (!tokenMatches(token, config.token))
    return {
      ok: false,
      code: 'invalid_token',
      message: 'missing or wrong session token: open the URL that `ctb serve` printed',
    };
  return { ok: true };
}

/**
 * Node keeps only the first of several Host headers, so a request naming two hosts (one ours, one
 * a rebinding name) would pass a check of the first: count them in the raw list instead.
 */
export function hasOneHost(req: Pick<IncomingMessage, 'rawHeaders'>): boolean {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === 'host') hosts++;
  return hosts === 1;
}

/**
 * The whole check of a request to a port the app opens, token in the `x-ctb-token` header: the
 * HTTP status and coded error of the refusal (each port answers it in its own shape), or null to admit it.
 */
export function refusalOf(
  req: Pick<IncomingMessage, 'rawHeaders' | 'headers'>,
  config: GuardConfig,
): { status: number; error: ApiError } | null {
  if (!hasOneHost(req))
    return { status: 400, error: { code: 'bad_host', message: 'send exactly one Host header' } };
  const token = req.headers[TOKEN_HEADER];
  const verdict = guardRequest(req.headers, typeof token === 'string' ? token : null, config);
  return verdict.ok ? null : { status: 403, error: { code: verdict.code, message: verdict.message } };
}

/** The guard of a server bound to `host` (127.0.0.1 by default), its port filled in once it listens. */
export function guardFor(host: string, token: string): GuardConfig {
  const wildcard = host === '0.0.0.0' || host === '::';
  return {
    port: 0,
    token,
    // The bound address itself is a name we chose (127.0.0.2, a LAN address given with --host).
    extraHosts: wildcard ? [] : [isIP(host) === 6 ? `[${host.toLowerCase()}]` : host.toLowerCase()],
    allowIpLiterals: wildcard,
  };
}
