// The read-only GraphQL console (POST /graphql) and the generated /openapi.json: queries answer the
// same data as REST, writes are refused with a clear error, and the document covers every route.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './helpers.ts';
import type { TestApi } from './helpers.ts';

let t: TestApi;

beforeAll(async () => {
  t = await startApi();
  await t.engine.platform.connections.create({ name: 'crm', webhook_url: 'http://127.0.0.1:9/service' });
});

afterAll(async () => {
  await t?.close();
});

const gql = (
  query: string,
  token: string | undefined = t.tokens.owner,
  extra: Record<string, unknown> = {},
) => t.call('POST', '/graphql', { token, body: { query, ...extra } });

describe('POST /graphql', () => {
  it('answers me, the organization, plans, workspaces and connections', async () => {
    const a = await gql(
      '{ me { email role } organization { plan } billing_plans { id current } workspaces { name } connections { name has_secret status workspace { name } } }',
    );
    expect(a.status).toBe(200);
    expect(a.json.errors).toBeUndefined();
    expect(a.json.data).toEqual({
      me: { email: 'owner@example.test', role: 'owner' },
      organization: { plan: 'premium' },
      billing_plans: [
        { id: 'free', current: false },
        { id: 'premium', current: true },
      ],
      workspaces: [{ name: 'Default' }, { name: 'Sales' }],
      connections: [{ name: 'crm', has_secret: true, status: 'unknown', workspace: null }],
    });
  });

  it('takes variables and answers null for an unknown id', async () => {
    const ws = t.engine.platform.workspaces.list()[1];
    const a = await gql(
      'query W($id: ID!) { workspace(id: $id) { name business_tools { name } } nope: connection(id: "conn_x") { id } }',
      t.tokens.admin,
      {
        variables: { id: ws.id },
      },
    );
    expect(a.json).toEqual({ data: { workspace: { name: 'Sales', business_tools: [] }, nope: null } });
  });

  it('keeps connections from a Member (forbidden) while answering the rest', async () => {
    const a = await gql('{ me { role } connections { name } }', t.tokens.member);
    expect(a.status).toBe(200);
    expect(a.json.data).toBeNull();
    expect(a.json.errors[0]).toMatchObject({ extensions: { code: 'forbidden' }, path: ['connections'] });
    const own = await gql('{ me { role } }', t.tokens.member);
    expect(own.json.data.me.role).toBe('member');
  });

  it('refuses a mutation and a subscription with a clear GraphQL error (400)', async () => {
    for (const op of ['mutation { deleteConnection(id: "x") }', 'subscription { events { id } }']) {
      const a = await gql(op);
      expect(a.status).toBe(400);
      expect(a.json.errors[0].extensions.code).toBe('OPERATION_NOT_SUPPORTED');
      expect(a.json.errors[0].message).toContain('read-only');
    }
  });

  it('answers 400 for a syntax error, an unknown field and a missing query, and 401 without a token', async () => {
    const syntax = await gql('{ me { email ');
    expect(syntax.status).toBe(400);
    expect(syntax.json.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const field = await gql('{ me { password } }');
    expect(field.status).toBe(400);
    expect(field.json.errors[0].message).toContain('password');
    const missing = await t.call('POST', '/graphql', { token: t.tokens.owner, body: { variables: {} } });
    expect(missing.json).toEqual({ error: 'validation_error', message: 'body.query is required' });
    expect((await gql('{ me { email } }', '')).status).toBe(401);
    expect((await gql('{ me { email } }', await t.widgetToken())).status).toBe(401);
  });
});

describe('GET /openapi.json', () => {
  const ROUTES: Array<[string, string]> = [
    ['get', '/health'],
    ['post', '/api/v1/auth/login'],
    ['post', '/api/v1/widget/identify'],
    ['get', '/api/v1/billing/plans'],
    ['get', '/api/v1/org/workspaces'],
    ['post', '/api/v1/org/plan'],
    ['get', '/api/v1/org/sdk-connections'],
    ['post', '/api/v1/org/sdk-connections'],
    ['get', '/api/v1/org/sdk-connections/{id}'],
    ['patch', '/api/v1/org/sdk-connections/{id}'],
    ['delete', '/api/v1/org/sdk-connections/{id}'],
    ['post', '/api/v1/org/sdk-connections/{id}/test'],
    ['post', '/api/v1/org/sdk-connections/{id}/sync-tools'],
    ['get', '/api/v1/org/sdk-connections/{id}/flows'],
    ['get', '/api/v1/org/sdk-connections/{id}/events'],
    ['post', '/api/v1/documents'],
    ['post', '/api/v1/tools/{tool_id}/test'],
    ['post', '/api/v1/org/events'],
    ['post', '/graphql'],
  ];

  it('is an OpenAPI 3 document with every route, tagged, with responses', async () => {
    const a = await t.call('GET', '/openapi.json');
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toContain('application/json');
    const doc = a.json;
    expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    expect(doc.info.title).toBeTruthy();
    for (const [method, path] of ROUTES) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(op.tags.length, `${method} ${path} tags`).toBeGreaterThan(0);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
    }
    // The document is a route too, and says what it answers.
    expect(doc.paths['/openapi.json'].get.responses).toHaveProperty('200');
  });

  it('declares bearer auth on protected routes and an empty security on public ones, and every $ref resolves', async () => {
    const doc = (await t.call('GET', '/openapi.json')).json;
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/org/sdk-connections'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/health'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/org/events'].post.security).toEqual([]);
    expect(doc.servers).toEqual([{ url: t.url, description: 'This mock platform' }]);
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const name = ref.slice('"$ref":"#/components/schemas/'.length, -1);
      expect(ref).toMatch(/^"\$ref":"#\/components\/schemas\//);
      expect(doc.components.schemas[name], ref).toBeDefined();
    }
  });

  it('describes the secret in create and update answers only, and the upload as multipart', async () => {
    const doc = (await t.call('GET', '/openapi.json')).json;
    const schemaOf = (path: string, method: string, status: string) =>
      doc.paths[path][method].responses[status].content['application/json'].schema;
    expect(schemaOf('/api/v1/org/sdk-connections', 'post', '201').properties).toHaveProperty(
      'signing_secret',
    );
    expect(schemaOf('/api/v1/org/sdk-connections/{id}', 'patch', '200').properties).toHaveProperty(
      'signing_secret',
    );
    expect(
      schemaOf('/api/v1/org/sdk-connections', 'get', '200').properties.items.items.properties,
    ).not.toHaveProperty('signing_secret');
    expect(schemaOf('/api/v1/org/sdk-connections/{id}', 'get', '200').properties).not.toHaveProperty(
      'signing_secret',
    );
    const upload = doc.paths['/api/v1/documents'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(
      doc.paths['/api/v1/org/sdk-connections'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['name']);
  });
});
