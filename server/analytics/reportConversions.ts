/**
 * Conversions attributed to each listing, position and product (attribution.ts decides on arrival); a
 * conversion is one product of an event, its rate is per unique click, as click-through counts them.
 */
import type { ConversionRow, ProductRow } from './reportTypes.js';

/** Products listed per listing as its best sellers. */
export const REPORT_SELLERS = 5;

/** What was added and bought after clicks in one place (a listing, a position). */
export interface ConversionFigures {
  addsToCart: number;
  /** Purchased products (one per product of an order). */
  conversions: number;
  units: number;
  /** Quantity × unit price, in the shop's currency. */
  revenue: number;
  /** Conversions per click; may pass 1 when one click led to several orders. */
  conversionRate: number;
}

/** One product's sales from a listing's clicks. */
export interface ProductSales extends ConversionFigures {
  productId: string;
  name: string | null;
  clicks: number;
}

/** The shop's conversions over the period, attributed to a listing or not. */
export interface SalesSummary {
  /** The currency the conversions were reported in (null when there were none). */
  currency: string | null;
  addsToCart: number;
  conversions: number;
  units: number;
  revenue: number;
  /** The part of each that a click in a listing led to. */
  attributedAddsToCart: number;
  attributedConversions: number;
  attributedRevenue: number;
}

const ratio = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);
// Revenue is summed in thousandths by the database; two decimals is what a merchandiser reads.
const money = (amount: number): number => Math.round(amount * 100) / 100;

/** Adds up conversion rows, set against `clicks`. */
export function conversionFigures(rows: readonly ConversionRow[], clicks: number): ConversionFigures {
  const conversions = rows.reduce((sum, r) => sum + r.purchases, 0);
  return {
    addsToCart: rows.reduce((sum, r) => sum + r.adds, 0),
    conversions,
    units: rows.reduce((sum, r) => sum + r.units, 0),
    revenue: money(rows.reduce((sum, r) => sum + r.revenue, 0)),
    conversionRate: ratio(conversions, clicks),
  };
}

/** A listing's best sellers: products by revenue, then conversions, then adds to cart. */
export function bestSellers(
  rows: readonly ConversionRow[],
  products: readonly Pick<ProductRow, 'productId' | 'name' | 'clicks'>[],
  names: ReadonlyMap<string, string>,
): ProductSales[] {
  const byProduct = new Map<string, ConversionRow[]>();
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return [...byProduct.entries()]
    .map(([productId, own]): ProductSales => {
      const clicks = products.find((p) => p.productId === productId)?.clicks ?? 0;
      return { productId, name: names.get(productId) ?? null, clicks, ...conversionFigures(own, clicks) };
    })
    .sort(
      (a, b) =>
        b.revenue - a.revenue ||
        b.conversions - a.conversions ||
        b.addsToCart - a.addsToCart ||
        (a.productId < b.productId ? -1 : 1),
    )
    .slice(0, REPORT_SELLERS);
}

/** The shop's totals, and the part attributed to a listing. */
export function salesSummary(rows: readonly ConversionRow[]): SalesSummary {
  const all = conversionFigures(rows, 0);
  const attributed = conversionFigures(
    rows.filter((r) => r.listing !== null),
    0,
  );
  const currencies = rows.flatMap((r) => (r.currency ? [r.currency] : []));
  return {
    currency: currencies.length > 0 ? currencies.reduce((a, b) => (b > a ? b : a)) : null,
    addsToCart: all.addsToCart,
    conversions: all.conversions,
    units: all.units,
    revenue: all.revenue,
    attributedAddsToCart: attributed.addsToCart,
    attributedConversions: attributed.conversions,
    attributedRevenue: attributed.revenue,
  };
}
