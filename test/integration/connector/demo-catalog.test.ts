// The demo catalog served over a real socket with its own SQLite file: search, lookup, the tiered
// quote maths, quotations persisted and announced, approval tools off chat, and its metadata.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoCatalog, volumeRate } from '../../../src/connector/demo-catalog/index.ts';
import type { DemoCatalog, Quotation } from '../../../src/connector/demo-catalog/index.ts';
import type { ListeningConnector } from '../../../src/connector/index.ts';
import { SECRET, envelope, invoke, signedPost } from './helpers.ts';

let dir: string;
let dbFile: string;
let catalog: DemoCatalog;
let server: ListeningConnector;
const created: Quotation[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ctb-demo-'));
  dbFile = join(dir, 'catalog.sqlite');
  catalog = createDemoCatalog({
    signingSecret: SECRET,
    dbFile,
    onQuotationCreated: (q) => void created.push(q),
  });
  server = await catalog.connector.listen(0);
});
afterAll(async () => {
  await server.close();
  catalog.close();
  await rm(dir, { recursive: true, force: true });
});

async function call(tool: string, parameters: unknown, extra: Record<string, unknown> = {}) {
  const a = await signedPost(server.url, invoke(tool, parameters, extra));
  expect(a.status).toBe(200);
  return a.json as { type: string; output?: Record<string, unknown>; code?: string; message?: string };
}

const GOLD_LINES = [
  { sku: 'SKU-1001', quantity: 12 },
  { sku: 'SKU-1013', quantity: 100 },
  { sku: 'SKU-1014', quantity: 3 },
];

describe('demo catalog', () => {
  it('declares its tools and the organization metadata of protocol.md 2.4 in capabilities', async () => {
    const a = await signedPost(server.url, envelope('capabilities.list'));
    const tools = a.json.tools as Array<{
      name: string;
      chat: boolean;
      input_schema: { required?: string[] };
    }>;
    expect(tools.map((t) => t.name)).toEqual([
      'searchProducts',
      'getProduct',
      'calculateQuote',
      'createQuotation',
      'approveQuotation',
      'rejectQuotation',
    ]);
    expect(tools.filter((t) => !t.chat).map((t) => t.name)).toEqual(['approveQuotation', 'rejectQuotation']);
    expect(tools.find((t) => t.name === 'getProduct')!.input_schema.required).toEqual(['sku']);
    expect(a.json.metadata).toEqual({
      version: 1,
      events: [{ id: 'quotation.created', label: 'Quotation created' }],
      actions: [
        { id: 'approve', label: 'Approve' },
        { id: 'reject', label: 'Reject' },
      ],
      tasks: [{ id: 'approve_quotation', label: 'Approve quotation', priority: 'high' }],
    });
  });

  it('seeds about thirty products', () => {
    const n = (catalog.db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n;
    expect(n).toBe(30);
  });

  it('searches products case-insensitively and honours the limit', async () => {
    const r = await call('searchProducts', { query: 'WHITEBOARD', limit: 1 });
    expect(r.output!.count).toBe(1);
    expect(r.output!.total).toBe(2);
    const all = await call('searchProducts', { query: 'toner' });
    expect((all.output!.products as Array<{ sku: string }>).map((p) => p.sku)).toEqual(['SKU-1012']);
  });

  it('treats % and _ in a query as plain characters', async () => {
    const r = await call('searchProducts', { query: '%' });
    expect(r.output!.count).toBe(0);
  });

  it('gets a product by sku with its price and stock', async () => {
    const r = await call('getProduct', { sku: 'SKU-1006' });
    expect(r.output).toEqual({
      product: {
        sku: 'SKU-1006',
        name: '27-inch 4K Monitor',
        category: 'Electronics',
        description: 'IPS panel, USB-C 65 W power delivery',
        unit: 'each',
        unit_price: 329,
        stock: 31,
      },
    });
  });

  it('answers not_found for an unknown sku', async () => {
    const r = await call('getProduct', { sku: 'SKU-9999' });
    expect(r).toEqual({ type: 'error', code: 'not_found', message: 'no product with sku "SKU-9999"' });
  });

  it('catches invalid parameters with the schema before any handler runs', async () => {
    const r = await call('calculateQuote', {
      lines: [{ sku: 'SKU-1001', quantity: 0 }, { quantity: 2 }],
      tier: 'platinum',
    });
    expect(r.code).toBe('invalid_parameters');
    expect(r.message).toContain('/lines/0/quantity must be >= 1');
    expect(r.message).toContain('/lines/1/sku is required');
    expect(r.message).toContain('/tier must be one of "standard", "silver", "gold"');
    expect((await call('getProduct', {})).code).toBe('invalid_parameters');
    expect((await call('searchProducts', { query: 'x', limit: 500 })).code).toBe('invalid_parameters');
  });

  it('applies volume breaks at 10, 50 and 100 units of a line', () => {
    expect([9, 10, 49, 50, 99, 100].map(volumeRate)).toEqual([0, 0.03, 0.03, 0.07, 0.07, 0.12]);
  });

  it('prices a gold quote: volume breaks per line, then 10 % on the rest', async () => {
    const q = (await call('calculateQuote', { lines: GOLD_LINES, tier: 'gold' })).output!;
    // 249.00 x 12 = 2988.00 - 3 % (89.64); 32.90 x 100 = 3290.00 - 12 % (394.80); 6.90 x 3 = 20.70.
    expect(
      (q.lines as Array<Record<string, unknown>>).map((l) => [l.gross, l.volume_discount, l.net]),
    ).toEqual([
      [2988, 89.64, 2898.36],
      [3290, 394.8, 2895.2],
      [20.7, 0, 20.7],
    ]);
    expect(q).toMatchObject({
      currency: 'USD',
      tier: 'gold',
      subtotal: 6298.7,
      volume_discount: 484.44,
      tier_discount_rate: 0.1,
      tier_discount: 581.43,
      discount: 1065.87,
      total: 5232.83,
    });
  });

  it('prices the same lines at silver and standard', async () => {
    expect((await call('calculateQuote', { lines: GOLD_LINES, tier: 'silver' })).output).toMatchObject({
      tier_discount: 290.71,
      total: 5523.55,
    });
    expect((await call('calculateQuote', { lines: GOLD_LINES })).output).toMatchObject({
      tier: 'standard',
      tier_discount: 0,
      total: 5814.26,
    });
  });

  it('flags lines that exceed the stock', async () => {
    const q = (await call('calculateQuote', { lines: [{ sku: 'SKU-1008', quantity: 1 }] })).output!;
    expect((q.lines as Array<{ in_stock: boolean }>)[0].in_stock).toBe(false);
  });

  it('creates a quotation pending approval, stores it in its SQLite file and fires the callback', async () => {
    const r = await call(
      'createQuotation',
      { customer_name: 'Acme Ltd', lines: GOLD_LINES, total: 5232.83, tier: 'gold' },
      { request_id: 'req-q1' },
    );
    expect(r.output).toMatchObject({
      id: 'Q-000001',
      status: 'pending_approval',
      customer_name: 'Acme Ltd',
      total: 5232.83,
      event: { id: 'quotation.created', emitted: true },
    });
    expect(created.map((q) => [q.id, q.status, q.total, q.lines.length])).toEqual([
      ['Q-000001', 'pending_approval', 5232.83, 3],
    ]);

    // Read back through a separate connection to the file: the quotation is really on disk.
    const other = new Database(dbFile, { readonly: true });
    try {
      const row = other
        .prepare('SELECT id, customer_name, status, total_cents, request_id FROM quotations')
        .get();
      expect(row).toEqual({
        id: 'Q-000001',
        customer_name: 'Acme Ltd',
        status: 'pending_approval',
        total_cents: 523283,
        request_id: 'req-q1',
      });
      expect((other.prepare('SELECT COUNT(*) AS n FROM quotation_lines').get() as { n: number }).n).toBe(3);
    } finally {
      other.close();
    }
  });

  it('answers the same quotation to a retried request_id without creating another', async () => {
    const r = await call(
      'createQuotation',
      { customer_name: 'Acme Ltd', lines: GOLD_LINES, total: 5232.83, tier: 'gold' },
      { request_id: 'req-q1' },
    );
    expect(r.output!.id).toBe('Q-000001');
    expect(created).toHaveLength(1);
  });

  it('refuses a total that does not match the quote', async () => {
    const r = await call('createQuotation', { customer_name: 'Beta GmbH', lines: GOLD_LINES, total: 5000 });
    expect(r.code).toBe('total_mismatch');
    expect(r.message).toContain('5814.26');
  });

  it('approves and rejects pending quotations once', async () => {
    const second = await call('createQuotation', {
      customer_name: 'Beta GmbH',
      lines: [{ sku: 'SKU-1030', quantity: 2 }],
      total: 43.8,
    });
    expect(second.output!.id).toBe('Q-000002');
    expect((await call('approveQuotation', { quotation_id: 'Q-000001', note: 'ok' })).output).toMatchObject({
      id: 'Q-000001',
      status: 'approved',
    });
    expect((await call('rejectQuotation', { quotation_id: 'q-000002' })).output).toMatchObject({
      id: 'Q-000002',
      status: 'rejected',
    });
    const again = await call('rejectQuotation', { quotation_id: 'Q-000001' });
    expect(again).toMatchObject({ type: 'error', code: 'invalid_state' });
    expect((await call('approveQuotation', { quotation_id: 'Q-999999' })).code).toBe('not_found');
    expect(catalog.store.quotation('Q-000001')!.status).toBe('approved');
  });

  it('keeps its data when reopened on the same file', async () => {
    const reopened = createDemoCatalog({ signingSecret: SECRET, dbFile });
    try {
      expect(reopened.store.quotation('Q-000002')!.status).toBe('rejected');
      expect((reopened.db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n).toBe(30);
    } finally {
      reopened.close();
    }
  });
});
