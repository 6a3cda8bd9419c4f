// The SSRF policy of decisions.md 3 over a table of URLs, in both modes, with an injected resolver
// so host names resolve to exactly the addresses each row needs.

import { describe, expect, it } from 'vitest';
import { checkUrl, classifyAddress } from '../../../src/platform/index.ts';
import type { Resolver } from '../../../src/platform/index.ts';

const DNS: Record<string, string[]> = {
  'public.example.com': ['93.184.216.34'],
  'public6.example.com': ['2606:2800:220:1:248:1893:25c8:1946'],
  localhost: ['127.0.0.1', '::1'],
  'loopback.example.com': ['127.0.0.1'],
  'mixed.example.com': ['93.184.216.34', '10.0.0.7'],
  'private.example.com': ['192.168.1.20'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'empty.example.com': [],
};
const resolver: Resolver = async (host) => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

// [url, strict allows, dev allows, a word the strict reasons must contain]
const TABLE: Array<[string, boolean, boolean, string]> = [
  ['https://public.example.com/service', true, true, ''],
  ['https://public6.example.com/service', true, true, ''],
  ['https://93.184.216.34/service', true, true, ''],
  ['https://[2606:4700::1111]/service', true, true, ''],
  ['http://public.example.com/service', false, true, 'https'],
  ['https://127.0.0.1/service', false, true, 'loopback'],
  ['https://2130706433/service', false, true, 'loopback'],
  ['https://0177.0.0.1/service', false, true, 'loopback'],
  ['https://0x7f.1/service', false, true, 'loopback'],
  ['https://127.1/service', false, true, 'loopback'],
  ['https://[::1]/service', false, true, 'loopback'],
  ['https://[::ffff:127.0.0.1]/service', false, true, 'IPv4-mapped form of loopback'],
  ['https://[::ffff:7f00:1]/service', false, true, 'IPv4-mapped form of loopback'],
  ['https://[::127.0.0.1]/service', false, true, 'IPv4-compatible'],
  ['https://[64:ff9b::7f00:1]/service', false, true, 'NAT64'],
  ['https://[2002:7f00:1::]/service', false, true, '6to4'],
  ['https://0.0.0.0/service', false, false, 'unspecified'],
  ['https://[::]/service', false, false, 'unspecified'],
  ['https://169.254.169.254/latest/meta-data', false, false, 'metadata'],
  ['https://[fd00:ec2::254]/service', false, false, 'metadata'],
  ['https://metadata.google.internal/computeMetadata/v1', false, false, 'metadata host'],
  ['https://169.254.10.10/service', false, false, 'link-local'],
  ['https://[fe80::1]/service', false, false, 'link-local'],
  ['https://100.64.0.1/service', false, true, 'carrier-grade NAT'],
  ['https://10.1.2.3/service', false, true, 'private'],
  ['https://172.16.5.4/service', false, true, 'private'],
  ['https://172.31.255.255/service', false, true, 'private'],
  ['https://172.32.0.1/service', true, true, ''],
  ['https://192.168.0.10/service', false, true, 'private'],
  ['https://[fc00::1]/service', false, true, 'unique-local'],
  ['https://224.0.0.1/service', false, false, 'multicast'],
  ['https://[ff02::1]/service', false, false, 'multicast'],
  ['https://255.255.255.255/service', false, false, 'broadcast'],
  ['https://240.0.0.1/service', false, false, 'reserved'],
  ['https://198.18.0.1/service', false, false, 'benchmarking'],
  ['https://192.0.2.1/service', false, false, 'documentation'],
  ['https://[2001:db8::1]/service', false, false, 'documentation'],
  ['https://user:pass@public.example.com/service', false, false, 'credentials'],
  ['https://token@public.example.com/service', false, false, 'credentials'],
  ['https://localhost/service', false, true, 'loopback'],
  ['https://loopback.example.com/service', false, true, '"loopback.example.com" resolves to loopback'],
  ['https://mixed.example.com/service', false, true, 'private address 10.0.0.7'],
  ['https://private.example.com/service', false, true, 'private'],
  ['https://mapped.example.com/service', false, true, 'IPv4-mapped'],
  ['https://metadata.example.com/service', false, false, 'metadata'],
  ['https://unknown.example.com/service', false, true, 'does not resolve'],
  ['https://empty.example.com/service', false, true, 'resolves to no address'],
  ['ftp://public.example.com/service', false, false, 'scheme'],
  ['not a url', false, false, 'absolute URL'],
];

describe('checkUrl', () => {
  it.each(TABLE)('%s: strict %s, dev %s', async (url, strictAllows, devAllows, why) => {
    const strict = await checkUrl(url, 'strict', resolver);
    const dev = await checkUrl(url, 'dev', resolver);
    expect(strict.allowed).toBe(strictAllows);
    expect(strict.strictAllowed).toBe(strictAllows);
    expect(dev.allowed).toBe(devAllows);
    // dev always reports what strict would have said.
    expect(dev.strictAllowed).toBe(strictAllows);
    expect(dev.reasons).toEqual(strict.reasons);
    if (why) expect(strict.reasons.join(' | ')).toContain(why);
    else expect(strict.reasons).toEqual([]);
  });

  it('pins the resolved address of an allowed URL and none of a refused one', async () => {
    expect((await checkUrl('https://public.example.com/x', 'strict', resolver)).pinned).toBe('93.184.216.34');
    expect((await checkUrl('https://mixed.example.com/x', 'strict', resolver)).pinned).toBeUndefined();
  });

  it('reports every resolved address, not only the first', async () => {
    const r = await checkUrl('https://mixed.example.com/x', 'strict', resolver);
    expect(r.addresses).toEqual(['93.184.216.34', '10.0.0.7']);
  });
});

describe('classifyAddress', () => {
  it('treats an IPv4-mapped public address as public', () => {
    expect(classifyAddress('::ffff:8.8.8.8').category).toBeNull();
  });
  it('refuses IPv6 outside global unicast', () => {
    expect(classifyAddress('4000::1').category).toBe('reserved');
  });
});
