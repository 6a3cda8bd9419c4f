// Limits of the GraphQL console against a real synced tool list: aliases, depth and cost are refused
// by validation before any resolver runs, and an answer over the result budget is stopped, all with codes.

import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoCatalog } from '../../../src/connector/demo-catalog/index.ts';
import type { DemoCatalog } from '../../../src/connector/demo-catalog/index.ts';
import type { ListeningConnector } from '../../../src/connector/index.ts';
import { DEFAULT_GRAPHQL_LIMITS } from '../../../src/platform/api/index.ts';
import { startApi } from './helpers.ts';
import type { Answer, TestApi } from './helpers.ts';

const SECRET = 'whsec_graphql_limits_secret_0123456789';
const RESULT_BUDGET = 20_000;
let t: TestApi;
let demo: DemoCatalog;
let connector: ListeningConnector;
let resolved = 0;

beforeAll(async () => {
  t = await startApi({}, { graphqlLimits: { maxResultBytes: RESULT_BUDGET } });
  demo = createDemoCatalog({ signingSecret: SECRET });
  connector = await demo.connector.listen(0, '127.0.0.1');
  const ws = t.engine.platform.workspaces.list()[0];
  const c = await t.engine.platform.connections.create({
    name: 'catalog',
    webhook_url: connector.url,
    signing_secret: SECRET,
    enabled: true,
    workspace_id: ws.id,
  });
  await t.engine.platform.connections.syncTools(c.id);
  // Counts list loads, to prove refused queries never reach a resolver.
  const list = t.engine.platform.businessTools.list.bind(t.engine.platform.businessTools);
  t.engine.platform.businessTools.list = (...args) => {
    resolved++;
    return list(...args);
  };
});

afterAll(async () => {
  await connector?.close();
  demo?.close();
  await t?.close();
});

const gql = (query: string) => t.call('POST', '/graphql', { token: t.tokens.member, body: { query } });

function expectLimit(a: Answer, code: string): void {
  expect(a.status).toBe(400);
  expect(a.json.data).toBeUndefined();
  expect(a.json.errors).toHaveLength(1);
  expect(a.json.errors[0].extensions.code).toBe(code);
  expect(typeof a.json.errors[0].message).toBe('string');
}

const aliases = (n: number, selection = 'id name input_schema') =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: business_tools { ${selection} }`).join(' ')} }`;

describe('POST /graphql limits', () => {
  it('answers a Member one tool list in full', async () => {
    const a = await gql('{ business_tools { name } }');
    expect(a.status).toBe(200);
    expect(a.json.data.business_tools.length).toBeGreaterThan(0);
  });

  it('refuses 250 aliases of the tool list before resolving anything (TOO_MANY_ALIASES)', async () => {
    const before = resolved;
    expectLimit(await gql(aliases(250)), 'TOO_MANY_ALIASES');
    expectLimit(await gql(aliases(40)), 'TOO_MANY_ALIASES');
    expect(resolved).toBe(before);
  });

  it('refuses a query nested deeper than the limit (QUERY_TOO_DEEP)', async () => {
    let nested = 'name';
    for (let i = 0; i < DEFAULT_GRAPHQL_LIMITS.maxDepth; i++) nested = `ofType { ${nested} }`;
    const a = await gql(`{ __schema { types { fields { type { ${nested} } } } } }`);
    expectLimit(a, 'QUERY_TOO_DEEP');
  });

  it('refuses a query whose lists multiply past the cost limit, even through fragments (QUERY_TOO_COMPLEX)', async () => {
    const fields =
      'id name description auth chat input_schema workspace_id connection_id created_at updated_at';
    const query = `fragment T on Workspace { business_tools { ${fields} } documents { id filename size } }
      { ${Array.from({ length: 6 }, (_, i) => `w${i}: workspaces { ...T ...T name }`).join(' ')} }`;
    expectLimit(await gql(query), 'QUERY_TOO_COMPLEX');
  });

  it('still serves the introspection query of GraphiQL', async () => {
    const a = await gql(getIntrospectionQuery());
    expect(a.status).toBe(200);
    expect(a.json.data.__schema.queryType.name).toBe('Query');
  });

  it('stops an answer over the result budget with RESULT_TOO_LARGE and no partial data', async () => {
    const one = await gql('{ business_tools { id name description input_schema } }');
    const size = JSON.stringify(one.json.data).length;
    const n = Math.ceil(RESULT_BUDGET / size) + 2;
    expect(n).toBeLessThanOrEqual(DEFAULT_GRAPHQL_LIMITS.maxAliases);
    const a = await gql(aliases(n, 'id name description input_schema'));
    expectLimit(a, 'RESULT_TOO_LARGE');
    expect(a.text.length).toBeLessThan(2000);
  });

  it('refuses a query of more tokens than the limit as a parse failure', async () => {
    const a = await gql(`{ ${'a '.repeat(DEFAULT_GRAPHQL_LIMITS.maxTokens + 10)} }`);
    expect(a.status).toBe(400);
    expect(a.json.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});
