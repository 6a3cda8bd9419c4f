// The demo catalog's tools with precise input schemas (protocol.md 2.3): search, lookup, quote,
// quotation creation, and the manager-only approval tools kept off customer chat.

import type { InputSchema, JsonObject } from '../../protocol/index.ts';
import { ToolError } from '../index.ts';
import type { Connector, ToolContext } from '../index.ts';
import { TIERS, priceQuote } from './pricing.ts';
import type { Quote, Tier } from './pricing.ts';
import type { CatalogStore, Quotation } from './store.ts';

const SKU = { type: 'string', minLength: 1, maxLength: 64, description: 'Product SKU, e.g. "SKU-1001"' };
const LINES = {
  type: 'array',
  minItems: 1,
  maxItems: 100,
  items: {
    type: 'object',
    properties: { sku: SKU, quantity: { type: 'integer', minimum: 1, maximum: 100000 } },
    required: ['sku', 'quantity'],
    additionalProperties: false,
  },
};
const TIER = {
  type: 'string',
  enum: Object.keys(TIERS),
  default: 'standard',
  description: 'Customer tier: standard, silver (5 %) or gold (10 %)',
};
const QUOTATION_ID = {
  type: 'string',
  pattern: '^[Qq]-\\d{6}$',
  description: 'Quotation id, e.g. "Q-000001"',
};

const schemas: Record<string, InputSchema> = {
  searchProducts: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        maxLength: 200,
        description: 'Words to find in the sku, name, category or description; empty lists everything',
      },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
      category: { type: 'string', maxLength: 64 },
    },
    required: ['query'],
    additionalProperties: false,
  },
  getProduct: { type: 'object', properties: { sku: SKU }, required: ['sku'], additionalProperties: false },
  calculateQuote: {
    type: 'object',
    properties: { lines: LINES, tier: TIER },
    required: ['lines'],
    additionalProperties: false,
  },
  createQuotation: {
    type: 'object',
    properties: {
      customer_name: { type: 'string', minLength: 1, maxLength: 200 },
      lines: LINES,
      total: {
        type: 'number',
        minimum: 0,
        description: 'The total of calculateQuote for these lines and tier; checked again here',
      },
      tier: TIER,
    },
    required: ['customer_name', 'lines', 'total'],
    additionalProperties: false,
  },
  decision: {
    type: 'object',
    properties: { quotation_id: QUOTATION_ID, note: { type: 'string', maxLength: 1000 } },
    required: ['quotation_id'],
    additionalProperties: false,
  },
};

export interface CatalogToolOptions {
  onQuotationCreated?: (q: Quotation) => void | Promise<void>;
  clock: () => Date;
}

export function registerCatalogTools(
  connector: Connector,
  store: CatalogStore,
  options: CatalogToolOptions,
): void {
  const quoteFor = (params: JsonObject): Quote => {
    const lines = (params.lines as Array<{ sku: string; quantity: number }>).map((l) => {
      const product = store.product(l.sku);
      if (!product) throw new ToolError('not_found', `no product with sku "${l.sku}"`, { sku: l.sku });
      return { product, quantity: l.quantity };
    });
    return priceQuote(lines, (params.tier as Tier | undefined) ?? 'standard');
  };

  connector
    .tool(
      'searchProducts',
      {
        description: 'Search the product catalog by words in sku, name, category or description.',
        input_schema: schemas.searchProducts,
      },
      (p) => {
        const result = store.search(
          p.query as string,
          (p.limit as number | undefined) ?? 10,
          p.category as string | undefined,
        );
        return {
          products: result.products,
          count: result.products.length,
          total: result.total,
        } as JsonObject;
      },
    )
    .tool(
      'getProduct',
      { description: 'Get one product by its sku, with price and stock.', input_schema: schemas.getProduct },
      (p) => {
        const product = store.product(p.sku as string);
        if (!product)
          throw new ToolError('not_found', `no product with sku "${p.sku as string}"`, {
            sku: p.sku as string,
          });
        const { unitPriceCents: _cents, ...wire } = product;
        return { product: wire };
      },
    )
    .tool(
      'calculateQuote',
      {
        description:
          'Price lines of products for a customer tier, with volume breaks (10+: 3 %, 50+: 7 %, 100+: 12 %) and tier discounts.',
        input_schema: schemas.calculateQuote,
      },
      (p) => quoteFor(p) as unknown as JsonObject,
    )
    .tool(
      'createQuotation',
      {
        description: 'Create a quotation for a customer; it waits for a manager approval.',
        input_schema: schemas.createQuotation,
      },
      (p, ctx) => createQuotation(p, ctx),
    )
    .tool(
      'approveQuotation',
      {
        description: 'Approve a pending quotation (managers only).',
        auth: 'optional',
        chat: false,
        input_schema: schemas.decision,
      },
      (p) => decide(p, 'approved'),
    )
    .tool(
      'rejectQuotation',
      {
        description: 'Reject a pending quotation (managers only).',
        auth: 'optional',
        chat: false,
        input_schema: schemas.decision,
      },
      (p) => decide(p, 'rejected'),
    );

  async function createQuotation(p: JsonObject, ctx: ToolContext): Promise<JsonObject> {
    // A platform retry reuses the request_id: answer the quotation it already created.
    const existing = store.quotationByRequest(ctx.requestId);
    if (existing) return quotationAnswer(existing, null);
    const quote = quoteFor(p);
    if (Math.abs(quote.total - (p.total as number)) >= 0.005)
      throw new ToolError(
        'total_mismatch',
        `total ${(p.total as number).toFixed(2)} does not match the quote for these lines at tier ${quote.tier}: ${quote.total.toFixed(2)}; run calculateQuote and pass its total`,
        { expected_total: quote.total },
      );
    const quotation = store.createQuotation({
      customerName: (p.customer_name as string).trim(),
      quote,
      requestId: ctx.requestId,
      conversationId: ctx.conversationId ?? null,
      now: options.clock(),
    });
    let emitted: boolean | null = null;
    if (options.onQuotationCreated) {
      // The quotation is committed either way: a failing notifier must not make the platform retry it.
      try {
        await options.onQuotationCreated(quotation);
        emitted = true;
      } catch {
        emitted = false;
      }
    }
    return quotationAnswer(quotation, emitted);
  }

  function decide(p: JsonObject, status: 'approved' | 'rejected'): JsonObject {
    const id = p.quotation_id as string;
    const current = store.quotation(id);
    if (!current) throw new ToolError('not_found', `no quotation with id "${id}"`, { quotation_id: id });
    if (!store.decide(id, status, (p.note as string | undefined) ?? null, options.clock()))
      throw new ToolError(
        'invalid_state',
        `quotation ${current.id} is already ${current.status}; only pending_approval quotations can be decided`,
        {
          status: current.status,
        },
      );
    const updated = store.quotation(id)!;
    return { id: updated.id, status: updated.status, decided_at: updated.decided_at, total: updated.total };
  }
}

function quotationAnswer(q: Quotation, eventEmitted: boolean | null): JsonObject {
  const out: JsonObject = {
    id: q.id,
    status: q.status,
    customer_name: q.customer_name,
    total: q.total,
    currency: q.currency,
    created_at: q.created_at,
  };
  if (eventEmitted !== null) out.event = { id: 'quotation.created', emitted: eventEmitted };
  return out;
}
