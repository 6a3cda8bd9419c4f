// Replaying recorded exchanges against a real local connector (the built-in Demo catalog): as
// sent, an aged request is refused for its timestamp; re-signed, the same body is accepted.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackend } from '../../../src/bridge/backend.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import { nowSeconds, sign } from '../../../src/protocol/index.ts';
import type { Handlers } from '../../../src/shared/index.ts';

describe('history:replay', () => {
  let dataDir: string;
  let backend: Backend;
  let h: Handlers;
  let secret: string;
  let url: string;
  let connectorId: string;
  let agedId: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ctb-replay-'));
    backend = await openBackend({
      dataDir,
      mode: 'browser',
      version: 'test',
      seedPassword: 'replay-pass-1',
      platformServer: false,
    });
    h = backend.handlers;
    const demo = (await h['local:list']()).find((l) => l.name === 'Demo catalog')!;
    const started = await h['local:start']({ id: demo.id });
    connectorId = demo.id;
    secret = started.definition.signingSecret as string;
    url = started.url!;
    // A ping that was valid when sent, fifteen minutes ago: the window is 300 s.
    const sentAt = nowSeconds() - 900;
    const body = Buffer.from(
      JSON.stringify({
        type: 'ping',
        request_id: 'req-aged-1',
        protocol_version: '1',
        organization_id: 'org_x',
      }),
    );
    const headers = Object.entries(sign(secret, body, { timestamp: String(sentAt) }));
    agedId = backend.engine.history.record({
      direction: 'outgoing',
      localConnectorId: connectorId,
      requestType: 'ping',
      requestId: 'req-aged-1',
      method: 'POST',
      url,
      requestHeaders: [['content-type', 'application/json'], ...headers],
      requestBody: body,
      responseStatus: 200,
      verdict: 'ok',
      startedAt: sentAt * 1000,
    });
  });
  afterAll(async () => {
    await backend?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends an aged exchange as sent and the connector refuses its timestamp', async () => {
    const replay = await h['history:replay']({ id: agedId, mode: 'as-sent' });
    expect(replay.id).toBeGreaterThan(agedId);
    expect(replay.responseStatus).toBe(401);
    expect(replay.verdict).toBe('invalid_signature');
    expect(replay.diagnosis?.failedCheck).toBe('timestamp_too_old');
    const original = await h['history:get']({ id: agedId });
    expect(
      Buffer.from(replay.requestBodyBase64, 'base64').equals(
        Buffer.from(original.requestBodyBase64, 'base64'),
      ),
    ).toBe(true);
    const sig = (d: typeof replay) => d.requestHeaders.find(([n]) => n === 'x-service-signature')?.[1];
    expect(sig(replay)).toBe(sig(original));
    expect(replay.faults?.[0]).toMatch(/as sent/);
  });

  it('re-signs the same body and request id and the connector accepts it', async () => {
    const replay = await h['history:replay']({ id: agedId, mode: 're-signed' });
    expect(replay.verdict).toBe('ok');
    expect(replay.responseStatus).toBe(200);
    expect(replay.requestId).toBe('req-aged-1');
    expect(replay.diagnosis?.verdict).toBe('valid');
    const ts = Number(replay.requestHeaders.find(([n]) => n === 'x-service-timestamp')?.[1]);
    expect(Math.abs(ts - nowSeconds())).toBeLessThan(30);
    expect(JSON.parse(Buffer.from(replay.requestBodyBase64, 'base64').toString()).request_id).toBe(
      'req-aged-1',
    );
  });

  it('delivers a fresh exchange again as sent: the connector accepts the duplicate', async () => {
    const sent = await h['console:send']({ target: { kind: 'local', id: connectorId }, type: 'ping' });
    const replay = await h['history:replay']({ id: sent.id, mode: 'as-sent' });
    expect(replay.verdict).toBe('ok');
    expect(replay.requestId).toBe(sent.requestId);
  });

  it('replays an exchange the local connector received against that connector', async () => {
    await h['console:send']({ target: { kind: 'local', id: connectorId }, type: 'ping' });
    let incoming: number | undefined;
    for (let i = 0; i < 50 && incoming === undefined; i++) {
      incoming = (await h['history:page']({ filter: { direction: 'incoming' }, limit: 1 })).items[0]?.id;
      if (incoming === undefined) await new Promise((r) => setTimeout(r, 20));
    }
    const replay = await h['history:replay']({ id: incoming!, mode: 're-signed' });
    expect(replay.direction).toBe('outgoing');
    expect(replay.url.startsWith(url.replace(/\/[^/]*$/, ''))).toBe(true);
    expect(replay.verdict).toBe('ok');
  });

  it('refuses to re-sign a call to a typed URL, whose secret it never kept', async () => {
    const sent = await h['console:send']({ target: { kind: 'url', url, secret }, type: 'ping' });
    const r = await backend.dispatch('history:replay', { id: sent.id, mode: 're-signed' });
    expect(r).toMatchObject({ ok: false, error: { code: 'secret_unknown' } });
    const asSent = await backend.dispatch('history:replay', { id: sent.id, mode: 'as-sent' });
    expect(asSent).toMatchObject({ ok: true, data: { verdict: 'ok' } });
  });

  it('answers not_found for an id that is not in the history', async () => {
    expect(await backend.dispatch('history:replay', { id: 999_999, mode: 'as-sent' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
