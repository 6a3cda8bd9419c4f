// /openapi.json against the platform's real answers: redocly lints the generated document with 0
// errors (offline, local config), and every route's answers, success and failure, are documented.

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../../src/protocol/index.ts';
import { docChecker } from './openapi-check.ts';
import type { DocChecker, OpenApiDoc } from './openapi-check.ts';
import { read, SEED_PASSWORD, startApi } from './helpers.ts';
import type { Answer, TestApi } from './helpers.ts';

const run = promisify(execFile);
const BASE = '/api/v1/org/sdk-connections';
let t: TestApi;
let doc: OpenApiDoc;
let checker: DocChecker;

beforeAll(async () => {
  t = await startApi(
    {},
    { maxUploadBytes: 1024, loginLimits: { perAccount: 2, perAddress: 50, windowSeconds: 60 } },
  );
  doc = (await t.call('GET', '/openapi.json')).json;
  checker = docChecker(doc);
});

afterAll(async () => {
  await t?.close();
});

describe('the generated /openapi.json', () => {
  it('passes redocly lint (recommended rules) with 0 errors, offline', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ctb-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const cli = resolve('node_modules/@redocly/cli/bin/cli.js');
      const config = resolve('test/integration/api/redocly.yaml');
      const result = await run(process.execPath, [cli, 'lint', file, '--config', config, '--format=json'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          HOME: dir,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_UPDATE_NOTIFIER: '1',
        },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string }) => error);
      const report = JSON.parse(result.stdout ?? '{}');
      const errors = (report.problems ?? []).filter((p: { severity: string }) => p.severity === 'error');
      expect(errors, result.stderr).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('every route answers only what the document says', () => {
  const seen: string[] = [];
  async function expectDocumented(
    method: string,
    template: string,
    answer: Answer | Promise<Answer>,
    status: number,
  ): Promise<Answer> {
    const a = await answer;
    expect(a.status, `${method} ${template}: ${a.text.slice(0, 200)}`).toBe(status);
    checker.check(method, template, a);
    seen.push(`${method.toLowerCase()} ${template} ${status}`);
    return a;
  }
  const call = (method: string, path: string, options: Parameters<TestApi['call']>[2] = {}) =>
    t.call(method, path, options);
  const owner = () => t.tokens.owner;
  const member = () => t.tokens.member;

  it('session and organization routes', async () => {
    await expectDocumented('GET', '/health', call('GET', '/health'), 200);
    await expectDocumented('GET', '/openapi.json', call('GET', '/openapi.json'), 200);
    const login = '/api/v1/auth/login';
    await expectDocumented(
      'POST',
      login,
      call('POST', login, { body: { email: 'owner@example.test', password: SEED_PASSWORD } }),
      200,
    );
    await expectDocumented('POST', login, call('POST', login, { body: { email: 'x' } }), 400);
    await expectDocumented(
      'POST',
      login,
      call('POST', login, { raw: `{"email":"${'x'.repeat(1_100_000)}"}` }),
      413,
    );
    await expectDocumented(
      'POST',
      login,
      call('POST', login, { body: { email: 'admin@example.test', password: 'no' } }),
      401,
    );
    await call('POST', login, { body: { email: 'admin@example.test', password: 'no' } });
    const limited = await expectDocumented(
      'POST',
      login,
      call('POST', login, { body: { email: 'admin@example.test', password: 'no' } }),
      429,
    );
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);

    const identify = '/api/v1/widget/identify';
    const visitor = { id: 'v1', email: 'v@example.test' };
    await expectDocumented(
      'POST',
      identify,
      call('POST', identify, { body: { ...visitor, auth: { mode: 'jwt', token: owner() } } }),
      200,
    );
    await expectDocumented('POST', identify, call('POST', identify, { body: visitor }), 400);
    await expectDocumented(
      'POST',
      identify,
      call('POST', identify, { body: { ...visitor, auth: { mode: 'jwt', token: 'nope' } } }),
      401,
    );

    for (const path of ['/api/v1/billing/plans', '/api/v1/org/workspaces', '/api/v1/org']) {
      await expectDocumented('GET', path, call('GET', path, { token: member() }), 200);
      await expectDocumented('GET', path, call('GET', path), 401);
    }
    const plan = '/api/v1/org/plan';
    await expectDocumented(
      'POST',
      plan,
      call('POST', plan, { token: owner(), body: { plan: 'premium' } }),
      200,
    );
    await expectDocumented('POST', plan, call('POST', plan, { token: owner(), body: { plan: 'gold' } }), 400);
    await expectDocumented('POST', plan, call('POST', plan, { body: { plan: 'free' } }), 401);
    await expectDocumented(
      'POST',
      plan,
      call('POST', plan, { token: member(), body: { plan: 'free' } }),
      403,
    );
  });

  it('SDK connection routes, including the 402 gate and the 502 of a sync that cannot reach the connector', async () => {
    const input = { name: 'conformance', webhook_url: 'http://127.0.0.1:9/service', enabled: true };
    const created = await expectDocumented(
      'POST',
      BASE,
      call('POST', BASE, { token: owner(), body: input }),
      201,
    );
    const id = created.json.id as string;
    await expectDocumented('POST', BASE, call('POST', BASE, { token: owner(), body: input }), 409);
    await expectDocumented('POST', BASE, call('POST', BASE, { token: owner(), body: { name: 1 } }), 400);
    await expectDocumented('POST', BASE, call('POST', BASE, { body: input }), 401);
    await expectDocumented('POST', BASE, call('POST', BASE, { token: member(), body: input }), 403);
    await call('POST', '/api/v1/org/plan', { token: owner(), body: { plan: 'free' } });
    await expectDocumented(
      'POST',
      BASE,
      call('POST', BASE, { token: owner(), body: { ...input, name: 'gated' } }),
      402,
    );
    await call('POST', '/api/v1/org/plan', { token: owner(), body: { plan: 'premium' } });

    await expectDocumented('GET', BASE, call('GET', BASE, { token: owner() }), 200);
    await expectDocumented('GET', BASE, call('GET', BASE, { token: member() }), 403);
    const one = `${BASE}/{id}`;
    await expectDocumented('GET', one, call('GET', `${BASE}/${id}`, { token: owner() }), 200);
    await expectDocumented('GET', one, call('GET', `${BASE}/conn_nope`, { token: owner() }), 404);
    await expectDocumented('GET', one, call('GET', `${BASE}/${'x'.repeat(101)}`, { token: owner() }), 400);
    await expectDocumented(
      'PATCH',
      one,
      call('PATCH', `${BASE}/${id}`, { token: owner(), body: { enabled: true } }),
      200,
    );
    await expectDocumented(
      'PATCH',
      one,
      call('PATCH', `${BASE}/${id}`, { token: owner(), body: { enabled: 'yes' } }),
      400,
    );
    await expectDocumented(
      'PATCH',
      one,
      call('PATCH', `${BASE}/conn_nope`, { token: owner(), body: {} }),
      404,
    );

    await expectDocumented(
      'POST',
      `${one}/test`,
      call('POST', `${BASE}/${id}/test`, { token: owner() }),
      200,
    );
    await expectDocumented(
      'POST',
      `${one}/test`,
      call('POST', `${BASE}/conn_nope/test`, { token: owner() }),
      404,
    );
    await expectDocumented(
      'POST',
      `${one}/sync-tools`,
      call('POST', `${BASE}/${id}/sync-tools`, { token: owner() }),
      502,
    );
    await expectDocumented(
      'POST',
      `${one}/sync-tools`,
      call('POST', `${BASE}/${id}/sync-tools`, { token: owner(), body: { x: 1 } }),
      400,
    );
    await expectDocumented(
      'GET',
      `${one}/flows`,
      call('GET', `${BASE}/${id}/flows`, { token: owner() }),
      200,
    );
    await expectDocumented(
      'GET',
      `${one}/events`,
      call('GET', `${BASE}/${id}/events`, { token: owner() }),
      200,
    );
    await expectDocumented(
      'GET',
      `${one}/events`,
      call('GET', `${BASE}/conn_nope/events`, { token: owner() }),
      404,
    );

    const secret = created.json.signing_secret as string;
    const events = '/api/v1/org/events';
    const post = (raw: string, headers: Record<string, string>) =>
      fetch(`${t.url}${events}`, {
        method: 'POST',
        body: raw,
        headers: { 'content-type': 'application/json', 'x-service-connection-id': id, ...headers },
      }).then(read);
    const body = JSON.stringify({ event_id: 'quotation.created', payload: { n: 1 } });
    await expectDocumented('POST', events, post(body, sign(secret, body)), 201);
    await expectDocumented('POST', events, post(body, {}), 401);
    await expectDocumented('POST', events, post('{}', sign(secret, '{}')), 400);
    const big = JSON.stringify({ event_id: 'x', payload: 'y'.repeat(300_000) });
    await expectDocumented('POST', events, post(big, sign(secret, big)), 413);

    await expectDocumented('DELETE', one, call('DELETE', `${BASE}/${id}`, { token: owner() }), 204);
    await expectDocumented('DELETE', one, call('DELETE', `${BASE}/${id}`, { token: owner() }), 404);
  });

  it('tools, documents and GraphQL', async () => {
    const tools = '/api/v1/tools';
    await expectDocumented('GET', tools, call('GET', tools, { token: member() }), 200);
    await expectDocumented('GET', tools, call('GET', `${tools}?colour=red`, { token: member() }), 400);
    await expectDocumented('GET', tools, call('GET', tools), 401);
    const test = `${tools}/{tool_id}/test`;
    await expectDocumented('POST', test, call('POST', `${tools}/bt_nope/test`, { token: member() }), 404);
    await expectDocumented(
      'POST',
      test,
      call('POST', `${tools}/bt_nope/test`, { token: member(), body: { arguments: 1 } }),
      400,
    );

    const docs = '/api/v1/documents';
    const ws = t.engine.platform.workspaces.list()[0].id;
    const form = (size: number) => {
      const f = new FormData();
      f.append('workspace_id', ws);
      f.append('file', new Blob(['x'.repeat(size)]), 'a.txt');
      return f;
    };
    await expectDocumented('POST', docs, call('POST', docs, { token: member(), raw: form(10) }), 201);
    await expectDocumented('POST', docs, call('POST', docs, { token: member(), raw: form(5000) }), 413);
    await expectDocumented(
      'POST',
      docs,
      call('POST', docs, { token: member(), raw: 'abc', contentType: 'multipart/form-data' }),
      400,
    );
    await expectDocumented('POST', docs, call('POST', docs, { raw: form(10) }), 401);
    await expectDocumented('GET', docs, call('GET', docs, { token: member() }), 200);
    await expectDocumented('GET', docs, call('GET', `${docs}?x=1`, { token: member() }), 400);

    const gql = (body: unknown, token: string | undefined = member()) =>
      call('POST', '/graphql', { token, body });
    await expectDocumented('POST', '/graphql', gql({ query: '{ me { email } workspaces { name } }' }), 200);
    await expectDocumented('POST', '/graphql', gql({ query: '{ connections { id } }' }), 200);
    await expectDocumented('POST', '/graphql', gql({ query: '{ nope }' }), 400);
    await expectDocumented('POST', '/graphql', gql({ query: '{' }), 400);
    await expectDocumented('POST', '/graphql', gql({ nope: 1 }), 400);
    await expectDocumented(
      'POST',
      '/graphql',
      call('POST', '/graphql', { body: { query: '{ me { id } }' } }),
      401,
    );
  });

  it('secret rotation routes: start with a grace, state by fingerprint, finish', async () => {
    const body = { name: 'rotation-conformance', webhook_url: 'http://127.0.0.1:9/service' };
    const created = await call('POST', BASE, { token: owner(), body });
    const rotation = `${BASE}/{id}/rotation`;
    const path = `${BASE}/${created.json.id as string}/rotation`;
    const started = await expectDocumented(
      'POST',
      rotation,
      call('POST', path, { token: owner(), body: { grace_seconds: 60 } }),
      201,
    );
    expect(started.json).toMatchObject({ state: 'grace', signing_with: 'previous' });
    expect(started.json.signing_secret).not.toBe(created.json.signing_secret);
    await expectDocumented('POST', rotation, call('POST', path, { token: owner(), body: {} }), 400);
    await expectDocumented(
      'POST',
      rotation,
      call('POST', path, { token: owner(), body: { grace_seconds: -1 } }),
      400,
    );
    await expectDocumented('POST', rotation, call('POST', path, { token: member(), body: {} }), 403);
    const state = await expectDocumented('GET', rotation, call('GET', path, { token: owner() }), 200);
    expect(state.text).not.toContain(started.json.signing_secret);
    expect(state.text).not.toContain('whsec_');
    await expectDocumented(
      'GET',
      rotation,
      call('GET', `${BASE}/conn_nope/rotation`, { token: owner() }),
      404,
    );
    const finished = await expectDocumented(
      'POST',
      `${rotation}/finish`,
      call('POST', `${path}/finish`, { token: owner() }),
      200,
    );
    expect(finished.json).toMatchObject({ state: 'none', previous_fingerprint: null });
    await expectDocumented(
      'POST',
      `${rotation}/finish`,
      call('POST', `${path}/finish`, { token: owner() }),
      400,
    );
  });

  it('covered every operation of the document', () => {
    const operations = checker.operations().map((o) => `${o.method} ${o.template}`);
    const covered = new Set(seen.map((s) => s.split(' ').slice(0, 2).join(' ')));
    expect(operations.filter((o) => !covered.has(o))).toEqual([]);
  });
});
