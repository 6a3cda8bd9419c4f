// Test fixtures for the mock platform API: a real engine over a temp data folder, the API listening
// on a free 127.0.0.1 port with a known JWT key (so tests can mint expired or foreign tokens), and a fetch helper.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { createEngine } from '../../../src/engine/index.ts';
import type { Engine, EngineOptions } from '../../../src/engine/index.ts';
import { buildPlatformApi } from '../../../src/platform/api/index.ts';
import type { PlatformApi, PlatformApiOptions } from '../../../src/platform/api/index.ts';

export const SEED_PASSWORD = 'seed-password-for-tests';
export const JWT_KEY = new TextEncoder().encode('test-jwt-key-0123456789abcdef-0123456789');

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface CallOptions {
  token?: string;
  /** Sent as compact JSON unless `raw` is given. */
  body?: unknown;
  /** Exact body bytes (with `contentType`, default application/json). */
  raw?: string | Buffer | FormData;
  contentType?: string | null;
  headers?: Record<string, string>;
}

export interface TestApi {
  engine: Engine;
  api: PlatformApi;
  url: string;
  dir: string;
  documentsDir: string;
  tokens: { owner: string; admin: string; member: string };
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  /** A token with the right key and claims whose exp is in the past. */
  expiredToken(): Promise<string>;
  widgetToken(): Promise<string>;
  close(): Promise<void>;
}

export async function read(res: Response): Promise<Answer> {
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    /* asserted through text */
  }
  return { status: res.status, headers: res.headers, text, json };
}

export async function startApi(
  engineOptions: Partial<EngineOptions> = {},
  apiOptions: Partial<PlatformApiOptions> = {},
): Promise<TestApi> {
  const dir = await mkdtemp(join(tmpdir(), 'ctb-api-'));
  const engine = await createEngine({
    dataDir: dir,
    seedPassword: SEED_PASSWORD,
    sleep: async () => {},
    ...engineOptions,
  });
  const documentsDir = join(dir, 'documents');
  const api = buildPlatformApi(engine.platform, {
    jwtSecret: JWT_KEY,
    documentsDir,
    dataDir: dir,
    ...apiOptions,
  });
  const url = await api.listen({ port: 0, host: '127.0.0.1' });

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Buffer | FormData | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    const contentType =
      options.contentType === undefined
        ? body !== undefined && !(body instanceof FormData)
          ? 'application/json'
          : null
        : options.contentType;
    if (contentType) headers['content-type'] = contentType;
    return read(await fetch(url + path, { method, headers, body }));
  }

  async function login(email: string): Promise<string> {
    const answer = await call('POST', '/api/v1/auth/login', { body: { email, password: SEED_PASSWORD } });
    if (answer.status !== 200) throw new Error(`login of ${email} failed: ${answer.text}`);
    return answer.json.token;
  }

  const tokens = {
    owner: await login('owner@example.test'),
    admin: await login('admin@example.test'),
    member: await login('member@example.test'),
  };
  const owner = engine.platform.users.list().find((u) => u.role === 'owner')!;

  return {
    engine,
    api,
    url,
    dir,
    documentsDir,
    tokens,
    call,
    async expiredToken() {
      const past = Math.floor(Date.now() / 1000) - 13 * 3600;
      return new SignJWT({ org: owner.org_id, role: 'owner', typ: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(owner.id)
        .setIssuer('connector-testbench-platform')
        .setIssuedAt(past)
        .setExpirationTime(past + 12 * 3600)
        .sign(JWT_KEY);
    },
    async widgetToken() {
      const answer = await call('POST', '/api/v1/widget/identify', {
        body: { id: 'visitor-1', email: 'visitor@example.test', auth: { mode: 'jwt', token: tokens.owner } },
      });
      if (answer.status !== 200) throw new Error(`identify failed: ${answer.text}`);
      return answer.json.widget_token;
    },
    async close() {
      await api.close();
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Every admin configuration route, with a body that would be acceptable. */
export function adminRoutes(connectionId: string): Array<{ method: string; path: string; body?: unknown }> {
  const base = '/api/v1/org/sdk-connections';
  return [
    { method: 'GET', path: base },
    {
      method: 'POST',
      path: base,
      body: {
        name: `matrix-${Math.random().toString(36).slice(2)}`,
        webhook_url: 'http://127.0.0.1:9/service',
      },
    },
    { method: 'GET', path: `${base}/${connectionId}` },
    { method: 'PATCH', path: `${base}/${connectionId}`, body: { enabled: true } },
    { method: 'POST', path: `${base}/${connectionId}/test` },
    { method: 'POST', path: `${base}/${connectionId}/sync-tools`, body: { workspace_id: null } },
    { method: 'GET', path: `${base}/${connectionId}/flows` },
    { method: 'GET', path: `${base}/${connectionId}/events` },
    { method: 'POST', path: '/api/v1/org/plan', body: { plan: 'premium' } },
    { method: 'DELETE', path: `${base}/${connectionId}` },
  ];
}
