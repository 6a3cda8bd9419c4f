// The simulated customer conversation: what the customer writes, which tool the assistant calls
// with which arguments, and the reply it writes from the tool's real output.

export const CUSTOMER_NAME = 'Acme Ltd';
const QUANTITY = 12;
const TIER = 'gold';

/** What earlier answers taught the assistant (the sku found, the quoted total...). */
export interface Memo {
  sku?: string;
  name?: string;
  lines?: Array<{ sku: string; quantity: number }>;
  total?: number;
}

export interface Turn {
  customer: string;
  tool: 'searchProducts' | 'getProduct' | 'calculateQuote' | 'createQuotation';
  args: (memo: Memo) => Record<string, unknown>;
  /** The assistant's answer from the output; may add to the memo for the next turns. */
  reply: (output: Record<string, unknown>, memo: Memo) => string;
}

const money = (amount: unknown, currency = 'USD'): string =>
  typeof amount === 'number'
    ? new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount)
    : String(amount);

interface Product {
  sku: string;
  name: string;
  description?: string;
  unit?: string;
  unit_price?: number;
  stock?: number;
}

export const CONVERSATION: Turn[] = [
  {
    customer: 'Hi! We are furnishing a new office. Do you sell office chairs?',
    tool: 'searchProducts',
    args: () => ({ query: 'chair', limit: 3 }),
    reply: (out, memo) => {
      const products = (out.products as Product[] | undefined) ?? [];
      const first = products[0];
      if (!first) return 'Sorry, I could not find any chairs in our catalog right now.';
      memo.sku = first.sku;
      memo.name = first.name;
      return `Yes! We have the ${first.name} (${first.sku}) at ${money(first.unit_price)}.`;
    },
  },
  {
    customer: 'Sounds good. Can you tell me more about it?',
    tool: 'getProduct',
    args: (memo) => ({ sku: memo.sku }),
    reply: (out) => {
      const p = out.product as Product;
      return `${p.name}: ${p.description ?? ''}. ${money(p.unit_price)} per ${p.unit ?? 'item'}, ${p.stock ?? 0} in stock.`;
    },
  },
  {
    customer: `We would need ${QUANTITY} of them. We are a gold customer.`,
    tool: 'calculateQuote',
    args: (memo) => {
      memo.lines = [{ sku: memo.sku!, quantity: QUANTITY }];
      return { lines: memo.lines, tier: TIER };
    },
    reply: (out, memo) => {
      memo.total = out.total as number;
      return `${QUANTITY} × ${memo.name}: ${money(out.subtotal)} with ${money(out.discount)} off (volume and gold discounts), ${money(out.total)} in total. Shall I prepare a quotation?`;
    },
  },
  {
    customer: `Yes please, for ${CUSTOMER_NAME}.`,
    tool: 'createQuotation',
    args: (memo) => ({ customer_name: CUSTOMER_NAME, lines: memo.lines, total: memo.total, tier: TIER }),
    reply: (out) =>
      `Done: quotation ${String(out.id)} for ${money(out.total, String(out.currency ?? 'USD'))} is waiting for a manager's approval. We will confirm shortly.`,
  },
];

export { money };
