// Authentication and roles of the mock platform API (protocol.md 5.2, decisions.md 3), over real
// HTTP: login, widget identify, and the 401/403 matrix on every admin configuration route.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createDemoCatalog } from '../../../src/connector/demo-catalog/index.ts';
import type { DemoCatalog } from '../../../src/connector/demo-catalog/index.ts';
import type { ListeningConnector } from '../../../src/connector/index.ts';
import { adminRoutes, SEED_PASSWORD, startApi } from './helpers.ts';
import type { TestApi } from './helpers.ts';

const SECRET = 'whsec_auth_matrix_secret_0123456789';
let t: TestApi;
let demo: DemoCatalog;
let connector: ListeningConnector;

beforeAll(async () => {
  t = await startApi();
  demo = createDemoCatalog({ signingSecret: SECRET });
  connector = await demo.connector.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await connector?.close();
  demo?.close();
  await t?.close();
});

async function newConnection(): Promise<string> {
  const c = await t.engine.platform.connections.create({
    name: `c-${Math.random().toString(36).slice(2)}`,
    webhook_url: connector.url,
    signing_secret: SECRET,
    enabled: true,
  });
  return c.id;
}

describe('login', () => {
  it('answers a token and the user for the seeded credentials', async () => {
    const a = await t.call('POST', '/api/v1/auth/login', {
      body: { email: 'admin@example.test', password: SEED_PASSWORD },
    });
    expect(a.status).toBe(200);
    expect(a.json.user).toEqual({
      id: expect.any(String),
      email: 'admin@example.test',
      name: expect.any(String),
      role: 'admin',
    });
    expect(a.json.token.split('.')).toHaveLength(3);
    expect(a.json.expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const wrong = await t.call('POST', '/api/v1/auth/login', {
      body: { email: 'admin@example.test', password: 'nope-nope' },
    });
    const unknown = await t.call('POST', '/api/v1/auth/login', {
      body: { email: 'ghost@example.test', password: SEED_PASSWORD },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: 'unauthorized', message: 'wrong email or password' });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('answers validation_error for a missing password, a number email and a text/plain body', async () => {
    const missing = await t.call('POST', '/api/v1/auth/login', { body: { email: 'owner@example.test' } });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: 'validation_error', message: 'body.password is required' });
    const number = await t.call('POST', '/api/v1/auth/login', { body: { email: 42, password: 'x' } });
    expect(number.json).toEqual({ error: 'validation_error', message: 'body.email must be string' });
    const text = await t.call('POST', '/api/v1/auth/login', {
      raw: 'email=owner',
      contentType: 'text/plain',
    });
    expect(text.status).toBe(400);
    expect(text.json.error).toBe('validation_error');
    expect(text.json.message).toContain('application/json');
  });
});

describe('widget identify', () => {
  it('turns a user JWT into a widget token', async () => {
    const a = await t.call('POST', '/api/v1/widget/identify', {
      body: { id: 'visitor-7', email: 'v@example.test', auth: { mode: 'jwt', token: t.tokens.member } },
    });
    expect(a.status).toBe(200);
    expect(typeof a.json.widget_token).toBe('string');
  });

  it('refuses a forged user token with 401 and an unknown auth mode with 400', async () => {
    const forged = await new SignJWT({ org: 'org_x', role: 'owner', typ: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('usr_x')
      .setIssuer('connector-testbench-platform')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-key-another-key-another-key!!'));
    const a = await t.call('POST', '/api/v1/widget/identify', {
      body: { id: 'v', email: 'v@example.test', auth: { mode: 'jwt', token: forged } },
    });
    expect(a.status).toBe(401);
    expect(a.json.message).toContain('signature');
    const mode = await t.call('POST', '/api/v1/widget/identify', {
      body: { id: 'v', email: 'v@example.test', auth: { mode: 'basic', token: t.tokens.owner } },
    });
    expect(mode.status).toBe(400);
    expect(mode.json.message).toBe('body.auth.mode must be one of "jwt"');
  });
});

describe('admin configuration routes', () => {
  it('refuse a request without a token, with a garbage token, an expired token or a widget token (401)', async () => {
    const id = await newConnection();
    const credentials: Array<[string, Record<string, string>]> = [
      ['none', {}],
      ['garbage', { authorization: 'Bearer not.a.jwt' }],
      ['wrong scheme', { authorization: `Basic ${t.tokens.owner}` }],
      ['expired', { authorization: `Bearer ${await t.expiredToken()}` }],
      ['widget', { authorization: `Bearer ${await t.widgetToken()}` }],
    ];
    for (const route of adminRoutes(id)) {
      for (const [label, headers] of credentials) {
        const a = await t.call(route.method, route.path, { body: route.body, headers });
        expect({
          route: `${route.method} ${route.path}`,
          label,
          status: a.status,
          error: a.json?.error,
        }).toEqual({
          route: `${route.method} ${route.path}`,
          label,
          status: 401,
          error: 'unauthorized',
        });
      }
    }
    expect(t.engine.platform.connections.get(id).id).toBe(id);
  });

  it('say why a token failed: expired, or a widget token', async () => {
    const expired = await t.call('GET', '/api/v1/org/sdk-connections', { token: await t.expiredToken() });
    expect(expired.json.message).toContain('expired');
    const widget = await t.call('GET', '/api/v1/org/sdk-connections', { token: await t.widgetToken() });
    expect(widget.json.message).toContain('widget token is not accepted');
  });

  it('refuse a Member with 403 forbidden and change nothing', async () => {
    const id = await newConnection();
    for (const route of adminRoutes(id)) {
      const a = await t.call(route.method, route.path, { body: route.body, token: t.tokens.member });
      expect({ route: `${route.method} ${route.path}`, status: a.status, error: a.json?.error }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 403,
        error: 'forbidden',
      });
    }
    expect(t.engine.platform.connections.get(id).enabled).toBe(true);
  });

  for (const role of ['owner', 'admin'] as const) {
    it(`let an ${role} through every one of them`, async () => {
      const id = await newConnection();
      const expected: Record<string, number> = { GET: 200, POST: 200, PATCH: 200, DELETE: 204 };
      for (const route of adminRoutes(id)) {
        const a = await t.call(route.method, route.path, { body: route.body, token: t.tokens[role] });
        const want =
          route.method === 'POST' && route.path === '/api/v1/org/sdk-connections'
            ? 201
            : expected[route.method];
        expect({ route: `${route.method} ${route.path}`, status: a.status }).toEqual({
          route: `${route.method} ${route.path}`,
          status: want,
        });
      }
    });
  }
});

describe('user routes', () => {
  const userRoutes = [
    ['GET', '/api/v1/billing/plans'],
    ['GET', '/api/v1/org/workspaces'],
    ['GET', '/api/v1/tools'],
    ['GET', '/api/v1/documents'],
  ] as const;

  it('are open to a Member but not to a widget token or an expired token', async () => {
    const widget = await t.widgetToken();
    const expired = await t.expiredToken();
    for (const [method, path] of userRoutes) {
      expect((await t.call(method, path, { token: t.tokens.member })).status).toBe(200);
      expect((await t.call(method, path, { token: widget })).status).toBe(401);
      expect((await t.call(method, path, { token: expired })).status).toBe(401);
      expect((await t.call(method, path)).status).toBe(401);
    }
  });

  it('close at once for a user deleted after login', async () => {
    const member = t.engine.platform.users.list().find((u) => u.role === 'member')!;
    const token = t.tokens.member;
    t.engine.db.prepare('UPDATE users SET id = ? WHERE id = ?').run('usr_gone', member.id);
    try {
      const a = await t.call('GET', '/api/v1/org/workspaces', { token });
      expect(a.status).toBe(401);
      expect(a.json.message).toContain('no longer exists');
    } finally {
      t.engine.db.prepare('UPDATE users SET id = ? WHERE id = ?').run(member.id, 'usr_gone');
    }
  });
});
