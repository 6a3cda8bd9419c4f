// The connector manager against deliberately misbehaving raw HTTP servers: each failure ends with
// its precise code in History, and the retry policy of decisions.md 3 shows in the attempts.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectorManager } from '../../../src/platform/index.ts';
import { buildRequest, readDiagnosis } from '../../../src/client/index.ts';
import { json, makePlatform, pong, rawServer } from './helpers.ts';
import type { RawServer, TestPlatform } from './helpers.ts';

let t: TestPlatform;
const servers: RawServer[] = [];

beforeEach(async () => {
  t = await makePlatform();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await t.cleanup();
});

async function serve(handler: Parameters<typeof rawServer>[0]): Promise<RawServer> {
  const s = await rawServer(handler);
  servers.push(s);
  return s;
}

async function connectionTo(url: string, extra: Record<string, unknown> = {}) {
  return t.platform.connections.create({
    name: `c-${servers.length}-${Math.random()}`,
    webhook_url: url,
    enabled: true,
    ...extra,
  });
}

const verdicts = (connectionId: string) =>
  t.history
    .page({ connectionId })
    .items.map((e) => e.verdict)
    .reverse();

describe('connection test through the manager', () => {
  it('fails with timeout when the answer is slower than the connection timeout', async () => {
    const s = await serve(() => (_req, res) => setTimeout(() => json(res, 200, pong()), 600));
    const c = await connectionTo(s.url, { timeout_ms: 150 });
    const report = await t.platform.connections.test(c.id);
    expect(report).toMatchObject({ status: 'failing', ok: false, error: { code: 'timeout' } });
    expect(verdicts(c.id)).toEqual(['timeout']);
    expect(t.platform.connections.get(c.id).status).toBe('failing');
  });

  it('fails with timeout when the server accepts the request and never answers', async () => {
    const s = await serve(() => () => {});
    const c = await connectionTo(s.url, { timeout_ms: 150 });
    expect((await t.platform.connections.test(c.id)).error?.code).toBe('timeout');
    expect(verdicts(c.id)).toEqual(['timeout']);
  });

  it('retries a ping answered 500 twice and then succeeds, with backoff 0.5 s then 1 s', async () => {
    const s = await serve((n) => (_req, res) => (n <= 2 ? json(res, 500, 'oops') : json(res, 200, pong())));
    const c = await connectionTo(s.url);
    const report = await t.platform.connections.test(c.id);
    expect(report.ok).toBe(true);
    expect(report.attempts).toBe(3);
    expect(report.status).toBe('degraded');
    expect(report.warnings.join(' ')).toMatch(/3 attempts/);
    expect(verdicts(c.id)).toEqual(['http_500', 'http_500', 'ok']);
    expect(t.sleeps[0]).toBeGreaterThanOrEqual(400);
    expect(t.sleeps[0]).toBeLessThanOrEqual(600);
    expect(t.sleeps[1]).toBeGreaterThanOrEqual(800);
    expect(t.sleeps[1]).toBeLessThanOrEqual(1200);
    expect(new Set(s.requests.map((r) => JSON.parse(r.body.toString()).request_id)).size).toBe(1);
  });

  it('gives up after 3 attempts and records each one', async () => {
    const s = await serve(
      () => (_req, res) => json(res, 503, { type: 'error', code: 'overloaded', message: 'busy' }),
    );
    const c = await connectionTo(s.url);
    const report = await t.platform.connections.test(c.id);
    expect(report.error?.code).toBe('overloaded');
    expect(verdicts(c.id)).toEqual(['overloaded', 'overloaded', 'overloaded']);
    expect(t.history.page({ connectionId: c.id }).items.map((e) => e.responseStatus)).toEqual([
      503, 503, 503,
    ]);
  });

  it('honours Retry-After on a 429 and caps a long one at 10 s', async () => {
    const s = await serve(
      (n) => (_req, res) =>
        n === 1
          ? json(res, 429, 'slow down', { 'retry-after': '2' })
          : n === 2
            ? json(res, 429, '', { 'retry-after': '3600' })
            : json(res, 200, pong()),
    );
    const c = await connectionTo(s.url);
    expect((await t.platform.connections.test(c.id)).ok).toBe(true);
    expect(t.sleeps).toEqual([2000, 10_000]);
    expect(verdicts(c.id)).toEqual(['http_429', 'http_429', 'ok']);
  });

  it('reports connection_reset when the server drops the connection, retrying a ping', async () => {
    const s = await serve(() => (req) => req.socket.destroy());
    const c = await connectionTo(s.url);
    expect((await t.platform.connections.test(c.id)).error?.code).toBe('connection_reset');
    expect(verdicts(c.id)).toEqual(['connection_reset', 'connection_reset', 'connection_reset']);
  });

  it('cuts a 50 MiB answer at 5 MiB with response_too_large and stops reading', async () => {
    let written = 0;
    let reportClose: (early: boolean) => void = () => {};
    // Resolves when the server sees the client hang up, however long a loaded machine takes.
    const closedEarly = new Promise<boolean>((resolve) => (reportClose = resolve));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const s = await serve(() => (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('close', () => reportClose(written < 50 * 1024 * 1024));
      const pump = () => {
        while (written < 50 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const c = await connectionTo(s.url);
    const result = await t.platform.manager.listCapabilities(t.platform.connections.target(c.id));
    expect(result.code).toBe('response_too_large');
    expect(result.attempts).toHaveLength(1);
    const exchange = t.history.get((await result.recorded())[0])!;
    expect(exchange.verdict).toBe('response_too_large');
    expect(exchange.responseBody!.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(await closedEarly).toBe(true);
  });

  it('reports invalid_response for an answer that is not JSON', async () => {
    const s = await serve(() => (_req, res) => json(res, 200, '{"type":"pong",'));
    const c = await connectionTo(s.url);
    expect((await t.platform.connections.test(c.id)).error?.code).toBe('invalid_response');
    expect(verdicts(c.id)).toEqual(['invalid_response']);
  });

  it('refuses to follow a 302 to 127.0.0.1', async () => {
    const target = await serve(() => (_req, res) => json(res, 200, pong()));
    const s = await serve(() => (_req, res) => {
      res.writeHead(302, { location: target.url });
      res.end();
    });
    const c = await connectionTo(s.url);
    const report = await t.platform.connections.test(c.id);
    expect(report.error?.code).toBe('redirect_refused');
    expect(target.requests).toHaveLength(0);
    expect(verdicts(c.id)).toEqual(['redirect_refused']);
  });

  it('marks a wrong pong invalid_pong and the connection failing', async () => {
    const s = await serve(() => (_req, res) => json(res, 200, { type: 'result', output: {} }));
    const c = await connectionTo(s.url);
    expect(await t.platform.connections.test(c.id)).toMatchObject({
      status: 'failing',
      error: { code: 'invalid_pong' },
    });
    expect(verdicts(c.id)).toEqual(['invalid_pong']);
  });

  it('accepts a bare {"type":"pong"} as degraded with a warning', async () => {
    const s = await serve(() => (_req, res) => json(res, 200, { type: 'pong' }));
    const c = await connectionTo(s.url);
    const report = await t.platform.connections.test(c.id);
    expect(report).toMatchObject({ status: 'degraded', ok: true, clock_offset_s: null });
    expect(report.warnings[0]).toMatch(/bare/);
    expect(verdicts(c.id)).toEqual(['ok']);
  });

  it('sends trace, tenant and workspace headers, signed', async () => {
    const s = await serve(() => (_req, res) => json(res, 200, pong()));
    const ws = t.platform.workspaces.list()[1];
    const c = await connectionTo(s.url, { workspace_id: ws.id });
    await t.platform.connections.test(c.id);
    const h = s.requests[0].headers;
    expect(h['x-service-tenant-id']).toBe(t.platform.organization().id);
    expect(h['x-service-workspace-id']).toBe(ws.id);
    expect(h['x-service-trace-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(h['x-service-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
  });
});

describe('strict mode at call time', () => {
  it('refuses to call a host that re-resolved to loopback since creation, recording unsafe_url', async () => {
    let answer = ['93.184.216.34'];
    const strict = await makePlatform({ ssrfMode: 'strict', resolver: async () => answer });
    try {
      const c = await strict.platform.connections.create({
        name: 'rebind',
        webhook_url: 'https://erp.example.com/service',
      });
      answer = ['127.0.0.1'];
      const report = await strict.platform.connections.test(c.id);
      expect(report).toMatchObject({ status: 'failing', error: { code: 'unsafe_url' } });
      expect(report.error!.message).toMatch(/resolves to loopback address 127.0.0.1/);
      expect(
        strict.history.page({ connectionId: c.id }).items.map((e) => [e.verdict, e.responseStatus]),
      ).toEqual([['unsafe_url', null]]);
    } finally {
      await strict.cleanup();
    }
  });
});

describe('tool.invoke retries', () => {
  it('retries only a connect error, with the same request_id and body, re-signed with a fresh timestamp', async () => {
    let clock = 1_800_000_000_000;
    await t.cleanup();
    t = await makePlatform({ now: () => new Date((clock += 1000)) });
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const url = `http://127.0.0.1:${port}/service`;
    const c = await connectionTo(url);
    const target = t.platform.connections.target(c.id);
    let late: RawServer | null = null;
    const manager = new ConnectorManager({
      history: t.history,
      clock: () => Math.floor((clock += 1000) / 1000),
      sleep: async () => {
        // The connector comes up while the platform waits to retry.
        const server = createServer((req, res) => {
          const chunks: Buffer[] = [];
          req
            .on('data', (d: Buffer) => chunks.push(d))
            .on('end', () => json(res, 200, { type: 'result', output: { echoed: true } }));
        });
        await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
        late = {
          url,
          server,
          requests: [],
          close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
        };
        servers.push(late);
      },
    });
    const result = await manager.invoke(target, 'searchProducts', { query: 'x' });
    expect(result.ok).toBe(true);
    expect(result.attempts.map((a) => a.code)).toEqual(['connect_error', 'ok']);
    const [first, second] = (await result.recorded()).map((id) => t.history.get(id)!);
    expect(first.requestId).toBe(second.requestId);
    expect(first.requestBody.equals(second.requestBody)).toBe(true);
    const ts = (e: typeof first) => e.requestHeaders.find(([n]) => n === 'x-service-timestamp')![1];
    expect(Number(ts(second))).toBeGreaterThan(Number(ts(first)));
    expect(second.attempt).toBe(2);
  });

  it('does not retry a tool.invoke that reached the connector and got a 500', async () => {
    const s = await serve(() => (_req, res) => json(res, 500, 'boom'));
    const c = await connectionTo(s.url);
    const result = await t.platform.manager.invoke(
      t.platform.connections.target(c.id),
      'createQuotation',
      {},
    );
    expect(result.code).toBe('http_500');
    expect(s.requests).toHaveLength(1);
    expect(t.sleeps).toEqual([]);
  });

  it('does not retry a tool.invoke whose connection was reset', async () => {
    const s = await serve(() => (req) => req.socket.destroy());
    const c = await connectionTo(s.url);
    const result = await t.platform.manager.invoke(
      t.platform.connections.target(c.id),
      'createQuotation',
      {},
    );
    expect(result.code).toBe('connection_reset');
    expect(s.requests).toHaveLength(1);
  });
});

describe('the one stored diagnosis shape', () => {
  it('records a refused signature with a hint and the secret fingerprint in the typed shape', async () => {
    const s = await serve(() => (_req, res) => json(res, 401, { type: 'error', code: 'invalid_signature' }));
    const c = await connectionTo(s.url);
    const report = await t.platform.connections.test(c.id);
    expect(report.error?.code).toBe('invalid_signature');
    const stored = t.history.get(report.exchange_ids[0])!.diagnosis;
    expect(stored).toEqual(readDiagnosis(stored));
    expect(readDiagnosis(stored)).toMatchObject({
      v: 1,
      signature: null,
      hint: expect.stringMatching(/refused the signature/),
      signing: { timestamp: expect.any(String), secretFingerprint: expect.any(String) },
      ssrf: null,
    });
  });

  it('sends recorded bytes once, as they were, and judges the answer by the recorded type', async () => {
    const s = await serve(() => (_req, res) => json(res, 500, { type: 'error', code: 'internal' }));
    const c = await connectionTo(s.url);
    const target = t.platform.connections.target(c.id);
    const result = await t.platform.manager.send(
      target,
      {
        kind: 'recorded',
        method: 'POST',
        headers: [['content-type', 'application/json']],
        body: Buffer.from('{"type":"ping","request_id":"r-1"}'),
        requestType: 'ping',
        tool: null,
        requestId: 'r-1',
        traceId: 'trace-1',
        notes: ['replay of #1 as sent'],
      },
      { maxAttempts: 1 },
    );
    expect(result.code).toBe('internal');
    expect(s.requests.map((r) => r.body.toString())).toEqual(['{"type":"ping","request_id":"r-1"}']);
    const [id] = await t.platform.manager.committedIds(result);
    expect(t.history.get(id)).toMatchObject({ traceId: 'trace-1', faults: ['replay of #1 as sent'] });
  });
});

describe('the replay fault', () => {
  it('judges both deliveries on their own answers', async () => {
    const s = await serve(() => (_req, res) => json(res, 200, pong()));
    const c = await connectionTo(s.url);
    const target = t.platform.connections.target(c.id);
    const result = await t.platform.manager.call(target, buildRequest('ping'), {
      faults: { replay: true },
      maxAttempts: 1,
    });
    expect(result.code).toBe('ok');
    expect(s.requests).toHaveLength(2);
    const ids = await t.platform.manager.committedIds(result);
    expect(ids.map((id) => t.history.get(id)!.verdict)).toEqual(['ok', 'ok']);
  });
});
