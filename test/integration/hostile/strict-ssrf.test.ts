// Under `--ssrf strict` the console and History replay are held to the policy Test Connection is:
// an address that resolves to loopback or a private range is refused before a byte is sent.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src/bridge/handlers.ts';
import type { Handlers } from '../../../src/shared/index.ts';
import { startApi } from '../api/helpers.ts';
import type { TestApi } from '../api/helpers.ts';
import { startHostile } from './servers.ts';
import type { HostileServer } from './servers.ts';

const BASE = '/api/v1/org/sdk-connections';

describe('strict SSRF policy on person-driven calls', () => {
  let t: TestApi;
  let h: Handlers;
  let server: HostileServer;
  let connectionId: string;
  // The connector's name resolves publicly when it is saved, then inward (DNS rebinding).
  const dns = new Map<string, string>([['connector.example.test', '93.184.216.34']]);

  beforeAll(async () => {
    server = await startHostile();
    t = await startApi({
      ssrfMode: 'strict',
      resolver: async (host) => [dns.get(host) ?? host],
    });
    h = createHandlers({ engine: t.engine, info: { version: 'test', mode: 'browser' } });
    const created = await t.call('POST', BASE, {
      token: t.tokens.owner,
      body: { name: 'rebinding', webhook_url: 'https://connector.example.test/hook', enabled: true },
    });
    expect(created.status).toBe(201);
    connectionId = created.json.id;
    dns.set('connector.example.test', '127.0.0.1');
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it('refuses a console send to a connection that now resolves to loopback, like Test Connection', async () => {
    const tested = await t.call('POST', `${BASE}/${connectionId}/test`, { token: t.tokens.owner });
    expect(tested.json.error.code).toBe('unsafe_url');

    const sent = await h['console:send']({ target: { kind: 'connection', id: connectionId }, type: 'ping' });
    expect(sent.verdict).toBe('unsafe_url');
    expect(sent.errorMessage).toMatch(/SSRF policy \(strict\) refuses .*loopback/);
    expect(sent.responseStatus).toBeNull();
    expect(t.engine.history.get(sent.id)?.verdict).toBe('unsafe_url');
  });

  it('refuses a console send to a typed loopback URL and sends nothing', async () => {
    const sent = await h['console:send']({
      target: { kind: 'url', url: server.url, secret: 'whsec_typed' },
      type: 'ping',
    });
    expect(sent.verdict).toBe('unsafe_url');
    expect(server.received).toEqual([]);
  });

  it('refuses to replay an exchange whose address is loopback, as sent or re-signed', async () => {
    const recorded = t.engine.history.record({
      direction: 'outgoing',
      connectionId,
      requestType: 'ping',
      method: 'POST',
      url: server.url,
      requestHeaders: [['content-type', 'application/json']],
      requestBody: Buffer.from('{"type":"ping"}'),
      verdict: 'ok',
      startedAt: Date.now(),
    });
    for (const mode of ['as-sent', 're-signed'] as const) {
      const replayed = await h['history:replay']({ id: recorded, mode });
      expect(replayed.verdict).toBe('unsafe_url');
    }
    expect(server.received).toEqual([]);
  });
});
