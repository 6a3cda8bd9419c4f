// The guard of browser mode as pure rules: which Host and Origin headers are ours, and the token
// comparison, for loopback, an explicit address and a wildcard bind.

import { describe, expect, it } from 'vitest';
import {
  checkOrigin,
  guardRequest,
  isAllowedHost,
  newToken,
  tokenMatches,
} from '../../../src/bridge/http-guard.ts';
import type { GuardConfig } from '../../../src/bridge/http-guard.ts';

const loopback: GuardConfig = { port: 4100, token: 'tok', extraHosts: [], allowIpLiterals: false };

describe('browser-mode guard', () => {
  it('accepts only the loopback names on the right port', () => {
    for (const host of ['127.0.0.1:4100', 'localhost:4100', 'LOCALHOST:4100', '[::1]:4100'])
      expect(isAllowedHost(host, loopback), host).toBe(true);
    for (const host of [
      '127.0.0.1',
      '127.0.0.1:4101',
      'evil.example:4100',
      'localhost.evil.example:4100',
      '[::2]:4100',
      '',
      undefined,
    ])
      expect(isAllowedHost(host, loopback), String(host)).toBe(false);
  });

  it('accepts IP literals but no names when bound to every interface', () => {
    const wildcard = { ...loopback, allowIpLiterals: true };
    expect(isAllowedHost('192.168.1.20:4100', wildcard)).toBe(true);
    expect(isAllowedHost('[fe80::1]:4100', wildcard)).toBe(true);
    expect(isAllowedHost('rebind.evil.example:4100', wildcard)).toBe(false);
  });

  it('wants the Origin, when sent, to be the very Host it came to', () => {
    expect(checkOrigin(undefined, '127.0.0.1:4100', loopback)).toBe(true);
    expect(checkOrigin('http://127.0.0.1:4100', '127.0.0.1:4100', loopback)).toBe(true);
    expect(checkOrigin('http://localhost:4100', '127.0.0.1:4100', loopback)).toBe(false);
    expect(checkOrigin('https://127.0.0.1:4100', '127.0.0.1:4100', loopback)).toBe(false);
  });

  it('refuses a cross-site fetch even when Host, Origin and token look right', () => {
    const verdict = guardRequest({ host: '127.0.0.1:4100', 'sec-fetch-site': 'cross-site' }, 'tok', loopback);
    expect(verdict).toMatchObject({ ok: false, code: 'forbidden_origin' });
    expect(
      guardRequest({ host: '127.0.0.1:4100', 'sec-fetch-site': 'same-origin' }, 'tok', loopback),
    ).toEqual({ ok: true });
  });

  it('compares tokens exactly', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token.toUpperCase(), token)).toBe(token === token.toUpperCase());
    expect(tokenMatches('', token)).toBe(false);
    expect(tokenMatches(null, token)).toBe(false);
  });
});
