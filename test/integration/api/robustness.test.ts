// Client mistakes on every route of the mock platform API: malformed, mistyped, oversized or
// poisoned bodies, wrong content types, unknown routes. Each gets its code and message, never a 500 or a stack.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './helpers.ts';
import type { Answer, TestApi } from './helpers.ts';

let t: TestApi;
let bodyRoutes: Array<[string, string]>;

beforeAll(async () => {
  t = await startApi();
  const c = await t.engine.platform.connections.create({
    name: 'robust',
    webhook_url: 'http://127.0.0.1:9/service',
  });
  bodyRoutes = [
    ['POST', '/api/v1/auth/login'],
    ['POST', '/api/v1/widget/identify'],
    ['POST', '/api/v1/org/plan'],
    ['POST', '/api/v1/org/sdk-connections'],
    ['PATCH', `/api/v1/org/sdk-connections/${c.id}`],
    ['POST', `/api/v1/org/sdk-connections/${c.id}/sync-tools`],
    ['POST', '/api/v1/tools/bt_any/test'],
    ['POST', '/graphql'],
  ];
});

afterAll(async () => {
  await t?.close();
});

function expectClientError(a: Answer, status: number, error: string, label: string): void {
  expect({ label, status: a.status, error: a.json?.error }).toEqual({ label, status, error });
  expect(typeof a.json.message).toBe('string');
  expect(a.text).not.toMatch(/\bat .+\.ts:\d+/);
  expect(Object.keys(a.json).sort()).toEqual(
    Object.keys(a.json).includes('details') ? ['details', 'error', 'message'] : ['error', 'message'],
  );
}

describe('every JSON route', () => {
  it('answers validation_error for malformed JSON', async () => {
    for (const [method, path] of bodyRoutes) {
      const a = await t.call(method, path, { token: t.tokens.owner, raw: '{"name": "x", ' });
      expectClientError(a, 400, 'validation_error', `${method} ${path}`);
      expect(a.json.message).toContain('not valid JSON');
    }
  });

  it('answers validation_error for a body that is a JSON string, number or array', async () => {
    for (const [method, path] of bodyRoutes) {
      for (const raw of ['"text"', '42', '[1,2]']) {
        const a = await t.call(method, path, { token: t.tokens.owner, raw });
        expectClientError(a, 400, 'validation_error', `${method} ${path} ${raw}`);
      }
    }
  });

  it('answers validation_error for a __proto__ key (prototype poisoning)', async () => {
    for (const [method, path] of bodyRoutes) {
      const a = await t.call(method, path, {
        token: t.tokens.owner,
        raw: '{"name":"p","__proto__":{"role":"owner"}}',
      });
      expectClientError(a, 400, 'validation_error', `${method} ${path}`);
    }
  });

  it('answers validation_error for a form-encoded or XML body', async () => {
    for (const [method, path] of bodyRoutes) {
      for (const contentType of ['application/x-www-form-urlencoded', 'application/xml']) {
        const a = await t.call(method, path, { token: t.tokens.owner, raw: 'name=x', contentType });
        expectClientError(a, 400, 'validation_error', `${method} ${path} ${contentType}`);
      }
    }
  });

  it('answers payload_too_large for a body over 1 MiB', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    for (const [method, path] of bodyRoutes) {
      const a = await t.call(method, path, { token: t.tokens.owner, raw: big });
      expectClientError(a, 413, 'payload_too_large', `${method} ${path}`);
    }
  });
});

describe('routes', () => {
  it('answer not_found for an unknown path or a method a path does not serve', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nothing'],
      ['PUT', '/api/v1/org/sdk-connections'],
      ['GET', '/api/v2/org/workspaces'],
      ['POST', '/health'],
      ['GET', '/app/organization/sdk-connections'],
    ]) {
      const a = await t.call(method, path, { token: t.tokens.owner });
      expectClientError(a, 404, 'not_found', `${method} ${path}`);
    }
  });

  it('answer an overlong id with validation_error rather than looking it up', async () => {
    const a = await t.call('GET', `/api/v1/org/sdk-connections/${'x'.repeat(300)}`, {
      token: t.tokens.owner,
    });
    expectClientError(a, 400, 'validation_error', 'long id');
    expect(a.json.message).toContain('longer than 100 characters');
  });

  it('answer a bad percent-encoding in the path with validation_error', async () => {
    const a = await t.call('GET', '/api/v1/org/sdk-connections/%E0%A4%A', { token: t.tokens.owner });
    expectClientError(a, 400, 'validation_error', 'bad url');
  });

  it('answer health without a token', async () => {
    const a = await t.call('GET', '/health');
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ status: 'ok', protocol_version: '1', ssrf_mode: 'dev' });
  });

  it('answer an event of over 256 KiB with payload_too_large before any signature check', async () => {
    const a = await t.call('POST', '/api/v1/org/events', {
      raw: JSON.stringify({ event_id: 'e', payload: 'x'.repeat(300 * 1024) }),
    });
    expectClientError(a, 413, 'payload_too_large', 'event');
  });

  it('answer an unsigned event with unauthorized', async () => {
    const a = await t.call('POST', '/api/v1/org/events', {
      raw: '{"event_id":"e"}',
      headers: { 'x-service-connection-id': 'conn_x' },
    });
    expectClientError(a, 401, 'unauthorized', 'unsigned event');
  });
});

describe('a data folder whose secret key changed', () => {
  it('answers 500 secret_key_unavailable with what to check, not a stack', async () => {
    let key = Buffer.alloc(32, 1);
    const s = await startApi({ keyProvider: { getKey: () => key } });
    try {
      const { id } = await s.engine.platform.connections.create({ name: 'sealed' });
      key = Buffer.alloc(32, 2);
      const a = await s.call('PATCH', `/api/v1/org/sdk-connections/${id}`, {
        token: s.tokens.owner,
        body: { enabled: true },
      });
      expect(a.status).toBe(500);
      expect(a.json.error).toBe('secret_key_unavailable');
      expect(a.json.message).toContain('secret.key');
      expect(a.text).not.toMatch(/\bat .+\.ts:\d+/);
      expect(s.engine.platform.connections.get(id).enabled).toBe(false);
    } finally {
      await s.close();
    }
  });
});
