// Real traffic over the browser-mode contract: the app's recording proxy started with a local
// connector's secrets, each request pushed as listen:request with its cause, and the pairing of the
// proxy's record with the connector's.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiClient,
  ListenRequestEventDto,
  LocalConnectorDto,
  Result,
} from '../../../src/shared/index.ts';
import { signForTest } from '../../../src/protocol/index.ts';
import { httpTransport } from './transports.ts';
import type { TransportUnderTest } from './transports.ts';

function data<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}

let t: TransportUnderTest;
let api: ApiClient;
let demo: LocalConnectorDto;
const events: ListenRequestEventDto[] = [];

beforeAll(async () => {
  t = await httpTransport();
  api = t.client;
  const stopped = data(await api.call('local:list', undefined)).find((l) => l.name === 'Demo catalog')!;
  demo = data(await api.call('local:start', { id: stopped.id }));
  // The hub every transport fans out from (the SSE leg itself is the contract suite's subject).
  t.backend.hub.subscribe((e) => {
    if (e.event === 'listen:request') events.push(e.payload as ListenRequestEventDto);
  });
});

afterAll(async () => {
  await api?.call('listen:stop', undefined);
  await t?.close();
});

async function waitFor(n: number) {
  for (let i = 0; i < 200 && events.length < n; i++) await new Promise((r) => setTimeout(r, 10));
  expect(events.length).toBeGreaterThanOrEqual(n);
}

describe('listen methods', () => {
  let proxyUrl = '';

  it('refuses a start without a secret source, with a validation error', async () => {
    const r = await api.call('listen:start', { forwardTo: demo.url!, secretsFrom: {} as never });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('validation_error');
  });

  it('starts the proxy with the local connector secrets and reports its status', async () => {
    const status = data(
      await api.call('listen:start', {
        forwardTo: demo.url!,
        port: 0,
        secretsFrom: { localConnectorId: demo.id },
      }),
    );
    expect(status).toMatchObject({ running: true, forwardTo: demo.url, requests: 0 });
    expect(status.secretFingerprints).toHaveLength(1);
    proxyUrl = status.url!;
    const again = await api.call('listen:start', {
      forwardTo: demo.url!,
      secretsFrom: { localConnectorId: demo.id },
    });
    expect(again.ok ? 'ok' : again.error.code).toBe('already_running');
  });

  it('pushes each request with its verdict and cause, and pairs the proxy record with the connector one', async () => {
    const secret = (demo.definition as { signingSecret: string }).signingSecret;
    const send = async (key: string, requestId: string) => {
      const body = JSON.stringify({
        protocol_version: '1',
        request_id: requestId,
        type: 'ping',
        organization_id: 'o',
      });
      const res = await fetch(`${proxyUrl}${new URL(demo.url!).pathname}`, {
        method: 'POST',
        body,
        headers: { ...signForTest(key, body).headers, 'content-type': 'application/json' },
      });
      return res.status;
    };
    expect(await send(secret, 'bridge-good')).toBe(200);
    expect(await send('whsec_someone_else', 'bridge-bad')).toBe(401);
    await waitFor(2);
    expect(events[0]).toMatchObject({ verdict: 'ok', status: 200, requestType: 'ping' });
    expect(events[1].verdict).toBe('invalid_signature');
    expect(events[1].cause).not.toBe('');

    const pairing = data(await api.call('history:pairing', { id: events[0].exchangeId! }));
    expect(pairing).toMatchObject({ role: 'sent', bodyDiffers: false, conclusion: 'identical' });
    expect(data(await api.call('listen:status', undefined)).requests).toBe(2);
  });

  it('stops, and the port no longer answers', async () => {
    expect(data(await api.call('listen:stop', undefined)).running).toBe(false);
    await expect(fetch(proxyUrl, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
