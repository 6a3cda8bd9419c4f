// The demo catalog's own data access (the platform never sees these tables): product search and
// lookup, quotations numbered Q-000001..., and the pending -> approved/rejected decision.

import type { Db } from '../../store/database.ts';
import { migrate, statement } from '../../store/database.ts';
import { SEED_PRODUCTS } from './products.ts';
import { demoCatalogMigrations } from './schema.ts';
import type { Quote, Tier } from './pricing.ts';

export interface Product {
  sku: string;
  name: string;
  category: string;
  description: string;
  unit: string;
  unit_price: number;
  stock: number;
}

export type QuotationStatus = 'pending_approval' | 'approved' | 'rejected';

export interface Quotation {
  id: string;
  customer_name: string;
  tier: Tier;
  currency: string;
  status: QuotationStatus;
  lines: Array<{ sku: string; name: string; quantity: number; unit_price: number; net: number }>;
  subtotal: number;
  discount: number;
  total: number;
  request_id: string | null;
  conversation_id: string | null;
  note: string | null;
  created_at: string;
  decided_at: string | null;
}

interface ProductRow {
  sku: string;
  name: string;
  category: string;
  description: string;
  unit: string;
  unit_price_cents: number;
  stock: number;
}

const toProduct = (r: ProductRow): Product => ({
  sku: r.sku,
  name: r.name,
  category: r.category,
  description: r.description,
  unit: r.unit,
  unit_price: r.unit_price_cents / 100,
  stock: r.stock,
});

const SEARCH_WHERE = `(sku LIKE @like ESCAPE '\\' OR name LIKE @like ESCAPE '\\' OR category LIKE @like ESCAPE '\\' OR description LIKE @like ESCAPE '\\')
  AND (@category IS NULL OR category = @category COLLATE NOCASE)`;
/** The catalog search's SQL, exported so bench/connector.ts can run the very same statements bare. */
export const SEARCH_COUNT_SQL = `SELECT COUNT(*) AS n FROM products WHERE ${SEARCH_WHERE}`;
export const SEARCH_SQL = `SELECT * FROM products WHERE ${SEARCH_WHERE} ORDER BY name LIMIT @limit`;
/** `%query%` for LIKE, with the query's own % _ and \\ matched literally. */
export const likePattern = (query: string) => `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const toCents = (amount: number) => Math.round(amount * 100);

export class CatalogStore {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
    migrate(db, 'demo_catalog', demoCatalogMigrations);
    const count = (statement(db, 'SELECT COUNT(*) AS n FROM products').get() as { n: number }).n;
    if (count === 0) this.seed();
  }

  private seed(): void {
    const insert = statement(
      this.db,
      'INSERT INTO products (sku, name, category, description, unit, unit_price_cents, stock) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      for (const s of SEED_PRODUCTS)
        insert.run(s.sku, s.name, s.category, s.description, s.unit, s.unitPriceCents, s.stock);
    })();
  }

  /** Case-insensitive match on sku, name, category and description; an empty query lists all. */
  search(query: string, limit: number, category?: string): { products: Product[]; total: number } {
    const params = { like: likePattern(query), category: category ?? null };
    const total = (statement(this.db, SEARCH_COUNT_SQL).get(params) as { n: number }).n;
    const rows = statement(this.db, SEARCH_SQL).all({ ...params, limit }) as ProductRow[];
    return { products: rows.map(toProduct), total };
  }

  product(sku: string): (Product & { unitPriceCents: number }) | null {
    const row = statement(this.db, 'SELECT * FROM products WHERE sku = ? COLLATE NOCASE').get(sku.trim()) as
      ProductRow | undefined;
    return row ? { ...toProduct(row), unitPriceCents: row.unit_price_cents } : null;
  }

  quotationByRequest(requestId: string): Quotation | null {
    const row = statement(this.db, 'SELECT id FROM quotations WHERE request_id = ?').get(requestId) as
      { id: string } | undefined;
    return row ? this.quotation(row.id) : null;
  }

  createQuotation(input: {
    customerName: string;
    quote: Quote;
    requestId: string | null;
    conversationId: string | null;
    now: Date;
  }): Quotation {
    const { quote } = input;
    const id = this.db.transaction(() => {
      const info = statement(
        this.db,
        `INSERT INTO quotations (id, customer_name, tier, currency, subtotal_cents, discount_cents, total_cents, status, request_id, conversation_id, created_at)
           VALUES ('pending', ?, ?, ?, ?, ?, ?, 'pending_approval', ?, ?, ?)`,
      ).run(
        input.customerName,
        quote.tier,
        quote.currency,
        toCents(quote.subtotal),
        toCents(quote.discount),
        toCents(quote.total),
        input.requestId,
        input.conversationId,
        input.now.toISOString(),
      );
      const seq = Number(info.lastInsertRowid);
      // The public id derives from the row's sequence, so ids never repeat even after deletes.
      const quotationId = `Q-${String(seq).padStart(6, '0')}`;
      statement(this.db, 'UPDATE quotations SET id = ? WHERE seq = ?').run(quotationId, seq);
      const line = statement(
        this.db,
        'INSERT INTO quotation_lines (quotation_seq, position, sku, name, quantity, unit_price_cents, net_cents) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      quote.lines.forEach((l, i) =>
        line.run(seq, i + 1, l.sku, l.name, l.quantity, toCents(l.unit_price), toCents(l.net)),
      );
      return quotationId;
    })();
    return this.quotation(id)!;
  }

  quotation(id: string): Quotation | null {
    const q = statement(this.db, 'SELECT * FROM quotations WHERE id = ?').get(id.trim().toUpperCase()) as
      Record<string, unknown> | undefined;
    if (!q) return null;
    const lines = statement(
      this.db,
      'SELECT sku, name, quantity, unit_price_cents, net_cents FROM quotation_lines WHERE quotation_seq = ? ORDER BY position',
    ).all(q.seq) as Array<{
      sku: string;
      name: string;
      quantity: number;
      unit_price_cents: number;
      net_cents: number;
    }>;
    return {
      id: q.id as string,
      customer_name: q.customer_name as string,
      tier: q.tier as Tier,
      currency: q.currency as string,
      status: q.status as QuotationStatus,
      lines: lines.map((l) => ({
        sku: l.sku,
        name: l.name,
        quantity: l.quantity,
        unit_price: l.unit_price_cents / 100,
        net: l.net_cents / 100,
      })),
      subtotal: (q.subtotal_cents as number) / 100,
      discount: (q.discount_cents as number) / 100,
      total: (q.total_cents as number) / 100,
      request_id: (q.request_id as string | null) ?? null,
      conversation_id: (q.conversation_id as string | null) ?? null,
      note: (q.note as string | null) ?? null,
      created_at: q.created_at as string,
      decided_at: (q.decided_at as string | null) ?? null,
    };
  }

  /** Moves a pending quotation to its decision; returns false when it was no longer pending. */
  decide(id: string, status: 'approved' | 'rejected', note: string | null, now: Date): boolean {
    const info = statement(
      this.db,
      "UPDATE quotations SET status = ?, note = ?, decided_at = ? WHERE id = ? AND status = 'pending_approval'",
    ).run(status, note, now.toISOString(), id.trim().toUpperCase());
    return info.changes === 1;
  }
}
