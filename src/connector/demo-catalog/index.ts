// The demo catalog: the reference connector of protocol.md built on the SDK, with its own SQLite
// database of products and quotations and the organization metadata of section 2.4.

import type { OrgMetadata } from '../../protocol/index.ts';
import { openDatabase } from '../../store/database.ts';
import type { Db } from '../../store/database.ts';
import { createConnector } from '../index.ts';
import type { Connector, ConnectorOptions } from '../index.ts';
import { CatalogStore } from './store.ts';
import type { Quotation } from './store.ts';
import { registerCatalogTools } from './tools.ts';

export type { Product, Quotation, QuotationStatus } from './store.ts';
export type { Quote, QuoteLine, Tier } from './pricing.ts';
export { TIERS, VOLUME_BREAKS, priceQuote, volumeRate } from './pricing.ts';
export { SEED_PRODUCTS } from './products.ts';
export { demoCatalogMigrations } from './schema.ts';

export const DEMO_CATALOG_METADATA: OrgMetadata = {
  version: 1,
  events: [{ id: 'quotation.created', label: 'Quotation created' }],
  actions: [
    { id: 'approve', label: 'Approve' },
    { id: 'reject', label: 'Reject' },
  ],
  tasks: [{ id: 'approve_quotation', label: 'Approve quotation', priority: 'high' }],
};

export interface DemoCatalogOptions extends ConnectorOptions {
  /** SQLite file of the catalog; ':memory:' (the default) keeps nothing. */
  dbFile?: string;
  /** Called after a quotation is committed (e.g. to emit the quotation.created organization event). */
  onQuotationCreated?: (q: Quotation) => void | Promise<void>;
  /** Clock for stored dates, for tests. */
  clock?: () => Date;
}

export interface DemoCatalog {
  connector: Connector;
  db: Db;
  store: CatalogStore;
  close(): void;
}

export function createDemoCatalog(options: DemoCatalogOptions): DemoCatalog {
  const { dbFile = ':memory:', onQuotationCreated, clock = () => new Date(), ...connectorOptions } = options;
  const connector = createConnector(connectorOptions).metadata(DEMO_CATALOG_METADATA);
  const db = openDatabase(dbFile);
  try {
    const store = new CatalogStore(db);
    registerCatalogTools(connector, store, { onQuotationCreated, clock });
    return { connector, db, store, close: () => db.close() };
  } catch (err) {
    db.close();
    throw err;
  }
}
