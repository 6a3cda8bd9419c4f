// SSRF policy for webhook URLs (decisions.md 3): `strict` is what production does (https, public
// unicast only, pinned address); `dev` also allows http and loopback/private, and says what strict would refuse.

import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type SsrfMode = 'strict' | 'dev';
export type Resolver = (host: string) => Promise<string[]>;

export interface UrlCheck {
  allowed: boolean;
  strictAllowed: boolean;
  /** Every reason strict would refuse the URL (empty when strict allows it). */
  reasons: string[];
  addresses: string[];
  /** The address calls should go to: the first resolved address, when the URL is allowed. */
  pinned?: string;
}

export const defaultResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Categories that dev mode lets through: the places a developer's own connector runs. */
const DEV_ALLOWED = new Set(['loopback', 'private', 'unique-local', 'carrier-grade NAT']);

const METADATA_HOSTS = new Set([
  'metadata.google.internal',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

type Range = [string, number, string];

const V4_RANGES: Range[] = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved (IETF protocol assignments)'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved (6to4 relay anycast)'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

const V6_RANGES: Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'reserved (local-use NAT64)'],
  ['100::', 64, 'reserved (discard)'],
  ['2001:db8::', 32, 'documentation'],
  ['2001:2::', 48, 'benchmarking'],
  ['2001::', 23, 'reserved (IETF protocol assignments, Teredo)'],
  ['3fff::', 20, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved (site-local)'],
  ['ff00::', 8, 'multicast'],
];

const parsedV4 = V4_RANGES.map(([a, bits, label]) => [ipaddr.IPv4.parse(a), bits, label] as const);
const parsedV6 = V6_RANGES.map(([a, bits, label]) => [ipaddr.IPv6.parse(a), bits, label] as const);

export interface AddressClass {
  /** null for a public unicast address. */
  category: string | null;
  /** Human description, e.g. "loopback" or "IPv4-mapped form of loopback 127.0.0.1". */
  description: string | null;
}

/** Classifies one IP address (v4 or v6 text); anything unparseable is reported as such. */
export function classifyAddress(text: string): AddressClass {
  if (!ipaddr.isValid(text)) return { category: 'invalid', description: `"${text}" is not an IP address` };
  const addr = ipaddr.parse(text);
  const normal = addr.toString();
  if (METADATA_ADDRESSES.has(normal))
    return { category: 'metadata', description: `cloud metadata address ${normal}` };
  if (addr.kind() === 'ipv4') {
    for (const [range, bits, label] of parsedV4)
      if ((addr as ipaddr.IPv4).match(range, bits))
        return { category: label, description: `${label} address ${normal}` };
    return { category: null, description: null };
  }
  const v6 = addr as ipaddr.IPv6;
  const embedded = embeddedV4(v6);
  if (embedded) {
    const inner = classifyAddress(embedded.v4);
    if (inner.category === null) return inner;
    return { category: inner.category, description: `${embedded.form} form of ${inner.description}` };
  }
  for (const [range, bits, label] of parsedV6)
    if (v6.match(range, bits)) return { category: label, description: `${label} address ${normal}` };
  if (!v6.match(ipaddr.IPv6.parse('2000::'), 3))
    return {
      category: 'reserved',
      description: `reserved address ${normal} (outside global unicast 2000::/3)`,
    };
  return { category: null, description: null };
}

/** IPv6 forms that carry an IPv4 address a connection would really reach. */
function embeddedV4(v6: ipaddr.IPv6): { v4: string; form: string } | null {
  const p = v6.parts;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (n: number) => p.slice(0, n).every((x) => x === 0);
  if (zeros(5) && p[5] === 0xffff) return { v4: v4(p[6], p[7]), form: 'IPv4-mapped' };
  if (zeros(4) && p[4] === 0xffff && p[5] === 0) return { v4: v4(p[6], p[7]), form: 'IPv4-translated' };
  // ::/96 minus :: and ::1, which are their own IPv6 addresses.
  if (zeros(6) && (p[6] !== 0 || p[7] > 1)) return { v4: v4(p[6], p[7]), form: 'IPv4-compatible' };
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0)
    return { v4: v4(p[6], p[7]), form: 'NAT64' };
  if (p[0] === 0x2002) return { v4: v4(p[1], p[2]), form: '6to4' };
  return null;
}

interface Finding {
  reason: string;
  /** Whether dev mode still refuses because of it. */
  fatalInDev: boolean;
}

/** Checks a webhook URL under a mode; the resolver is injectable so tests never touch real DNS. */
export async function checkUrl(
  url: string,
  mode: SsrfMode,
  resolver: Resolver = defaultResolver,
): Promise<UrlCheck> {
  const findings: Finding[] = [];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return verdict(mode, [{ reason: `"${url}" is not an absolute URL`, fatalInDev: true }], []);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return verdict(
      mode,
      [{ reason: `the scheme ${parsed.protocol} is not http or https`, fatalInDev: true }],
      [],
    );
  if (parsed.protocol === 'http:')
    findings.push({ reason: 'plain http: strict mode needs https', fatalInDev: false });
  if (parsed.username || parsed.password)
    findings.push({
      reason: 'the URL carries credentials (user:password@); send them another way',
      fatalInDev: true,
    });

  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const bareHost = host.replace(/\.$/, '').toLowerCase();
  if (METADATA_HOSTS.has(bareHost))
    findings.push({ reason: `"${bareHost}" is a cloud metadata host name`, fatalInDev: true });

  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [ipaddr.parse(host).toString()];
  else {
    try {
      addresses = [...new Set(await resolver(bareHost))];
      if (addresses.length === 0)
        findings.push({ reason: `the host "${bareHost}" resolves to no address`, fatalInDev: false });
    } catch (err) {
      addresses = [];
      const code = (err as { code?: string }).code;
      findings.push({
        reason: `the host "${bareHost}" does not resolve${code ? ` (${code})` : ''}`,
        fatalInDev: false,
      });
    }
  }
  for (const address of addresses) {
    const c = classifyAddress(address);
    if (c.category === null) continue;
    const via = ipaddr.isValid(host) ? '' : `"${bareHost}" resolves to `;
    findings.push({ reason: `${via}${c.description}`, fatalInDev: !DEV_ALLOWED.has(c.category) });
  }
  return verdict(mode, findings, addresses);
}

function verdict(mode: SsrfMode, findings: Finding[], addresses: string[]): UrlCheck {
  const strictAllowed = findings.length === 0;
  const allowed = mode === 'strict' ? strictAllowed : !findings.some((f) => f.fatalInDev);
  const result: UrlCheck = { allowed, strictAllowed, reasons: findings.map((f) => f.reason), addresses };
  if (allowed && addresses.length > 0) result.pinned = addresses[0];
  return result;
}
