// Secret rotation (a list of signing secrets, current first) and the tool context's storage,
// which exists only to explain that a connector keeps its state in its own database.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  ConnectorConfigError,
  StorageUnavailableError,
  createConnector,
} from '../../../src/connector/index.ts';
import type { ToolContext } from '../../../src/connector/index.ts';
import { explain, fingerprint, signForTest } from '../../../src/protocol/index.ts';

const PING = { protocol_version: '1', request_id: 'r1', type: 'ping' };
const call = (secret: string, payload: unknown = PING) => {
  const { body, headers } = signForTest(secret, payload);
  return { method: 'POST', path: '/service', headers, body: Buffer.from(body) };
};

describe('signingSecret as a list', () => {
  it('verifies a request signed with any listed secret and names the one that matched', async () => {
    const c = createConnector({ signingSecret: ['new-secret', 'old-secret'] });
    const current = await c.handle(call('new-secret'));
    const previous = await c.handle(call('old-secret'));
    expect([current.status, previous.status]).toEqual([200, 200]);
    expect(current.outcome.matchedSecret).toEqual({ index: 0, fingerprint: fingerprint('new-secret') });
    expect(previous.outcome.matchedSecret).toEqual({ index: 1, fingerprint: fingerprint('old-secret') });
  });

  it('answers invalid_signature to a secret that is not listed', async () => {
    const c = createConnector({ signingSecret: ['new-secret', 'old-secret'] });
    const res = await c.handle(call('other-secret'));
    expect(res.status).toBe(401);
    expect(res.outcome.matchedSecret).toBeUndefined();
  });

  it('refuses an empty list, an empty entry and a secret listed twice, without echoing it', () => {
    expect(() => createConnector({ signingSecret: [] })).toThrow(/empty list/);
    expect(() => createConnector({ signingSecret: ['a', ''] })).toThrow(/signingSecret\[1\]/);
    const twice = () => createConnector({ signingSecret: ['dup-secret', 'x', 'dup-secret'] });
    expect(twice).toThrow(ConnectorConfigError);
    expect(twice).toThrow(/signingSecret\[2\] repeats signingSecret\[0\]/);
    expect(twice).not.toThrow(/dup-secret/);
  });

  it('diagnoses a request signed with the older secret by index and fingerprint', () => {
    const { body, headers } = signForTest('old-secret', PING);
    const d = explain(body, headers, ['new-secret', 'old-secret']);
    expect(d.verdict).toBe('valid');
    expect(d.matchedSecretIndex).toBe(1);
    expect(d.matchedSecret).toBe(fingerprint('old-secret'));
    expect(JSON.stringify(d)).not.toContain('old-secret');
  });
});

describe('ctx.storage', () => {
  it('throws StorageUnavailableError telling the tool to use its own database', async () => {
    let thrown: unknown;
    let seen: ToolContext | undefined;
    const c = createConnector({ signingSecret: 's' }).tool(
      'remember',
      { description: 'Tries platform storage', input_schema: { type: 'object' } },
      (_params, ctx) => {
        seen = ctx;
        try {
          return { value: String(ctx.storage) };
        } catch (err) {
          thrown = err;
          throw err;
        }
      },
    );
    const res = await c.handle(
      call('s', { ...PING, type: 'tool.invoke', tool: 'remember', parameters: {}, identity: {} }),
    );
    expect(thrown).toBeInstanceOf(StorageUnavailableError);
    expect((thrown as Error).message).toMatch(/no install scope.*own database/);
    expect(JSON.parse(res.body)).toMatchObject({ type: 'error', code: 'tool_error' });
    expect(JSON.parse(res.body).message).toContain('own database');
    // The context stays a plain object to log: the getter is not an own property.
    expect(Object.keys(seen ?? {})).not.toContain('storage');
  });
});

describe('nodeHandler without the raw body', () => {
  it('answers raw_body_unavailable at once when a middleware already read the stream', async () => {
    const handler = createConnector({ signingSecret: 's' }).nodeHandler();
    const server = createServer((req, res) => {
      // What a JSON body parser does before the connector runs: read it all, keep only the parse.
      let text = '';
      req.on('data', (d: Buffer) => (text += d));
      req.on('end', () => {
        Object.assign(req, { body: JSON.parse(text) });
        handler(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { body, headers } = signForTest('s', PING);
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/service`, {
        method: 'POST',
        headers,
        body,
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ type: 'error', code: 'raw_body_unavailable' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('fetch handler without the raw body', () => {
  it('answers raw_body_unavailable at once to a Request whose body was read, naming the fetch fix', async () => {
    const connector = createConnector({ signingSecret: 's' });
    const { body, headers } = signForTest('s', PING);
    const request = new Request('http://127.0.0.1/service', { method: 'POST', headers, body });
    await request.json(); // what Hono's c.req.json() does before the route handler
    const res = await connector.fetch(request);
    expect(res.status).toBe(500);
    const answer = (await res.json()) as { code: string; message: string };
    expect(answer.code).toBe('raw_body_unavailable');
    expect(answer.message).toContain('untouched Request to connector.fetch()');
    expect(answer.message).not.toContain('express');
  });
});
