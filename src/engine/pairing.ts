// Sent vs received: the exchanges of one request_id seen at two points (a `ctb ping` and the connector,
// or the listen proxy and the connector) compared when read, so recording stays one insert per exchange.

import type { Exchange, History } from '../store/history.ts';

/** Headers that describe one connection or hop, never the message: they may change on every hop. */
const PER_HOP = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

export interface HeaderChange {
  name: string;
  sent: string | null;
  received: string | null;
}

export interface PairDiff {
  sentId: number;
  receivedId: number;
  requestId: string;
  bodyDiffers: boolean;
  sentBytes: number;
  receivedBytes: number;
  /** Offset of the first byte that differs; null when the bodies are equal. */
  firstDifferenceAt: number | null;
  /**
   * Message headers added, dropped or changed on the way (per-hop headers left out). Only a dropped
   * or changed one counts as altered: transports add their own (user-agent, accept) on the way.
   */
  headersDiffer: HeaderChange[];
  /** Received start minus sent start, in milliseconds (includes the two clocks' difference). */
  transitMs: number;
  sentVerdict: string;
  receivedVerdict: string;
  /** What the comparison means, for a person reading it. */
  conclusion: 'identical' | 'body_altered' | 'headers_altered' | 'fault_injected' | 'secrets_or_clock_differ';
  summary: string;
}

export interface Pairing {
  /** This exchange's place in the chain: first seen (`sent`) or seen after a hop (`received`). */
  role: 'sent' | 'received';
  /** The exchange it pairs with: the next hop for `sent`, the previous for `received`. */
  peerId: number;
  diff: PairDiff;
}

/**
 * The hop an exchange was recorded at: the caller's own record (outgoing) first, then a forwarding
 * proxy's (an absolute URL), then the connector's (a path).
 */
function hopRank(e: Exchange): number {
  if (e.direction === 'outgoing') return 0;
  return /^https?:\/\//i.test(e.url) ? 1 : 2;
}

/** A copy from an export: its signature was masked, so its headers cannot be compared with a hop's. */
const isRedactedCopy = (e: Exchange): boolean => e.requestHeaders.some(([, value]) => value === '[redacted]');

const byTime = (a: Exchange, b: Exchange) => a.startedAt - b.startedAt || a.id - b.id;

/**
 * Which record of the next hop received which record of the hop before: in time order, each
 * receipt takes the latest not yet taken record that started no later than it. So a retry that
 * never arrived pairs with nothing, and the two deliveries of a replay pair one to one.
 */
function matchHops(senders: Exchange[], receivers: Exchange[]): Map<number, Exchange> {
  const pairs = new Map<number, Exchange>();
  const taken = new Set<number>();
  for (const r of [...receivers].sort(byTime)) {
    let best: Exchange | null = null;
    for (const s of senders)
      if (!taken.has(s.id) && s.startedAt <= r.startedAt && (!best || s.startedAt > best.startedAt)) best = s;
    if (!best) continue;
    taken.add(best.id);
    pairs.set(r.id, best);
    pairs.set(best.id, r);
  }
  return pairs;
}

/** The pairing of exchange `id`, or null when no record of another hop carries its request_id. */
export function pairingOf(history: History, id: number): Pairing | null {
  const self = history.get(id);
  if (!self?.requestId || isRedactedCopy(self)) return null;
  const ids = history.idsWithRequestId(self.requestId);
  if (ids.length < 2) return null;
  const all = ids
    .map((i) => (i === id ? self : history.get(i)))
    .filter((e): e is Exchange => e !== null && !isRedactedCopy(e));
  const hops = new Map<number, Exchange[]>();
  for (const e of all) hops.set(hopRank(e), [...(hops.get(hopRank(e)) ?? []), e]);
  const rank = hopRank(self);
  const ranks = [...hops.keys()];
  const lower = ranks.filter((r) => r < rank);
  if (lower.length > 0) {
    const sender = matchHops(hops.get(Math.max(...lower))!, hops.get(rank)!).get(id);
    if (sender) return { role: 'received', peerId: sender.id, diff: diffPair(sender, self) };
  }
  const higher = ranks.filter((r) => r > rank);
  if (higher.length > 0) {
    const receiver = matchHops(hops.get(rank)!, hops.get(Math.min(...higher))!).get(id);
    if (receiver) return { role: 'sent', peerId: receiver.id, diff: diffPair(self, receiver) };
  }
  return null;
}

export function diffPair(sent: Exchange, received: Exchange): PairDiff {
  const a = sent.requestBody;
  const b = received.requestBody;
  let first: number | null = null;
  if (!a.equals(b)) {
    const n = Math.min(a.length, b.length);
    first = n;
    for (let i = 0; i < n; i++)
      if (a[i] !== b[i]) {
        first = i;
        break;
      }
  }
  const headersDiffer = headerChanges(sent.requestHeaders, received.requestHeaders);
  const receivedBad = received.verdict === 'invalid_signature';
  // A fault the sender injected on purpose (a tampered body, a wrong secret, a skewed clock) explains
  // a refusal of bytes that arrived as sent: the two sides' secrets are then not in question.
  const injected = Array.isArray(sent.faults) ? sent.faults.filter((f) => typeof f === 'string') : [];
  const conclusion: PairDiff['conclusion'] =
    first !== null
      ? 'body_altered'
      : headersDiffer.some((c) => c.sent !== null)
        ? 'headers_altered'
        : injected.length > 0 && received.verdict !== 'ok'
          ? 'fault_injected'
          : receivedBad
            ? 'secrets_or_clock_differ'
            : 'identical';
  return {
    sentId: sent.id,
    receivedId: received.id,
    requestId: sent.requestId ?? '',
    bodyDiffers: first !== null,
    sentBytes: a.length,
    receivedBytes: b.length,
    firstDifferenceAt: first,
    headersDiffer,
    transitMs: received.startedAt - sent.startedAt,
    sentVerdict: sent.verdict,
    receivedVerdict: received.verdict,
    conclusion,
    summary:
      conclusion === 'fault_injected'
        ? `the request arrived byte-exact; the sender injected ${injected.join(', ')}, which is why it was refused`
        : SUMMARIES[conclusion](first, headersDiffer),
  };
}

const SUMMARIES: Record<
  Exclude<PairDiff['conclusion'], 'fault_injected'>,
  (first: number | null, h: HeaderChange[]) => string
> = {
  body_altered: (first) =>
    `the body was altered in transit (first difference at byte ${first}): a signature over the sent bytes cannot verify the received ones`,
  headers_altered: (_, h) =>
    `the body arrived byte-exact but headers changed on the way: ${h
      .filter((c) => c.sent !== null)
      .map((c) => c.name)
      .join(', ')}`,
  secrets_or_clock_differ: () =>
    'the bytes and headers arrived unchanged, yet the signature failed: the two sides hold different secrets (or clocks)',
  identical: () => 'the request arrived byte-exact with the same headers',
};

function headerChanges(sent: Array<[string, string]>, received: Array<[string, string]>): HeaderChange[] {
  const index = (list: Array<[string, string]>) => {
    const m = new Map<string, string>();
    for (const [name, value] of list) {
      const key = name.toLowerCase();
      if (PER_HOP.has(key)) continue;
      m.set(key, m.has(key) ? `${m.get(key)}, ${value}` : value);
    }
    return m;
  };
  const a = index(sent);
  const b = index(received);
  const changes: HeaderChange[] = [];
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const s = a.get(name) ?? null;
    const r = b.get(name) ?? null;
    if (s !== r) changes.push({ name, sent: s, received: r });
  }
  return changes.sort((x, y) => x.name.localeCompare(y.name));
}

// Re-exported: the proxy and `ctb connector serve` read a refused request's envelope through here.
export { envelopeOf } from '../store/claimed-envelope.ts';
