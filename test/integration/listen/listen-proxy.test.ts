// `ctb listen`'s proxy: byte-exact both ways, every request verified and explained with the known
// secrets (which one matched), recorded in a real History, and coded 502/504 answers of its own.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListenProxy } from '../../../src/engine/listen-proxy.ts';
import type { ListenEvent, ListenProxy } from '../../../src/engine/listen-proxy.ts';
import { openHistory } from '../../../src/engine/history-file.ts';
import type { HistoryFile } from '../../../src/engine/history-file.ts';
import { signForTest } from '../../../src/protocol/index.ts';
import { readDiagnosis } from '../../../src/client/index.ts';
import { runCtb } from '../cli/run-ctb.ts';

interface Seen {
  body: Buffer;
  rawHeaders: string[];
  url: string;
}

let upstream: Server;
let upstreamUrl = '';
const seen: Seen[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
  res.writeHead(200, ['Content-Type', 'application/json', 'X-Odd-Case', 'KeepMe']);
  res.end('{"type":"pong",  "spaced":true}');
};

const dir = mkdtempSync(join(tmpdir(), 'ctb-listen-'));
let history: HistoryFile;
let proxy: ListenProxy;
const events: ListenEvent[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ body: Buffer.concat(chunks), rawHeaders: req.rawHeaders, url: req.url ?? '' });
      answer(req, res);
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/service`;
  history = openHistory(dir);
  proxy = await startListenProxy({
    forwardTo: new URL(upstreamUrl),
    secrets: ['whsec_current', 'whsec_previous'],
    port: 0,
    timeoutMs: 500,
    record: (input) => history.record(input),
    onExchange: (e) => events.push(e),
  });
});

afterAll(async () => {
  await proxy?.close();
  await history?.close();
  await new Promise<void>((r) => upstream.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

async function send(path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(proxy.url + path, { method: 'POST', body, headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

// The exchange is recorded once the proxy answered; then it is committed by the History worker.
const settle = async () => {
  await new Promise((r) => setTimeout(r, 30));
  await history.drain();
};

describe('listen proxy', () => {
  it('forwards the body and signed headers byte-exact to exactly the --forward-to URL', async () => {
    // Spacing and key order a re-serializing proxy would lose.
    const body = '{"type":"ping",  "request_id":"r-1","b":1,"a":2}';
    const { headers } = signForTest('whsec_current', body);
    await send('/anything?x=1', body, { ...headers, 'content-type': 'application/json', 'X-Trace': 'AbC' });
    const got = seen.at(-1)!;
    expect(got.url).toBe('/service');
    expect(got.body.toString()).toBe(body);
    const pairs = new Map<string, string>();
    for (let i = 0; i < got.rawHeaders.length; i += 2)
      pairs.set(got.rawHeaders[i].toLowerCase(), got.rawHeaders[i + 1]);
    expect(pairs.get('x-service-signature')).toBe(headers['x-service-signature']);
    expect(pairs.get('x-service-timestamp')).toBe(headers['x-service-timestamp']);
    expect(pairs.get('x-trace')).toBe('AbC');
  });

  it('returns the connector answer byte-exact, header case included', async () => {
    const body = '{"type":"ping","request_id":"r-2"}';
    const res = await send('/service', body, signForTest('whsec_current', body).headers);
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"type":"pong",  "spaced":true}');
    expect(res.headers.get('x-odd-case')).toBe('KeepMe');
  });

  it('says which secret verified a request signed with the previous one', async () => {
    const body = '{"type":"ping","request_id":"r-3"}';
    await send('/service', body, signForTest('whsec_previous', body).headers);
    await settle();
    const e = events.find((x) => x.requestType === 'ping' && x.matchedSecret === 1);
    expect(e?.verdict).toBe('ok');
  });

  it('records a refused signature with its diagnosis, and the connector answer still passes through', async () => {
    const signed = signForTest('whsec_current', '{"type":"ping","request_id":"r-4"}');
    // The body changed after signing: what a re-encoding proxy in front of a connector does.
    const tampered = '{"type":"ping","request_id":"r-4" }';
    const res = await send('/service', tampered, signed.headers);
    expect(res.status).toBe(200);
    await settle();
    const page = history.history.page({ id: 'r-4' });
    expect(page.items).toHaveLength(1);
    const row = history.history.get(page.items[0].id)!;
    expect(row.verdict).toBe('invalid_signature');
    expect(row.requestBody.toString()).toBe(tampered);
    expect(readDiagnosis(row.diagnosis)?.signature?.failedCheck).toBe('signature_mismatch');
    expect(events.at(-1)?.verdict).toBe('invalid_signature');
  });

  it('answers 504 upstream_timeout when the connector hangs, and records it', async () => {
    answer = () => undefined;
    const body = '{"type":"ping","request_id":"r-5"}';
    const res = await send('/service', body, signForTest('whsec_current', body).headers);
    expect(res.status).toBe(504);
    expect(JSON.parse(res.text)).toMatchObject({ type: 'error', code: 'upstream_timeout' });
    await settle();
    const item = history.history.page({ id: 'r-5' }).items[0];
    expect(item.verdict).toBe('upstream_timeout');
  });
});

describe('listen proxy with an unreachable connector', () => {
  it('answers 502 upstream_unreachable with a coded body', async () => {
    const dead = await startListenProxy({
      forwardTo: new URL('http://127.0.0.1:9/service'),
      secrets: ['s'],
      port: 0,
    });
    try {
      const body = '{"type":"ping"}';
      const direct = await fetch(dead.url + '/service', { method: 'POST', body });
      expect(direct.status).toBe(502);
      expect(await direct.json()).toMatchObject({ type: 'error', code: 'upstream_unreachable' });
    } finally {
      await dead.close();
    }
  });
});

describe('ctb listen usage', () => {
  it('refuses a --forward-to that is not http(s), with exit 2', async () => {
    const r = await runCtb(['listen', '--forward-to', 'ftp://example/x', '--secret', 's']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--forward-to expects an http/);
  });

  it('refuses a secret given twice, with exit 2', async () => {
    const r = await runCtb([
      'listen',
      '--forward-to',
      'http://127.0.0.1:9/',
      '--secret',
      'a',
      '--secret',
      'a',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/repeats an earlier one/);
  });

  it('says a port in use is taken, exit 2 like other bad input, without a stack trace', async () => {
    const r = await runCtb([
      'listen',
      '--forward-to',
      'http://127.0.0.1:9/',
      '--secret',
      'a',
      '--port',
      String(new URL(proxy.url).port),
      '--no-record',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/already in use/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
