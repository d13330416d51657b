/**
 * Which products a listing's report names as most and least clicked when seen. Click-through over a
 * handful of impressions says little (1 click in 1 view is 100 %), so products are ranked by a
 * confidence bound on it (Wilson's score interval at 95 %) and only from a minimum sample up.
 */
import type { ProductRow } from './reportTypes.js';

/** Products listed as most and as least clicked, per listing. */
export const REPORT_PRODUCTS = 5;
/** Impressions a product needs by default before it is ranked (`min_sample` sets another). */
export const DEFAULT_MIN_SAMPLE = 30;
const Z = 1.96;

/** One ranked product, with its click-through's 95 % interval and the sample it rests on (`impressions`). */
export interface RankedProduct extends ProductRow {
  ctrLow: number;
  ctrHigh: number;
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Wilson's score interval for `clicks` successes in `trials` trials, at 95 %. */
export function wilson(clicks: number, trials: number): [number, number] {
  if (trials <= 0) return [0, 1];
  const p = clicks / trials;
  const z2 = Z * Z;
  const centre = p + z2 / (2 * trials);
  const spread = Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const scale = 1 + z2 / trials;
  return [Math.max(0, (centre - spread) / scale), Math.min(1, (centre + spread) / scale)];
}

/**
 * Most clicked: products with a click, highest lower bound first (a product must be surely good to
 * lead). Least clicked: the others, lowest upper bound first (surely poor). Ties go to the larger
 * sample, then the product id. Products seen fewer than `minSample` times are not ranked.
 */
export function rankProducts(
  products: readonly ProductRow[],
  minSample: number,
): { mostClicked: RankedProduct[]; leastClicked: RankedProduct[] } {
  const ranked = products
    .filter((p) => p.impressions >= minSample)
    .map((p): RankedProduct => {
      const [low, high] = wilson(p.clicks, p.impressions);
      return { ...p, ctrLow: round4(low), ctrHigh: round4(high) };
    });
  const order = (a: RankedProduct, b: RankedProduct, by: number) =>
    by || b.impressions - a.impressions || (a.productId < b.productId ? -1 : 1);
  const mostClicked = ranked
    .filter((p) => p.clicks > 0)
    .sort((a, b) => order(a, b, b.ctrLow - a.ctrLow))
    .slice(0, REPORT_PRODUCTS);
  const leastClicked = ranked
    .filter((p) => !mostClicked.includes(p))
    .sort((a, b) => order(a, b, a.ctrHigh - b.ctrHigh))
    .slice(0, REPORT_PRODUCTS);
  return { mostClicked, leastClicked };
}
