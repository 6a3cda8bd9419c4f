// Seeded property-based fuzz of every REST route in /openapi.json with hostile params, queries, bodies and
// headers: never a 500 or a stack, always a coded JSON error and a documented status (CTB_FUZZ_SEED reruns).

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { read, startApi } from './helpers.ts';
import type { Answer, TestApi } from './helpers.ts';
import { docChecker } from './openapi-check.ts';
import type { DocChecker, OpenApiDoc } from './openapi-check.ts';

const SEED = Number(process.env.CTB_FUZZ_SEED ?? 20261125);
const RUNS_PER_ROUTE = Number(process.env.CTB_FUZZ_RUNS ?? 40);

let t: TestApi;
let doc: OpenApiDoc;
let checker: DocChecker;
let realIds: string[];

beforeAll(async () => {
  t = await startApi({}, { maxUploadBytes: 4096 });
  const c = await t.engine.platform.connections.create({ name: 'fuzz', webhook_url: 'http://127.0.0.1:9/x' });
  realIds = [c.id, t.engine.platform.workspaces.list()[0].id];
  doc = (await t.call('GET', '/openapi.json')).json;
  checker = docChecker(doc);
});

afterAll(async () => {
  await t?.close();
});

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '..',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '__proto__',
    'constructor',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    'x'.repeat(101),
    'x'.repeat(5000),
    '\ud800',
  ),
);

/** Percent-encodes UTF-8 bytes (a lone surrogate becomes U+FFFD instead of throwing). */
const encode = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

const nest = (depth: number, open: string, close: string, inner: string) =>
  open.repeat(depth) + inner + close.repeat(depth);

const GRAPHQL_QUERIES = fc.constantFrom(
  '{ me { id email } }',
  '{ business_tools { id name input_schema } }',
  '{ workspaces { business_tools { id } documents { id } } }',
  '{ connections { id workspace { name } flows { items { id } } } }',
  '{ __schema { types { name fields { name } } } }',
  'mutation { x }',
  'subscription { y }',
  '{ a: me { id } b: me { id } }',
  `{ ${Array.from({ length: 60 }, (_, i) => `a${i}: business_tools { id }`).join(' ')} }`,
  `{ __schema { types { ${nest(20, 'fields { type { ', ' } }', 'name')} } } }`,
  'fragment F on Query { ...F } { ...F }',
  'query Q($id: ID!) { workspace(id: $id) { name } }',
);

type PropertySchema = { type?: string | string[]; enum?: unknown[] };

/** A value for a documented body property: mostly of the documented type (to get past validation), often hostile. */
function valueFor(name: string, schema: PropertySchema | undefined): fc.Arbitrary<unknown> {
  const types = [schema?.type ?? []].flat();
  const typed: fc.Arbitrary<unknown>[] = [];
  if (name === 'query') typed.push(GRAPHQL_QUERIES);
  if (schema?.enum) typed.push(fc.constantFrom(...schema.enum));
  if (types.includes('string')) typed.push(hostileText, fc.constantFrom(...realIds));
  if (types.includes('integer') || types.includes('number')) typed.push(fc.integer(), fc.double());
  if (types.includes('boolean')) typed.push(fc.boolean());
  if (types.includes('object')) typed.push(fc.object({ maxDepth: 2 }));
  if (types.includes('null') || (schema as { nullable?: boolean })?.nullable) typed.push(fc.constant(null));
  const hostile = fc.jsonValue({ maxDepth: 3 });
  return typed.length > 0
    ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...typed) }, { weight: 1, arbitrary: hostile })
    : hostile;
}

function bodyArbitrary(
  properties: Record<string, PropertySchema>,
): fc.Arbitrary<{ raw: string | undefined; contentType: string | null }> {
  const json = (value: fc.Arbitrary<unknown>) => value.map((v) => JSON.stringify(v));
  const names = Object.keys(properties);
  const shaped = fc
    .tuple(
      fc.record(Object.fromEntries(names.map((n) => [n, valueFor(n, properties[n])])), { requiredKeys: [] }),
      fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra'),
        fc.object({ maxDepth: 1 }),
        {
          maxKeys: 2,
        },
      ),
      fc.boolean(),
    )
    // JSON text, so "__proto__" arrives as a real key (an object literal would set the prototype instead).
    .map(([known, poison, withPoison]) => {
      const text = JSON.stringify(known);
      if (!withPoison || Object.keys(poison).length === 0) return text;
      const extra = Object.entries(poison).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
      return text === '{}' ? `{${extra.join(',')}}` : `${text.slice(0, -1)},${extra.join(',')}}`;
    });
  const raw = fc.oneof(
    { weight: 4, arbitrary: shaped },
    { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 4 })) },
    { weight: 1, arbitrary: fc.integer({ min: 30, max: 20_000 }).map((n) => nest(n, '[', ']', '')) },
    { weight: 1, arbitrary: fc.integer({ min: 30, max: 5_000 }).map((n) => nest(n, '{"a":', '}', '1')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(300_000, 1_200_000).map((n) => JSON.stringify({ query: 'x'.repeat(n) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '{"query":"{ __typename }","variables":{"__proto__":{"polluted":true}}}',
      ),
    },
    { weight: 2, arbitrary: hostileText },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        null,
        'text/plain',
        'multipart/form-data',
        'multipart/form-data; boundary=XX',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
      ),
    },
  );
  return fc.record({ raw: fc.option(raw, { nil: undefined, freq: 6 }), contentType });
}

function headersArbitrary(): fc.Arbitrary<Record<string, string>> {
  const auth = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('owner', 'member', 'admin').map((r) => `Bearer ${t.tokens[r as 'owner']}`),
    fc.constantFrom('owner', 'admin').map((r) => `Bearer ${t.tokens[r as 'owner']}`),
    fc.constantFrom('owner', 'admin').map((r) => `Bearer ${t.tokens[r as 'owner']}`),
    fc.constantFrom('owner', 'member', 'admin').map((r) => `Bearer ${t.tokens[r as 'owner']}`),
    fc.constantFrom('owner', 'admin').map((r) => `Bearer ${t.tokens[r as 'owner']}`),
    fc.constantFrom('owner', 'admin').map((r) => `Bearer ${t.tokens[r as 'owner']}`),
    fc.constantFrom('owner', 'admin').map((r) => `Bearer ${t.tokens[r as 'owner']}`),
    printable(80).map((s) => `Bearer ${s}`),
    printable(80),
    fc.constantFrom('Bearer', 'Basic b3duZXI6eA==', `Bearer ${'a'.repeat(4000)}`),
  );
  return fc
    .record(
      {
        authorization: auth,
        'x-service-connection-id': fc.oneof(fc.constantFrom(...realIds), printable(40)),
        'x-service-signature': fc.oneof(printable(70), fc.constant(`v1=${'0'.repeat(64)}`)),
        'x-service-timestamp': fc.oneof(printable(12), fc.constant(String(Math.floor(Date.now() / 1000)))),
      },
      { requiredKeys: [] },
    )
    .map(
      (h) =>
        Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>,
    );
}

function expectSafeAnswer(a: Answer, label: string): void {
  expect(a.status, label).not.toBe(500);
  expect(a.status, label).toBeLessThan(600);
  expect(a.text, label).not.toMatch(/\bat .+\.(ts|js|mjs|cjs):\d+|node_modules|FST_[A-Z_]+/);
  if (a.status === 204) return;
  expect(a.json, `${label}: not JSON: ${a.text.slice(0, 200)}`).toBeDefined();
  if (a.status >= 400) {
    const code = a.json.error ?? a.json.errors?.[0]?.extensions?.code;
    expect(typeof code, `${label}: no error code in ${a.text.slice(0, 200)}`).toBe('string');
    expect(typeof (a.json.message ?? a.json.errors?.[0]?.message), label).toBe('string');
  }
}

const seen = new Set<string>();

describe('fuzz of every REST route in /openapi.json', () => {
  it('never answers 500, a stack or an uncoded error, and only documented statuses', async () => {
    const operations = checker.operations();
    expect(operations.length).toBeGreaterThan(15);
    for (const { method, template, operation } of operations) {
      const params: string[] = (template.match(/\{(\w+)\}/g) ?? []).map((p: string) => p.slice(1, -1));
      const queryNames: string[] = (operation.parameters ?? [])
        .filter((p: { in: string }) => p.in === 'query')
        .map((p: { name: string }) => p.name);
      const bodySchema =
        operation.requestBody?.content?.['application/json']?.schema ??
        operation.requestBody?.content?.['multipart/form-data']?.schema;
      const properties = bodySchema?.properties ?? { name: { type: 'string' } };
      const input = fc.record({
        params: fc.tuple(...params.map(() => fc.oneof(fc.constantFrom(...realIds), hostileText))),
        query: fc.dictionary(fc.constantFrom(...queryNames, '__proto__', 'x', 'workspace_id'), hostileText, {
          maxKeys: 3,
        }),
        body: bodyArbitrary(properties),
        headers: headersArbitrary(),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ params: values, query, body, headers }) => {
          let path = template;
          params.forEach((name, i) => (path = path.replace(`{${name}}`, encode(values[i]) || 'x')));
          const search = Object.entries(query)
            .map(([k, v]) => `${encode(k)}=${encode(v)}`)
            .join('&');
          const url = `${t.url}${path}${search ? `?${search}` : ''}`;
          const sendsBody = method !== 'get' && body.raw !== undefined;
          const allHeaders = {
            ...headers,
            ...(sendsBody && body.contentType ? { 'content-type': body.contentType } : {}),
          };
          const answer = await read(
            await fetch(url, {
              method: method.toUpperCase(),
              headers: allHeaders,
              body: sendsBody ? body.raw : undefined,
            }),
          );
          const label = `${method.toUpperCase()} ${url.slice(0, 200)} -> ${answer.status}`;
          expectSafeAnswer(answer, label);
          seen.add(`${method} ${template} ${answer.status}`);
          checker.check(method, template, answer);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    if (process.env.CTB_FUZZ_REPORT) console.log([...seen].sort().join('\n'));
    if (process.env.CTB_FUZZ_REPORT) console.log([...seen].sort().join('\n'));
    // No body, key or header may have reached Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);
});
