// Connection test, tool sync, flows, business tool tests and organization events against real
// connectors built with the SDK (happy paths) and raw servers (legacy and deviating answers).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConnector } from '../../../src/connector/index.ts';
import type { ListeningConnector } from '../../../src/connector/index.ts';
import { createDemoCatalog, DEMO_CATALOG_METADATA } from '../../../src/connector/demo-catalog/index.ts';
import { sign } from '../../../src/protocol/index.ts';
import { PlatformError } from '../../../src/platform/index.ts';
import { json, makePlatform, rawServer } from './helpers.ts';
import type { RawServer, TestPlatform } from './helpers.ts';

let t: TestPlatform;
const closers: Array<() => Promise<void> | void> = [];
beforeEach(async () => {
  t = await makePlatform();
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await t.cleanup();
});

const schema = { type: 'object' as const, properties: { query: { type: 'string' } } };

async function listen(c: ReturnType<typeof createConnector>): Promise<ListeningConnector> {
  const l = await c.listen(0);
  closers.push(() => l.close());
  return l;
}

async function serve(handler: Parameters<typeof rawServer>[0]): Promise<RawServer> {
  const s = await rawServer(handler);
  closers.push(() => s.close());
  return s;
}

async function demoConnection(extra: Record<string, unknown> = {}) {
  const c = await t.platform.connections.create({
    name: 'Demo',
    webhook_url: 'http://127.0.0.1:1/service',
    enabled: true,
    ...extra,
  });
  const demo = createDemoCatalog({ signingSecret: c.signing_secret });
  closers.push(() => demo.close());
  const l = await listen(demo.connector);
  await t.platform.connections.update(c.id, { webhook_url: endpoint(l) });
  return { connection: c, url: l.url };
}

describe('connection test', () => {
  it('marks a connector answering a full pong quickly healthy, with a small clock offset', async () => {
    const { connection } = await demoConnection();
    const report = await t.platform.connections.test(connection.id);
    expect(report).toMatchObject({ status: 'healthy', ok: true, error: null, warnings: [] });
    expect(Math.abs(report.clock_offset_s!)).toBeLessThan(2);
    const stored = t.platform.connections.get(connection.id);
    expect(stored.status).toBe('healthy');
    expect(stored.last_tested_at).toBe(report.tested_at);
    expect(stored.last_test).toEqual(report);
  });

  it('marks a connector with another secret failing with invalid_signature', async () => {
    const c = await t.platform.connections.create({ name: 'X', webhook_url: 'http://127.0.0.1:1/service' });
    const l = await listen(createConnector({ signingSecret: 'whsec_not_the_same' }));
    await t.platform.connections.update(c.id, { webhook_url: endpoint(l) });
    const report = await t.platform.connections.test(c.id);
    expect(report).toMatchObject({ status: 'failing', error: { code: 'invalid_signature' } });
    const exchange = t.history.get(report.exchange_ids[0])!;
    expect(JSON.stringify(exchange.diagnosis)).toContain('fingerprint');
    expect(JSON.stringify(exchange.diagnosis)).not.toContain(c.signing_secret);
  });

  it('degrades a pong that is slow, from another version or with a clock an hour off', async () => {
    const s = await serve((n) => (_req, res) => {
      const now = Math.floor(Date.now() / 1000);
      if (n === 1) setTimeout(() => json(res, 200, { type: 'pong', protocol_version: '1', time: now }), 120);
      else if (n === 2) json(res, 200, { type: 'pong', protocol_version: '2', time: now });
      else json(res, 200, { type: 'pong', protocol_version: '1', time: now + 3600 });
    });
    const slow = await makePlatform({ healthyLatencyMs: 50 });
    closers.push(() => slow.cleanup());
    const c = await slow.platform.connections.create({ name: 'X', webhook_url: s.url });
    const r1 = await slow.platform.connections.test(c.id);
    expect(r1.status).toBe('degraded');
    expect(r1.warnings.join()).toMatch(/healthy is under 50 ms/);
    const r2 = await slow.platform.connections.test(c.id);
    expect(r2.warnings.join()).toMatch(/protocol_version "2"/);
    const r3 = await slow.platform.connections.test(c.id);
    expect(r3.status).toBe('degraded');
    expect(r3.clock_offset_s).toBeGreaterThan(3500);
    expect(r3.warnings.join()).toMatch(/ahead/);
  });

  it('marks a connection without webhook_url failing', async () => {
    const c = await t.platform.connections.create({ name: 'Empty' });
    expect(await t.platform.connections.test(c.id)).toMatchObject({
      status: 'failing',
      error: { code: 'no_webhook_url' },
    });
  });
});

function endpoint(l: ListeningConnector): string {
  return l.url.endsWith('/service') ? l.url : `${l.url}/service`;
}

describe('tool sync', () => {
  const v1 = () =>
    createConnector({ signingSecret: '' + secret })
      .tool('searchProducts', { description: 'Search', input_schema: schema }, () => ({ items: [] }))
      .tool('getProduct', { description: 'One product', input_schema: schema }, () => ({}))
      .tool('calculateQuote', { description: 'Quote', input_schema: schema }, () => ({}))
      .metadata(DEMO_CATALOG_METADATA);
  const v2 = () =>
    createConnector({ signingSecret: '' + secret })
      .tool('searchProducts', { description: 'Search', input_schema: schema }, () => ({ items: [] }))
      .tool('getProduct', { description: 'One product, with stock', input_schema: schema }, () => ({}))
      .tool('createQuotation', { description: 'Create', chat: false, input_schema: schema }, () => ({}));
  let secret = '';

  it('reports new, updated, unchanged and removed across two syncs and registers business tools', async () => {
    const ws = t.platform.workspaces.list()[1];
    const c = await t.platform.connections.create({ name: 'ERP', workspace_id: ws.id, enabled: true });
    secret = c.signing_secret;
    await t.platform.connections.update(c.id, { webhook_url: endpoint(await listen(v1())) });
    const first = await t.platform.connections.syncTools(c.id);
    expect(first.source).toBe('capabilities.list');
    expect(first.warnings).toEqual([]);
    expect(first.tools.map((x) => [x.name, x.change])).toEqual([
      ['searchProducts', 'new'],
      ['getProduct', 'new'],
      ['calculateQuote', 'new'],
    ]);
    expect(first.metadata).toEqual(DEMO_CATALOG_METADATA);
    const ids = Object.fromEntries(first.tools.map((x) => [x.name, x.business_tool_id]));
    expect(t.platform.businessTools.list({ workspaceId: ws.id })).toHaveLength(3);

    await t.platform.connections.update(c.id, { webhook_url: endpoint(await listen(v2())) });
    const second = await t.platform.connections.syncTools(c.id);
    expect(second.tools.map((x) => [x.name, x.change])).toEqual([
      ['searchProducts', 'unchanged'],
      ['getProduct', 'updated'],
      ['createQuotation', 'new'],
      ['calculateQuote', 'removed'],
    ]);
    expect(second.tools[0].business_tool_id).toBe(ids.searchProducts);
    expect(second.tools[1].business_tool_id).toBe(ids.getProduct);
    expect(second.tools[3].business_tool_id).toBe(ids.calculateQuote);
    const names = t.platform.businessTools.list({ connectionId: c.id }).map((b) => b.name);
    expect(names).toEqual(['createQuotation', 'getProduct', 'searchProducts']);
    expect(t.platform.businessTools.get(ids.getProduct!).definition.description).toBe(
      'One product, with stock',
    );
    expect(t.platform.connections.flows(c.id)).toEqual({ version: null, items: [] });
  });

  it('registers nothing without a workspace (business_tool_id null) and serves flows from the metadata', async () => {
    const c = await t.platform.connections.create({ name: 'ERP', enabled: true });
    secret = c.signing_secret;
    await t.platform.connections.update(c.id, { webhook_url: endpoint(await listen(v1())) });
    const report = await t.platform.connections.syncTools(c.id);
    expect(report.tools.every((x) => x.business_tool_id === null && x.change === 'new')).toBe(true);
    expect(t.platform.businessTools.list()).toEqual([]);
    expect(t.platform.connections.flows(c.id)).toEqual({
      version: 1,
      items: [
        { id: 'quotation.created', kind: 'event', label: 'Quotation created' },
        { id: 'approve', kind: 'action', label: 'Approve' },
        { id: 'reject', kind: 'action', label: 'Reject' },
        { id: 'approve_quotation', kind: 'task', label: 'Approve quotation', priority: 'high' },
      ],
    });
    const again = await t.platform.connections.syncTools(c.id, {
      workspaceId: t.platform.workspaces.list()[0].id,
    });
    expect(again.tools.every((x) => x.business_tool_id !== null)).toBe(true);
  });

  it('falls back to the legacy tools.list when capabilities.list is unknown_type', async () => {
    const s = await serve(() => (_req, res, body) => {
      const type = JSON.parse(body.toString()).type;
      if (type === 'capabilities.list')
        json(res, 400, { type: 'error', code: 'unknown_type', message: 'no' });
      else
        json(res, 200, {
          type: 'tools',
          tools: [{ name: 'legacy', description: 'd', auth: 'none', chat: true, input_schema: schema }],
        });
    });
    const c = await t.platform.connections.create({ name: 'Old', webhook_url: s.url });
    const report = await t.platform.connections.syncTools(c.id);
    expect(report.source).toBe('tools.list');
    expect(report.tools).toEqual([{ name: 'legacy', business_tool_id: null, change: 'new' }]);
    expect(report.warnings[0]).toMatch(/fell back/);
    expect(
      t.history
        .page({ connectionId: c.id })
        .items.map((e) => [e.requestType, e.verdict])
        .reverse(),
    ).toEqual([
      ['capabilities.list', 'unknown_type'],
      ['tools.list', 'ok'],
    ]);
  });

  it('reads a list wrapped as a result and reports each deviation as a warning', async () => {
    const s = await serve(
      () => (_req, res) =>
        json(res, 200, {
          type: 'result',
          output: { tools: [{ name: 'a' }, { description: 'nameless' }, { name: 'a', description: 'dup' }] },
        }),
    );
    const c = await t.platform.connections.create({ name: 'Odd', webhook_url: s.url });
    const report = await t.platform.connections.syncTools(c.id);
    expect(report.source).toBe('capabilities.list');
    expect(report.tools.map((x) => x.name)).toEqual(['a']);
    const w = report.warnings.join('\n');
    expect(w).toMatch(/wraps the list/);
    expect(w).toMatch(/tools\[1\] has no "name"/);
    expect(w).toMatch(/"a" is listed twice/);
    expect(w).toMatch(/"auth" is missing/);
  });

  it('fails with connector_error (502) when the connector cannot be reached', async () => {
    const c = await t.platform.connections.create({
      name: 'Down',
      webhook_url: 'http://127.0.0.1:1/service',
    });
    const error = await t.platform.connections.syncTools(c.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ code: 'connector_error', status: 502 });
    expect((error as PlatformError).message).toMatch(/connect_error/);
  });
});

describe('business tool test', () => {
  it('invokes the tool on the connector and answers ok with its output', async () => {
    const ws = t.platform.workspaces.list()[0];
    const { connection } = await demoConnection({ workspace_id: ws.id });
    const sync = await t.platform.connections.syncTools(connection.id);
    const id = sync.tools.find((x) => x.name === 'searchProducts')!.business_tool_id!;
    const result = await t.platform.businessTools.test(id, { query: 'a', limit: 2 });
    expect(result.ok).toBe(true);
    expect(result.output).toBeTypeOf('object');
    expect(result.request_id).toMatch(/^[0-9a-f-]{36}$/);
    const exchange = t.history.get(result.exchange_ids[0])!;
    expect(exchange).toMatchObject({
      requestType: 'tool.invoke',
      tool: 'searchProducts',
      verdict: 'ok',
      requestId: result.request_id,
    });
    expect(exchange.requestHeaders).toContainEqual(['x-service-workspace-id', ws.id]);
  });

  it('answers the connector error code when the parameters are invalid', async () => {
    const ws = t.platform.workspaces.list()[0];
    const { connection } = await demoConnection({ workspace_id: ws.id });
    const sync = await t.platform.connections.syncTools(connection.id);
    const id = sync.tools.find((x) => x.name === 'getProduct')!.business_tool_id!;
    const result = await t.platform.businessTools.test(id, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_parameters' } });
    await expect(t.platform.businessTools.test(id, [1])).rejects.toMatchObject({ code: 'validation_error' });
    await t.platform.connections.update(connection.id, { enabled: false });
    expect((await t.platform.businessTools.test(id, { sku: 'x' })).error?.code).toBe('connection_disabled');
  });
});

describe('organization events', () => {
  it('records an event signed with the connection secret, and lists a bad signature as a refusal, storing nothing of it', async () => {
    const ws = t.platform.workspaces.list()[0];
    const { connection } = await demoConnection({ workspace_id: ws.id });
    await t.platform.connections.syncTools(connection.id);
    const body = JSON.stringify({ event_id: 'quotation.created', payload: { id: 'q1' } });
    const headers = { ...sign(connection.signing_secret, body), 'x-service-connection-id': connection.id };
    const event = t.platform.events.receive(Buffer.from(body), headers);
    expect(event).toMatchObject({
      event_id: 'quotation.created',
      payload: { id: 'q1' },
      verified: true,
      declared: true,
    });

    const forged = { ...sign('whsec_wrong', body), 'x-service-connection-id': connection.id };
    expect(() => t.platform.events.receive(Buffer.from(body), forged)).toThrow(PlatformError);
    expect(() =>
      t.platform.events.receive(Buffer.from(body), { ...headers, 'x-service-connection-id': 'conn_nope' }),
    ).toThrow(/could not be verified/);
    const listed = t.platform.connections.events(connection.id);
    expect(listed.map((e) => e.verified)).toEqual([false, true]);
    expect(listed[0].failure).toMatch(/signature_mismatch/);
  });
});
