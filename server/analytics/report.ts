/**
 * `GET /v3/report?shop_id=…&from=…&to=…`: the merchandiser's report for a shop and a period, behind
 * a read key (held to its shop) or the admin key. The store computes the aggregates in SQL
 * (reportSqlite.ts, reportPostgres.ts); this file checks the query and arranges them per listing.
 */
import { allowShop, requireKey, type Route } from './context.js';
import { HttpError } from './http.js';
import type { ProductRow, ReportRows, VitalRow } from './reportTypes.js';
import { isName, MAX_NAME_LENGTH } from './validate.js';

/** Products listed as most and as least clicked, per listing. */
export const REPORT_PRODUCTS = 5;
/** Longest period one report covers. */
export const MAX_REPORT_DAYS = 366;

/** Click-through at one position of a listing. */
export interface PositionReport {
  position: number;
  impressions: number;
  clicks: number;
  ctr: number;
}

/** One listing's figures over the period. */
export interface ListingReport {
  listing: string;
  impressions: number;
  clicks: number;
  ctr: number;
  byPosition: PositionReport[];
  mostClicked: ProductRow[];
  leastClicked: ProductRow[];
  resultSets: number;
  emptyShare: number;
}

/** The whole report, as the route answers it. */
export interface ShopReport {
  shopId: string;
  from: string;
  to: string;
  listings: ListingReport[];
  vitals: VitalRow[];
}

const ratio = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/** Arranges the store's rows per listing (busiest first); the numbers themselves come from SQL. */
export function arrangeReport(shopId: string, from: string, to: string, rows: ReportRows): ShopReport {
  const names = new Set([...rows.positions, ...rows.resultSets].map((r) => r.listing));
  const listings = [...names].map((listing): ListingReport => {
    const byPosition = rows.positions
      .filter((r) => r.listing === listing)
      .map((r) => ({
        position: r.position,
        impressions: r.impressions,
        clicks: r.clicks,
        ctr: ratio(r.clicks, r.impressions),
      }));
    const impressions = byPosition.reduce((sum, r) => sum + r.impressions, 0);
    const clicks = byPosition.reduce((sum, r) => sum + r.clicks, 0);
    const products = rows.products.filter((r) => r.listing === listing);
    const mostClicked = products.filter((p) => p.clicks > 0).slice(0, REPORT_PRODUCTS);
    const leastClicked = products
      .filter((p) => !mostClicked.includes(p))
      .slice(-REPORT_PRODUCTS)
      .reverse();
    const sets = rows.resultSets.find((r) => r.listing === listing);
    return {
      listing,
      impressions,
      clicks,
      ctr: ratio(clicks, impressions),
      byPosition,
      mostClicked,
      leastClicked,
      resultSets: sets?.resultSets ?? 0,
      emptyShare: ratio(sets?.empty ?? 0, sets?.resultSets ?? 0),
    };
  });
  listings.sort(
    (a, b) => b.impressions - a.impressions || b.resultSets - a.resultSets || (a.listing < b.listing ? -1 : 1),
  );
  return { shopId, from, to, listings, vitals: rows.vitals };
}

function timeParam(query: URLSearchParams, name: string): string {
  const text = query.get(name) ?? '';
  const at = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(at)) throw new HttpError(400, `${name} must be a date (2024-05-01) or an ISO 8601 UTC time`);
  return new Date(at).toISOString();
}

/** `GET /v3/report`. */
export const getReport: Route = async (ctx) => {
  const holder = await requireKey(ctx, ['read']);
  const query = ctx.url.searchParams;
  let shopId = query.get('shop_id') || undefined;
  if (shopId !== undefined && !isName(shopId))
    throw new HttpError(400, `shop_id must be 1 to ${MAX_NAME_LENGTH} characters`);
  if (holder.role !== 'admin') {
    if (shopId !== undefined && shopId !== holder.shopId)
      throw new HttpError(403, `this read key reads shop ${holder.shopId} only`);
    shopId = holder.shopId;
  }
  if (shopId === undefined) throw new HttpError(400, 'shop_id is required');
  const from = timeParam(query, 'from');
  const to = timeParam(query, 'to');
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (days <= 0 || days > MAX_REPORT_DAYS)
    throw new HttpError(400, `to must come after from, at most ${MAX_REPORT_DAYS} days later`);
  await allowShop(ctx, shopId);
  const rows = await ctx.store.report(shopId, from, to);
  return { status: 200, body: arrangeReport(shopId, from, to, rows) };
};
