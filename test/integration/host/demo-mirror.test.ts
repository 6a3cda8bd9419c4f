// The built-in demo catalog served by the host (quotation.created events to the platform) and the
// mirror of a live connector into a definition, each against real HTTP servers on 127.0.0.1.

import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostError, mirrorConnector } from '../../../src/connector/host/index.ts';
import type { OrgEventResult, StoredDefinition } from '../../../src/connector/host/index.ts';
import { verify } from '../../../src/protocol/index.ts';
import { invoke, makeHost } from './helpers.ts';
import type { TestHost } from './helpers.ts';

const PLATFORM_SECRET = 'whsec_platform_connection';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  verified: boolean;
}

/** A stand-in for the platform's events route: records what arrives and checks the signature. */
function recordingPlatform(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const verified = verify(body, req.headers, PLATFORM_SECRET).ok;
      received.push({ path: req.url ?? '', headers: req.headers, body, verified });
      res.writeHead(verified ? 202 : 401, { 'content-type': 'application/json' });
      res.end(verified ? '{"ok":true}' : '{"error":"unauthorized","message":"bad signature"}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, received }),
    ),
  );
}

let t: TestHost;
let platform: Awaited<ReturnType<typeof recordingPlatform>>;
let demo: StoredDefinition;
let demoUrl: string;
let platformTarget: { url: string; connectionId: string; secret: string } | null = null;

beforeAll(async () => {
  platform = await recordingPlatform();
  t = makeHost({ platformEvents: () => platformTarget });
  demo = t.host.get(t.host.list().find((d) => d.builtin === 'demo-catalog')!.id);
  ({ url: demoUrl } = await t.host.start(demo.id));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => platform.server.close(resolve));
});

describe('built-in demo catalog', () => {
  it('answers through the real demo catalog implementation', async () => {
    const r = await invoke(demoUrl, demo.definition.signingSecret, 'getProduct', { sku: 'SKU-1001' });
    expect(r.json).toMatchObject({ type: 'result', output: { product: { sku: 'SKU-1001' } } });
    const missing = await invoke(demoUrl, demo.definition.signingSecret, 'getProduct', { sku: 'SKU-0000' });
    expect(missing.json).toMatchObject({ type: 'error', code: 'not_found' });
  });

  it('createQuotation emits quotation.created to the platform, v1-signed with the connection id', async () => {
    platformTarget = { url: platform.url, connectionId: 'conn_42', secret: PLATFORM_SECRET };
    const events: OrgEventResult[] = [];
    t.host.on('org-event', (e: OrgEventResult) => events.push(e));
    const secret = demo.definition.signingSecret;
    const lines = [{ sku: 'SKU-1001', quantity: 2 }];
    const quote = (await invoke(demoUrl, secret, 'calculateQuote', { lines })).json as {
      output: { total: number };
    };
    const created = await invoke(demoUrl, secret, 'createQuotation', {
      customer_name: 'Ada',
      lines,
      total: quote.output.total,
    });
    const output = (created.json as { output: { id: string; event: unknown } }).output;
    expect(output.event).toEqual({ id: 'quotation.created', emitted: true });

    expect(platform.received).toHaveLength(1);
    const got = platform.received[0];
    expect(got.path).toBe('/api/v1/org/events');
    expect(got.verified).toBe(true);
    expect(got.headers['x-service-connection-id']).toBe('conn_42');
    const body = JSON.parse(got.body.toString()) as {
      event_id: string;
      payload: { id: string; customer_name: string };
    };
    expect(body.event_id).toBe('quotation.created');
    expect(body.payload).toMatchObject({ id: output.id, customer_name: 'Ada' });
    expect(events).toMatchObject([
      { connectorId: demo.id, eventId: 'quotation.created', ok: true, status: 202 },
    ]);
  });

  it('keeps the quotation and reports emitted:false when the platform refuses the event', async () => {
    platformTarget = { url: platform.url, connectionId: 'conn_42', secret: 'whsec_not_the_platforms' };
    const secret = demo.definition.signingSecret;
    const lines = [{ sku: 'SKU-1001', quantity: 1 }];
    const quote = (await invoke(demoUrl, secret, 'calculateQuote', { lines })).json as {
      output: { total: number };
    };
    const created = await invoke(demoUrl, secret, 'createQuotation', {
      customer_name: 'Bob',
      lines,
      total: quote.output.total,
    });
    expect(created.json).toMatchObject({
      type: 'result',
      output: { status: 'pending_approval', event: { emitted: false } },
    });
    platformTarget = null;
  });

  it('a fault put in front of a built-in tool runs before the real implementation', async () => {
    const def = demo.definition;
    const tools = def.tools.map((tool) =>
      tool.name === 'getProduct'
        ? {
            ...tool,
            behaviour: { type: 'sequence', steps: [{ type: 'http', status: 503 }, { type: 'builtin' }] },
          }
        : tool,
    );
    await t.host.update(demo.id, { ...def, tools });
    expect(
      (await invoke(demoUrl, def.signingSecret, 'getProduct', { sku: 'SKU-1001' })).response?.status,
    ).toBe(503);
    expect((await invoke(demoUrl, def.signingSecret, 'getProduct', { sku: 'SKU-1001' })).json).toMatchObject({
      type: 'result',
    });
  });
});

describe('mirror a live connector', () => {
  it('creates a definition with the demo catalog tools, schemas and metadata', async () => {
    const mirrored = await t.host.mirror({
      url: demoUrl,
      secret: demo.definition.signingSecret,
      name: 'Demo mirror',
    });
    expect(mirrored.name).toBe('Demo mirror');
    const original = demo.definition.tools.map(({ behaviour: _b, ...wire }) => wire);
    expect(mirrored.definition.tools.map(({ behaviour: _b, ...wire }) => wire)).toEqual(original);
    expect(mirrored.definition.metadata).toEqual(demo.definition.metadata);
    expect(mirrored.definition.tools[0].behaviour).toEqual({
      type: 'static',
      output: { tool: 'searchProducts', parameters: '{{parameters}}', request_id: '{{request_id}}' },
    });

    const { url } = await t.host.start(mirrored.id);
    const r = await invoke(url, mirrored.definition.signingSecret, 'getProduct', { sku: 'SKU-7' });
    expect(r.json).toMatchObject({
      type: 'result',
      output: { tool: 'getProduct', parameters: { sku: 'SKU-7' } },
    });
    await t.host.stop(mirrored.id);
  });

  it('falls back to tools.list when capabilities.list is not served', async () => {
    // The host's connectors always serve capabilities.list: a raw legacy server plays the old connector.
    const raw = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const type = (JSON.parse(Buffer.concat(chunks).toString()) as { type: string }).type;
        res.writeHead(type === 'tools.list' ? 200 : 400, { 'content-type': 'application/json' });
        res.end(
          type === 'tools.list'
            ? JSON.stringify({
                type: 'tools',
                tools: [
                  {
                    name: 'old',
                    description: 'legacy tool',
                    auth: 'none',
                    chat: true,
                    input_schema: { type: 'object' },
                  },
                ],
              })
            : '{"type":"error","code":"unknown_type","message":"no"}',
        );
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const result = await mirrorConnector({
      url: `http://127.0.0.1:${(raw.address() as { port: number }).port}/service`,
      secret: 'x',
    });
    expect(result.source).toBe('tools.list');
    expect(result.definition.tools?.map((tool) => tool.name)).toEqual(['old']);
    await new Promise((resolve) => raw.close(resolve));
  });

  it('says the secret is probably wrong when the connector answers invalid_signature', async () => {
    let error: unknown;
    try {
      await mirrorConnector({ url: demoUrl, secret: 'whsec_wrong' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HostError);
    expect((error as HostError).code).toBe('mirror_failed');
    expect((error as HostError).message).toContain('is the secret right?');
  });
});
