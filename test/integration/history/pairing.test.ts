// Pairing by request_id in a real History: the chain order (caller, proxy, connector), and what a
// comparison says when bytes, headers or only the secrets differ between sent and received.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/engine/history-file.ts';
import type { HistoryFile } from '../../../src/engine/history-file.ts';
import { pairingOf } from '../../../src/engine/pairing.ts';
import type { ExchangeInput } from '../../../src/store/history.ts';

let dir: string;
let file: HistoryFile;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ctb-pairing-'));
  file = openHistory(dir);
});
afterEach(async () => {
  await file.close();
  rmSync(dir, { recursive: true, force: true });
});

const BODY = '{"type":"ping","request_id":"req-1"}';
const HEADERS: Array<[string, string]> = [
  ['X-Signature', 'v1=abc'],
  ['X-Timestamp', '1700000000'],
  ['Host', 'sender.example'],
];

function exchange(over: Partial<ExchangeInput>): ExchangeInput {
  return {
    direction: 'incoming',
    requestId: 'req-1',
    method: 'POST',
    url: '/service',
    requestHeaders: HEADERS,
    requestBody: Buffer.from(BODY),
    verdict: 'ok',
    startedAt: 1_700_000_000_000,
    ...over,
  };
}

describe('pairingOf', () => {
  it('pairs the sent record with the received one whichever was written first', () => {
    const received = file.history.record(exchange({ startedAt: 1_700_000_000_012 }));
    const sent = file.history.record(exchange({ direction: 'outgoing', url: 'http://127.0.0.1:1/service' }));
    expect(pairingOf(file.history, received)).toMatchObject({ role: 'received', peerId: sent });
    const p = pairingOf(file.history, sent)!;
    expect(p).toMatchObject({ role: 'sent', peerId: received });
    expect(p.diff).toMatchObject({ bodyDiffers: false, conclusion: 'identical', transitMs: 12 });
  });

  it('orders a proxy between the caller and the connector, so each hop is compared with the one before', () => {
    const sent = file.history.record(exchange({ direction: 'outgoing', url: 'http://proxy/service' }));
    const connector = file.history.record(
      exchange({ requestBody: Buffer.from(BODY.replace('ping', 'pong')) }),
    );
    const proxy = file.history.record(exchange({ url: 'http://127.0.0.1:4020/service' }));
    expect(pairingOf(file.history, proxy)).toMatchObject({ role: 'received', peerId: sent });
    const last = pairingOf(file.history, connector)!;
    expect(last).toMatchObject({ role: 'received', peerId: proxy });
    expect(last.diff).toMatchObject({ bodyDiffers: true, firstDifferenceAt: 10, conclusion: 'body_altered' });
  });

  it('tells bytes that arrived unchanged under a failed signature: the secrets differ', () => {
    file.history.record(exchange({ direction: 'outgoing', url: 'http://c/service' }));
    const received = file.history.record(exchange({ verdict: 'invalid_signature' }));
    expect(pairingOf(file.history, received)!.diff.conclusion).toBe('secrets_or_clock_differ');
  });

  it('blames a fault the sender injected, not the secrets, when the bytes arrived as sent', () => {
    file.history.record(
      exchange({
        direction: 'outgoing',
        url: 'http://c/service',
        faults: ['one body byte changed after signing'],
      }),
    );
    const received = file.history.record(
      exchange({ verdict: 'invalid_signature', startedAt: 1_700_000_000_002 }),
    );
    const diff = pairingOf(file.history, received)!.diff;
    expect(diff.conclusion).toBe('fault_injected');
    expect(diff.summary).toMatch(/injected one body byte changed after signing/);
  });

  it('names a changed signing header but not a per-hop one or a header the transport added', () => {
    file.history.record(exchange({ direction: 'outgoing', url: 'http://c/service' }));
    const received = file.history.record(
      exchange({
        requestHeaders: [
          ['x-signature', 'v1=def'],
          ['x-timestamp', '1700000000'],
          ['host', 'connector.example'],
          ['user-agent', 'undici'],
        ],
      }),
    );
    const diff = pairingOf(file.history, received)!.diff;
    expect(diff.headersDiffer).toEqual([
      { name: 'user-agent', sent: null, received: 'undici' },
      { name: 'x-signature', sent: 'v1=abc', received: 'v1=def' },
    ]);
    expect(diff.conclusion).toBe('headers_altered');
  });

  it('never pairs two records of the same hop: retries that never arrived pair with nothing', () => {
    const at = (ms: number) => 1_700_000_000_000 + ms;
    const url = 'http://127.0.0.1:1/service';
    const refused = file.history.record(
      exchange({ direction: 'outgoing', url, verdict: 'connect_error', startedAt: at(0) }),
    );
    const retried = file.history.record(
      exchange({ direction: 'outgoing', url, verdict: 'connect_error', startedAt: at(500) }),
    );
    const delivered = file.history.record(exchange({ direction: 'outgoing', url, startedAt: at(1500) }));
    const received = file.history.record(exchange({ startedAt: at(1502) }));
    expect(pairingOf(file.history, refused)).toBeNull();
    expect(pairingOf(file.history, retried)).toBeNull();
    expect(pairingOf(file.history, delivered)).toMatchObject({ role: 'sent', peerId: received });
    expect(pairingOf(file.history, received)).toMatchObject({ role: 'received', peerId: delivered });
  });

  it('pairs the two deliveries of a replay one to one', () => {
    const at = (ms: number) => 1_700_000_000_000 + ms;
    const url = 'http://127.0.0.1:1/service';
    const first = file.history.record(exchange({ direction: 'outgoing', url, startedAt: at(0) }));
    const second = file.history.record(exchange({ direction: 'outgoing', url, startedAt: at(3) }));
    // The connector's records land in History in any order.
    const got2 = file.history.record(exchange({ startedAt: at(4) }));
    const got1 = file.history.record(exchange({ startedAt: at(1) }));
    expect(pairingOf(file.history, first)).toMatchObject({ role: 'sent', peerId: got1 });
    expect(pairingOf(file.history, second)).toMatchObject({ role: 'sent', peerId: got2 });
    expect(pairingOf(file.history, got2)).toMatchObject({ role: 'received', peerId: second });
  });

  it('leaves a redacted copy from an export out: its masked signature is no change in transit', () => {
    const sent = file.history.record(exchange({ direction: 'outgoing', url: 'http://c/service' }));
    const received = file.history.record(exchange({ startedAt: 1_700_000_000_005 }));
    const copy = file.history.record(
      exchange({
        direction: 'outgoing',
        url: 'http://c/service',
        requestHeaders: [['X-Signature', '[redacted]'], ...HEADERS.slice(1)],
      }),
    );
    expect(pairingOf(file.history, copy)).toBeNull();
    expect(pairingOf(file.history, received)).toMatchObject({ peerId: sent });
    expect(pairingOf(file.history, received)!.diff.conclusion).toBe('identical');
  });

  it('has nothing to pair for a request_id seen once or an exchange without one', () => {
    const alone = file.history.record(exchange({}));
    const none = file.history.record(exchange({ requestId: null }));
    expect(pairingOf(file.history, alone)).toBeNull();
    expect(pairingOf(file.history, none)).toBeNull();
  });
});
