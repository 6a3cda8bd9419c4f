// The guided demo's engine side through the real backend (engine, host, platform API on 127.0.0.1):
// the walk from connection to approval, quotation.created arriving, secrets never returned, reset.

import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBackend } from '../../../src/bridge/backend.ts';
import type { Backend } from '../../../src/bridge/backend.ts';
import { DEMO_CONNECTION_NAME } from '../../../src/shared/index.ts';
import type { DemoInvokeDto, DemoStateDto, MethodName, OutputOf, Result } from '../../../src/shared/index.ts';

let backend: Backend;
let dataDir: string;

async function call<M extends MethodName>(method: M, input?: unknown): Promise<Result<OutputOf<M>>> {
  return (await backend.dispatch(method, input)) as Result<OutputOf<M>>;
}

async function must<M extends MethodName>(method: M, input?: unknown): Promise<OutputOf<M>> {
  const r = await call(method, input);
  if (!r.ok) throw new Error(`${method} failed: ${r.error.code} ${r.error.message}`);
  return r.data;
}

/** Steps 1-4: connection, test, Default workspace, sync. */
async function setUp(): Promise<DemoStateDto> {
  const state = await must('demo:create-connection');
  const id = state.connection!.id;
  expect((await must('connections:test', { id })).status).toBe('healthy');
  const workspace = (await must('workspaces:list')).find((w) => w.name === 'Default')!;
  await must('connections:update', { id, changes: { workspace_id: workspace.id } });
  await must('connections:sync-tools', { id });
  return state;
}

/** Step 5: the four chat tool calls of the customer conversation. */
async function converse(): Promise<DemoInvokeDto[]> {
  const chat = { conversationId: 'conv-demo-1', channel: 'whatsapp' };
  const search = await must('demo:invoke', {
    tool: 'searchProducts',
    arguments: { query: 'chair', limit: 3 },
    ...chat,
  });
  const sku = (search.output as { products: Array<{ sku: string }> }).products[0].sku;
  const product = await must('demo:invoke', { tool: 'getProduct', arguments: { sku }, ...chat });
  const lines = [{ sku, quantity: 12 }];
  const quote = await must('demo:invoke', {
    tool: 'calculateQuote',
    arguments: { lines, tier: 'gold' },
    ...chat,
  });
  const total = (quote.output as { total: number }).total;
  const created = await must('demo:invoke', {
    tool: 'createQuotation',
    arguments: { customer_name: 'Acme Ltd', lines, total, tier: 'gold' },
    ...chat,
  });
  return [search, product, quote, created];
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ctb-demo-'));
  backend = await openBackend({ dataDir, mode: 'browser', version: 'test', seedPassword: 'demo-pass-123' });
});

afterEach(async () => {
  await backend.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('guided demo', () => {
  it('walks from a new connection to an approved quotation, with quotation.created and the task on the platform', async () => {
    const state = await setUp();
    expect(state.started).toBe(true);
    expect(state.connector).toMatchObject({ name: DEMO_CONNECTION_NAME, running: true });
    expect(state.connection).toMatchObject({ name: DEMO_CONNECTION_NAME, enabled: true, has_secret: true });
    expect(JSON.stringify(state)).not.toMatch(/whsec_/);

    const calls = await converse();
    expect(calls.map((c) => [c.tool, c.ok])).toEqual([
      ['searchProducts', true],
      ['getProduct', true],
      ['calculateQuote', true],
      ['createQuotation', true],
    ]);
    for (const c of calls) {
      // The signed request as the platform sent it: v1 signature, on the whatsapp conversation.
      expect(c.request!.headers.find(([n]) => n === 'x-service-signature')![1]).toMatch(/^v1=[0-9a-f]{64}$/);
      expect(c.request!.body).toMatchObject({
        type: 'tool.invoke',
        tool: c.tool,
        channel: 'whatsapp',
        conversation_id: 'conv-demo-1',
      });
      expect(c.exchangeId).toEqual(expect.any(Number));
      expect(JSON.stringify(c)).not.toMatch(/whsec_/);
    }
    const quotation = calls[3].output as { id: string; status: string; event: unknown };
    expect(quotation).toMatchObject({
      id: 'Q-000001',
      status: 'pending_approval',
      event: { id: 'quotation.created', emitted: true },
    });

    const id = state.connection!.id;
    const events = await must('connections:list-events', { id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event_id: 'quotation.created',
      payload: { id: 'Q-000001', customer_name: 'Acme Ltd' },
    });
    const flows = await must('connections:get-flows', { id });
    expect(flows.items).toContainEqual({
      id: 'approve_quotation',
      kind: 'task',
      label: 'Approve quotation',
      priority: 'high',
    });

    const approved = await must('demo:invoke', {
      tool: 'approveQuotation',
      arguments: { quotation_id: 'Q-000001' },
    });
    expect(approved.output).toMatchObject({ id: 'Q-000001', status: 'approved' });
  });

  it('lists only verified events in the app: a forged one is refused and shows no blank event', async () => {
    const state = await setUp();
    await converse();
    const id = state.connection!.id;
    for (const headers of [
      {},
      { 'x-service-timestamp': '1', 'x-service-signature': `v1=${'0'.repeat(64)}` },
    ]) {
      const forged = await fetch(`${backend.platformUrl}/api/v1/org/events`, {
        method: 'POST',
        body: JSON.stringify({ event_id: 'quotation.created', payload: { forged: true } }),
        headers: {
          'content-type': 'application/json',
          'x-ctb-token': backend.token,
          'x-service-connection-id': id,
          ...headers,
        },
      });
      expect(forged.status).toBe(401);
    }
    // The refusals stay visible where their reason is (the REST list), not as events in the inbox.
    expect(backend.engine.platform.connections.events(id).filter((e) => !e.verified)).toHaveLength(2);
    const events = await must('connections:list-events', { id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event_id: 'quotation.created' });
    expect(events[0].payload).not.toMatchObject({ forged: true });
  });

  it('keeps approval tools off the customer chat', async () => {
    await setUp();
    const r = await call('demo:invoke', {
      tool: 'approveQuotation',
      arguments: { quotation_id: 'Q-000001' },
      channel: 'whatsapp',
    });
    expect(r.ok ? null : r.error.code).toBe('not_on_chat');
  });

  it('sends quotation.created to the demo connection even when a user connection to another local connector was made first', async () => {
    const builtin = backend.host
      .list()
      .find((d) => d.builtin === 'demo-catalog' && d.name !== DEMO_CONNECTION_NAME)!;
    const { url } = await backend.host.start(builtin.id);
    const mine = await must('connections:create', {
      name: 'My catalog',
      webhook_url: url,
      signing_secret: backend.host.get(builtin.id).definition.signingSecret,
    });
    const state = await setUp();
    await converse();
    expect(await must('connections:list-events', { id: state.connection!.id })).toHaveLength(1);
    expect(await must('connections:list-events', { id: mine.id })).toHaveLength(0);
  });

  it('refuses to take over a connection of the same name it did not create', async () => {
    await must('connections:create', {
      name: DEMO_CONNECTION_NAME,
      webhook_url: 'https://connector.example.com/service',
    });
    const r = await call('demo:create-connection');
    expect(r.ok ? null : r.error.code).toBe('name_taken');
    // Reset leaves it alone too.
    await must('demo:reset');
    expect((await must('connections:list')).map((c) => c.name)).toEqual([DEMO_CONNECTION_NAME]);
  });

  it('restores its connector when its tools were edited elsewhere, and is idempotent', async () => {
    const first = await must('demo:create-connection');
    const stored = backend.host.get(first.connector!.id).definition;
    await backend.host.update(first.connector!.id, {
      ...stored,
      tools: stored.tools.map((t) => ({
        ...t,
        behaviour: { type: 'error', code: 'boom', message: 'edited' },
      })),
    });
    const again = await must('demo:create-connection');
    expect(again.connection!.id).toBe(first.connection!.id);
    expect(again.started).toBe(false);
    expect(
      backend.host.get(first.connector!.id).definition.tools.every((t) => t.behaviour.type === 'builtin'),
    ).toBe(true);
  });

  it('resets to a clean state so a second walk is identical (Q-000001 again)', async () => {
    const state = await setUp();
    await converse();
    const reset = await must('demo:reset');
    expect(reset).toEqual({
      removedConnection: true,
      removedConnector: true,
      removedTools: 6,
      removedEvents: 1,
    });
    expect(await must('demo:get-state')).toEqual({ connector: null, connection: null });
    expect((await must('connections:list')).length).toBe(0);
    expect(existsSync(join(dataDir, `demo-catalog-${state.connector!.id}.sqlite`))).toBe(false);
    expect(
      (await readdir(dataDir)).filter((f) => f.startsWith(`demo-catalog-${state.connector!.id}`)),
    ).toEqual([]);

    await setUp();
    const calls = await converse();
    expect(calls[3].output).toMatchObject({ id: 'Q-000001', event: { emitted: true } });
  });

  it('answers a specific error when a step is run out of order', async () => {
    const early = await call('demo:invoke', { tool: 'searchProducts', arguments: { query: 'x' } });
    expect(early.ok ? null : early.error.code).toBe('demo_not_started');
    await must('demo:create-connection');
    const unsynced = await call('demo:invoke', { tool: 'searchProducts', arguments: { query: 'x' } });
    expect(unsynced.ok ? null : unsynced.error.code).toBe('not_synced');
    const bad = await call('demo:invoke', { tool: 'searchProducts', extra: 1 });
    expect(bad.ok ? null : bad.error.code).toBe('validation_error');
  });
});
