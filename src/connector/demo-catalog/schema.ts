// SQLite schema of the demo catalog (its own database, domain "demo_catalog"): products and
// quotations with their lines; a request_id column makes a retried createQuotation idempotent.

import type { Migration } from '../../store/database.ts';

export const demoCatalogMigrations: Migration[] = [
  {
    version: 1,
    name: 'products_and_quotations',
    up: `CREATE TABLE products (
      sku TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      category TEXT NOT NULL,
      description TEXT NOT NULL,
      unit TEXT NOT NULL,
      unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
      stock INTEGER NOT NULL CHECK (stock >= 0)
    );
    CREATE TABLE quotations (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      customer_name TEXT NOT NULL,
      tier TEXT NOT NULL,
      currency TEXT NOT NULL,
      subtotal_cents INTEGER NOT NULL,
      discount_cents INTEGER NOT NULL,
      total_cents INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending_approval', 'approved', 'rejected')),
      request_id TEXT UNIQUE,
      conversation_id TEXT,
      note TEXT,
      created_at TEXT NOT NULL,
      decided_at TEXT
    );
    CREATE TABLE quotation_lines (
      quotation_seq INTEGER NOT NULL REFERENCES quotations (seq) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      sku TEXT NOT NULL REFERENCES products (sku),
      name TEXT NOT NULL,
      quantity INTEGER NOT NULL,
      unit_price_cents INTEGER NOT NULL,
      net_cents INTEGER NOT NULL,
      PRIMARY KEY (quotation_seq, position)
    );`,
  },
];
