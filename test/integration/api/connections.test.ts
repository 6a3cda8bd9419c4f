// SDK connection administration over real HTTP against a real demo catalog connector: the create ->
// test -> sync -> tool test -> event flow of protocol.md 4.2, the secret rules, and every refusal code.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../../src/protocol/index.ts';
import { createDemoCatalog } from '../../../src/connector/demo-catalog/index.ts';
import type { DemoCatalog } from '../../../src/connector/demo-catalog/index.ts';
import type { ListeningConnector } from '../../../src/connector/index.ts';
import { read, startApi } from './helpers.ts';
import type { TestApi } from './helpers.ts';

const SECRET = 'whsec_connections_test_secret_0123456789';
const BASE = '/api/v1/org/sdk-connections';
let t: TestApi;
let demo: DemoCatalog;
let connector: ListeningConnector;
let workspaces: Array<{ id: string; name: string }>;

beforeAll(async () => {
  t = await startApi();
  demo = createDemoCatalog({ signingSecret: SECRET });
  connector = await demo.connector.listen(0, '127.0.0.1');
  workspaces = (await t.call('GET', '/api/v1/org/workspaces', { token: t.tokens.member })).json.items;
});

afterAll(async () => {
  await connector?.close();
  demo?.close();
  await t?.close();
});

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

describe('connection records', () => {
  it('show the plaintext secret on create and update only, has_secret everywhere else', async () => {
    const created = await t.call('POST', BASE, {
      token: t.tokens.admin,
      body: { name: unique('crm'), webhook_url: connector.url },
    });
    expect(created.status).toBe(201);
    expect(created.json.signing_secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(created.json).toMatchObject({
      enabled: false,
      has_secret: true,
      status: 'unknown',
      workspace_id: null,
      last_tested_at: null,
    });
    const id = created.json.id;

    const list = await t.call('GET', BASE, { token: t.tokens.admin });
    const listed = list.json.items.find((c: { id: string }) => c.id === id);
    expect(listed.has_secret).toBe(true);
    expect(list.text).not.toContain(created.json.signing_secret);
    expect(list.text).not.toContain('signing_secret');
    const got = await t.call('GET', `${BASE}/${id}`, { token: t.tokens.admin });
    expect(got.json).not.toHaveProperty('signing_secret');
    expect(got.text).not.toContain(created.json.signing_secret);

    const toggled = await t.call('PATCH', `${BASE}/${id}`, {
      token: t.tokens.admin,
      body: { enabled: true },
    });
    expect(toggled.status).toBe(200);
    expect(toggled.json).toMatchObject({ enabled: true, signing_secret: created.json.signing_secret });

    const rotated = await t.call('PATCH', `${BASE}/${id}`, {
      token: t.tokens.admin,
      body: { signing_secret: '' },
    });
    expect(rotated.json.signing_secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(rotated.json.signing_secret).not.toBe(created.json.signing_secret);
    expect(t.engine.platform.connections.secretOf(id)).toBe(rotated.json.signing_secret);
  });

  it('deletes with 204 and then answers 404 for the id', async () => {
    const { id } = (await t.call('POST', BASE, { token: t.tokens.owner, body: { name: unique('gone') } }))
      .json;
    const deleted = await t.call('DELETE', `${BASE}/${id}`, { token: t.tokens.owner });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    const again = await t.call('GET', `${BASE}/${id}`, { token: t.tokens.owner });
    expect(again.status).toBe(404);
    expect(again.json.error).toBe('not_found');
  });

  it('refuses a second connection with the same name (409 name_taken)', async () => {
    const name = unique('dup');
    expect((await t.call('POST', BASE, { token: t.tokens.owner, body: { name } })).status).toBe(201);
    const second = await t.call('POST', BASE, { token: t.tokens.owner, body: { name } });
    expect(second.status).toBe(409);
    expect(second.json.error).toBe('name_taken');
  });

  it('answers validation_error for malformed JSON, wrong types, unknown fields and a missing name', async () => {
    const cases: Array<[string, Parameters<TestApi['call']>[2], string]> = [
      ['malformed', { raw: '{"name": "x",' }, 'not valid JSON'],
      ['array body', { body: [] }, 'the body must be a JSON object'],
      ['missing name', { body: { webhook_url: connector.url } }, 'body.name is required'],
      ['name type', { body: { name: 12 } }, 'body.name must be string'],
      ['enabled type', { body: { name: 'x', enabled: 'true' } }, 'body.enabled must be boolean'],
      ['unknown field', { body: { name: 'x', secret: 'y' } }, 'body.secret is not a known field'],
      ['not a URL', { body: { name: unique('u'), webhook_url: 'connector.local' } }, 'webhook_url'],
      ['timeout range', { body: { name: unique('t'), timeout_ms: 5 } }, 'timeout_ms'],
    ];
    for (const [label, options, message] of cases) {
      const a = await t.call('POST', BASE, { token: t.tokens.owner, ...options });
      expect({ label, status: a.status, error: a.json?.error }).toEqual({
        label,
        status: 400,
        error: 'validation_error',
      });
      expect(a.json.message).toContain(message);
    }
    const patch = await t.call('PATCH', `${BASE}/nope`, { token: t.tokens.owner, body: { workspace_id: 7 } });
    expect(patch.status).toBe(400);
  });

  it('answers 404 not_found for an unknown id on every per-connection route', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `${BASE}/conn_unknown`],
      ['PATCH', `${BASE}/conn_unknown`, { enabled: true }],
      ['DELETE', `${BASE}/conn_unknown`],
      ['POST', `${BASE}/conn_unknown/test`],
      ['POST', `${BASE}/conn_unknown/sync-tools`],
      ['GET', `${BASE}/conn_unknown/flows`],
      ['GET', `${BASE}/conn_unknown/events`],
    ];
    for (const [method, path, body] of routes) {
      const a = await t.call(method, path, { token: t.tokens.owner, body });
      expect({ path: `${method} ${path}`, status: a.status, error: a.json.error }).toEqual({
        path: `${method} ${path}`,
        status: 404,
        error: 'not_found',
      });
    }
  });

  it('gates creation behind the premium plan (402) once the plan is switched to free', async () => {
    const free = await t.call('POST', '/api/v1/org/plan', { token: t.tokens.owner, body: { plan: 'free' } });
    expect(free.json.plan).toBe('free');
    try {
      const plans = await t.call('GET', '/api/v1/billing/plans', { token: t.tokens.member });
      expect(plans.json.items.find((p: { current: boolean }) => p.current).id).toBe('free');
      const refused = await t.call('POST', BASE, { token: t.tokens.owner, body: { name: unique('gated') } });
      expect(refused.status).toBe(402);
      expect(refused.json.error).toBe('premium_required');
      const badPlan = await t.call('POST', '/api/v1/org/plan', {
        token: t.tokens.owner,
        body: { plan: 'gold' },
      });
      expect(badPlan.status).toBe(400);
    } finally {
      await t.call('POST', '/api/v1/org/plan', { token: t.tokens.owner, body: { plan: 'premium' } });
    }
    expect(
      (await t.call('POST', BASE, { token: t.tokens.owner, body: { name: unique('ungated') } })).status,
    ).toBe(201);
  });
});

describe('strict SSRF mode', () => {
  it('refuses a loopback webhook_url with 422 unsafe_url', async () => {
    const strict = await startApi({ ssrfMode: 'strict' });
    try {
      const a = await strict.call('POST', BASE, {
        token: strict.tokens.owner,
        body: { name: 'local', webhook_url: 'https://127.0.0.1:8443/service' },
      });
      expect(a.status).toBe(422);
      expect(a.json.error).toBe('unsafe_url');
    } finally {
      await strict.close();
    }
  });
});

describe('with a running demo catalog connector', () => {
  let id: string;
  let secret: string;
  const sales = () => workspaces.find((w) => w.name === 'Sales')!;

  beforeAll(async () => {
    const created = await t.call('POST', BASE, {
      token: t.tokens.owner,
      body: {
        name: unique('catalog'),
        webhook_url: connector.url,
        signing_secret: SECRET,
        enabled: true,
        workspace_id: sales().id,
      },
    });
    id = created.json.id;
    secret = created.json.signing_secret;
  });

  it('tests the connection: a signed ping answered by pong makes it healthy', async () => {
    const a = await t.call('POST', `${BASE}/${id}/test`, { token: t.tokens.admin });
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ status: 'healthy', ok: true, error: null });
    const got = await t.call('GET', `${BASE}/${id}`, { token: t.tokens.admin });
    expect(got.json.status).toBe('healthy');
    expect(got.json.last_tested_at).not.toBeNull();
  });

  it('reports a failing test, not an HTTP error, when the secrets differ', async () => {
    const other = await t.call('POST', BASE, {
      token: t.tokens.owner,
      body: { name: unique('wrong-secret'), webhook_url: connector.url, enabled: true },
    });
    const a = await t.call('POST', `${BASE}/${other.json.id}/test`, { token: t.tokens.owner });
    expect(a.status).toBe(200);
    expect(a.json.status).toBe('failing');
    expect(a.json.error.code).toBe('invalid_signature');
  });

  it('syncs tools into the bound workspace, lists flows, and tests a business tool', async () => {
    const sync = await t.call('POST', `${BASE}/${id}/sync-tools`, {
      token: t.tokens.owner,
      contentType: 'application/json',
      raw: '',
    });
    expect(sync.status).toBe(200);
    expect(sync.json.source).toBe('capabilities.list');
    const getProduct = sync.json.tools.find((x: { name: string }) => x.name === 'getProduct');
    expect(getProduct).toMatchObject({ change: 'new', business_tool_id: expect.any(String) });

    const flows = await t.call('GET', `${BASE}/${id}/flows`, { token: t.tokens.owner });
    expect(flows.json.version).toBe(1);
    expect(flows.json.items).toContainEqual({
      id: 'quotation.created',
      kind: 'event',
      label: 'Quotation created',
    });
    expect(flows.json.items).toContainEqual({
      id: 'approve_quotation',
      kind: 'task',
      label: 'Approve quotation',
      priority: 'high',
    });

    const tools = await t.call('GET', `/api/v1/tools?workspace_id=${sales().id}`, { token: t.tokens.member });
    expect(tools.json.items.map((x: { name: string }) => x.name)).toContain('getProduct');

    const ok = await t.call('POST', `/api/v1/tools/${getProduct.business_tool_id}/test`, {
      token: t.tokens.member,
      body: { arguments: { sku: 'SKU-1001' } },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      ok: true,
      request_id: expect.any(String),
      duration_ms: expect.any(Number),
    });
    expect(ok.json.output.product).toMatchObject({ sku: 'SKU-1001', name: 'Ergonomic Office Chair' });

    const bad = await t.call('POST', `/api/v1/tools/${getProduct.business_tool_id}/test`, {
      token: t.tokens.member,
      body: { arguments: {} },
    });
    expect(bad.status).toBe(200);
    expect(bad.json.ok).toBe(false);
    expect(bad.json.error.code).toBe('invalid_parameters');

    const wrongType = await t.call('POST', `/api/v1/tools/${getProduct.business_tool_id}/test`, {
      token: t.tokens.member,
      body: { arguments: ['SKU-1001'] },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.message).toBe('body.arguments must be object');
    const unknown = await t.call('POST', '/api/v1/tools/bt_unknown/test', {
      token: t.tokens.member,
      body: { arguments: {} },
    });
    expect(unknown.status).toBe(404);
  });

  it('syncs without registering anything when workspace_id is null', async () => {
    const a = await t.call('POST', `${BASE}/${id}/sync-tools`, {
      token: t.tokens.owner,
      body: { workspace_id: null },
    });
    expect(a.status).toBe(200);
    expect(a.json.tools.every((x: { business_tool_id: unknown }) => x.business_tool_id === null)).toBe(true);
    const unknown = await t.call('POST', `${BASE}/${id}/sync-tools`, {
      token: t.tokens.owner,
      body: { workspace_id: 'ws_nope' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe('validation_error');
  });

  it('records a signed organization event and refuses a badly signed one', async () => {
    const body = JSON.stringify({ event_id: 'quotation.created', payload: { quotation_id: 'Q-1' } });
    const post = async (raw: string, signingSecret: string) =>
      read(
        await fetch(`${t.url}/api/v1/org/events`, {
          method: 'POST',
          body: raw,
          headers: {
            'content-type': 'application/json',
            'x-service-connection-id': id,
            ...sign(signingSecret, raw),
          },
        }),
      );
    const accepted = await post(body, secret);
    expect(accepted.status).toBe(201);
    expect(accepted.json).toMatchObject({
      event_id: 'quotation.created',
      verified: true,
      declared: true,
      payload: { quotation_id: 'Q-1' },
    });
    const refused = await post(body, 'whsec_not_the_secret');
    expect(refused.status).toBe(401);
    expect(refused.json.error).toBe('unauthorized');

    const events = await t.call('GET', `${BASE}/${id}/events`, { token: t.tokens.owner });
    expect(events.json.items.map((e: { verified: boolean }) => e.verified)).toEqual([false, true]);
  });

  it('verifies the exact bytes of an event, whatever their formatting or content type', async () => {
    const raw = '{ "event_id" : "quotation.created",\n  "payload": {"n": 1.50} }';
    const a = await read(
      await fetch(`${t.url}/api/v1/org/events`, {
        method: 'POST',
        body: raw,
        headers: { 'content-type': 'text/plain', 'x-service-connection-id': id, ...sign(secret, raw) },
      }),
    );
    expect(a.status).toBe(201);
    expect(a.json.verified).toBe(true);
  });
});
