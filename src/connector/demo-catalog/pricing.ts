// Quote maths of the demo catalog, in integer cents: per-line volume breaks first, then the
// customer tier discount on what remains, each rounded half-up to the cent.

export const TIERS = { standard: 0, silver: 0.05, gold: 0.1 } as const;
export type Tier = keyof typeof TIERS;

/** Quantity thresholds of a single line, highest first. */
export const VOLUME_BREAKS: ReadonlyArray<{ minQuantity: number; rate: number }> = [
  { minQuantity: 100, rate: 0.12 },
  { minQuantity: 50, rate: 0.07 },
  { minQuantity: 10, rate: 0.03 },
];

export interface PricedProduct {
  sku: string;
  name: string;
  unitPriceCents: number;
  stock: number;
}

export interface QuoteLine {
  sku: string;
  name: string;
  quantity: number;
  unit_price: number;
  gross: number;
  volume_discount_rate: number;
  volume_discount: number;
  net: number;
  in_stock: boolean;
}

export interface Quote {
  currency: 'USD';
  tier: Tier;
  lines: QuoteLine[];
  subtotal: number;
  volume_discount: number;
  tier_discount_rate: number;
  tier_discount: number;
  discount: number;
  total: number;
}

export function volumeRate(quantity: number): number {
  return VOLUME_BREAKS.find((b) => quantity >= b.minQuantity)?.rate ?? 0;
}

const cents = (value: number) => Math.round(value + Number.EPSILON * Math.abs(value));
const money = (c: number) => c / 100;

export function priceQuote(lines: Array<{ product: PricedProduct; quantity: number }>, tier: Tier): Quote {
  let subtotal = 0;
  let volume = 0;
  const out: QuoteLine[] = lines.map(({ product, quantity }) => {
    const gross = product.unitPriceCents * quantity;
    const rate = volumeRate(quantity);
    const discount = cents(gross * rate);
    subtotal += gross;
    volume += discount;
    return {
      sku: product.sku,
      name: product.name,
      quantity,
      unit_price: money(product.unitPriceCents),
      gross: money(gross),
      volume_discount_rate: rate,
      volume_discount: money(discount),
      net: money(gross - discount),
      in_stock: product.stock >= quantity,
    };
  });
  const tierRate = TIERS[tier];
  const tierDiscount = cents((subtotal - volume) * tierRate);
  return {
    currency: 'USD',
    tier,
    lines: out,
    subtotal: money(subtotal),
    volume_discount: money(volume),
    tier_discount_rate: tierRate,
    tier_discount: money(tierDiscount),
    discount: money(volume + tierDiscount),
    total: money(subtotal - volume - tierDiscount),
  };
}
