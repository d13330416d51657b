/**
 * `GET /v3/report?shop_id=…&from=…&to=…` behind a read key (held to its shop) or the admin key: checks the
 * query and arranges the store's SQL aggregates per listing.
 */
import { allowShop, requireKey, type Route } from './context.js';
import { HttpError } from './http.js';
import { csvTable, REPORT_TABLES, type ReportTable } from './reportCsv.js';
import {
  bestSellers,
  conversionFigures,
  salesSummary,
  type ConversionFigures,
  type ProductSales,
  type SalesSummary,
} from './reportConversions.js';
import { DEFAULT_MIN_SAMPLE, rankProducts, type RankedProduct } from './reportRank.js';
import type { ReportRows, VitalRow } from './reportTypes.js';
import { isName, MAX_NAME_LENGTH } from './validate.js';

export { REPORT_PRODUCTS } from './reportRank.js';
/** Longest period one report covers. */
export const MAX_REPORT_DAYS = 366;

/** Click-through at one position of a listing, and what its clicks led to. */
export interface PositionReport extends ConversionFigures {
  position: number;
  impressions: number;
  clicks: number;
  ctr: number;
}

/** A filter and value that came back empty: how often, out of how many result sets it was in. */
export interface EmptyFilter {
  filter: string;
  value: string;
  empty: number;
  resultSets: number;
}

/** One listing's figures over the period, with what its clicks led to (adds to cart, conversions, revenue). */
export interface ListingReport extends ConversionFigures {
  listing: string;
  impressions: number;
  clicks: number;
  ctr: number;
  byPosition: PositionReport[];
  mostClicked: RankedProduct[];
  leastClicked: RankedProduct[];
  resultSets: number;
  emptyShare: number;
  /** Filters and values that came back empty, most often empty first. */
  emptyFilters: EmptyFilter[];
  /** The products its clicks sold most of, by revenue. */
  bestSellers: ProductSales[];
}

/** The whole report, as the route answers it. */
export interface ShopReport {
  shopId: string;
  from: string;
  to: string;
  /** Impressions a product needed to be ranked. */
  minSample: number;
  listings: ListingReport[];
  /** Adds to cart, conversions and revenue over the whole shop, and the part listings led to. */
  sales: SalesSummary;
  vitals: VitalRow[];
  /** With `compare=previous`: the same figures for the period of equal length just before. */
  previous?: ShopReport;
}

const ratio = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/**
 * Arranges the store's rows per listing (busiest first); the numbers themselves come from SQL. Clicks
 * count at most once per impression: a product (or position) clicked more often than it was seen
 * (a shopper back for a second look without a new impression) counts as many clicks as impressions.
 */
export function arrangeReport(
  shopId: string,
  from: string,
  to: string,
  rows: ReportRows,
  minSample = DEFAULT_MIN_SAMPLE,
): ShopReport {
  const sold = rows.conversions.flatMap((r) => (r.listing === null ? [] : [r.listing]));
  const names = new Set([...rows.positions.map((r) => r.listing), ...rows.resultSets.map((r) => r.listing), ...sold]);
  const productNames = new Map(rows.products.flatMap((p) => (p.name === null ? [] : [[p.productId, p.name] as const])));
  const listings = [...names].map((listing): ListingReport => {
    const converted = rows.conversions.filter((r) => r.listing === listing);
    const seenAt = rows.positions.filter((r) => r.listing === listing);
    // A position that converted without impressions in the period (clicked before it) still shows.
    const positions = [...new Set([...seenAt, ...converted].map((r) => r.position))].sort((a, b) => a - b);
    const byPosition = positions.map((position): PositionReport => {
      const seen = seenAt.find((r) => r.position === position) ?? { impressions: 0, clicks: 0 };
      const clicks = Math.min(seen.clicks, seen.impressions);
      return {
        position,
        impressions: seen.impressions,
        clicks,
        ctr: ratio(clicks, seen.impressions),
        ...conversionFigures(
          converted.filter((c) => c.position === position),
          clicks,
        ),
      };
    });
    const impressions = byPosition.reduce((sum, r) => sum + r.impressions, 0);
    const clicks = byPosition.reduce((sum, r) => sum + r.clicks, 0);
    const products = rows.products
      .filter((r) => r.listing === listing)
      .map((p) => {
        const capped = Math.min(p.clicks, p.impressions);
        return { ...p, clicks: capped, ctr: ratio(capped, p.impressions) };
      });
    const { mostClicked, leastClicked } = rankProducts(products, minSample);
    const sets = rows.resultSets.find((r) => r.listing === listing);
    const emptyFilters = decodedFilters(rows.emptyFilters.filter((r) => r.listing === listing));
    return {
      listing,
      impressions,
      clicks,
      ctr: ratio(clicks, impressions),
      ...conversionFigures(converted, clicks),
      byPosition,
      mostClicked,
      leastClicked,
      resultSets: sets?.resultSets ?? 0,
      emptyShare: ratio(sets?.empty ?? 0, sets?.resultSets ?? 0),
      emptyFilters,
      bestSellers: bestSellers(converted, products, productNames),
    };
  });
  listings.sort(
    (a, b) => b.impressions - a.impressions || b.resultSets - a.resultSets || (a.listing < b.listing ? -1 : 1),
  );
  return { shopId, from, to, minSample, listings, sales: salesSummary(rows.conversions), vitals: rows.vitals };
}

/** Filters listed per listing at most. */
export const REPORT_EMPTY_FILTERS = 10;

const decode = (text: string, plusIsSpace = true): string => {
  try {
    return decodeURIComponent(plusIsSpace ? text.replaceAll('+', ' ') : text);
  } catch {
    return text;
  }
};

// Each facet value of a `filters=KEY~VALUE~VALUE` counts on its own (a `~` or `%` inside a value was
// escaped as %7E or %25 before the address was encoded); `price=50/120` and the like count whole.
function filterValues(param: string, raw: string): Array<[string, string]> {
  const text = decode(raw);
  if (param !== 'filters') return [[param, text]];
  const [facet = '', ...values] = text.split('~').map((part) => decode(part, false));
  return values.map((value) => [facet, value]);
}

function decodedFilters(rows: ReportRows['emptyFilters']): EmptyFilter[] {
  const merged = new Map<string, EmptyFilter>();
  for (const row of rows) {
    for (const [filter, value] of filterValues(row.param, row.value)) {
      const key = `${filter}\u0000${value}`;
      const held = merged.get(key) ?? { filter, value, empty: 0, resultSets: 0 };
      merged.set(key, { ...held, empty: held.empty + row.empty, resultSets: held.resultSets + row.resultSets });
    }
  }
  return [...merged.values()]
    .sort(
      (a, b) => b.empty - a.empty || (a.filter < b.filter ? -1 : a.filter > b.filter ? 1 : a.value < b.value ? -1 : 1),
    )
    .slice(0, REPORT_EMPTY_FILTERS);
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
  const minSample = wholeParam(query, 'min_sample', DEFAULT_MIN_SAMPLE);
  const compare = query.get('compare');
  if (compare !== null && compare !== 'previous') throw new HttpError(400, 'compare must be previous');
  const format = query.get('format') ?? 'json';
  const table = query.get('table') as ReportTable | null;
  if (format !== 'json' && format !== 'csv') throw new HttpError(400, 'format must be json or csv');
  if (format === 'csv' && (table === null || !REPORT_TABLES.includes(table)))
    throw new HttpError(400, `table must be one of ${REPORT_TABLES.join(', ')}`);
  await allowShop(ctx, shopId);
  const report = arrangeReport(shopId, from, to, await ctx.store.report(shopId, from, to), minSample);
  if (compare === 'previous') {
    const before = new Date(2 * Date.parse(from) - Date.parse(to)).toISOString();
    report.previous = arrangeReport(shopId, before, from, await ctx.store.report(shopId, before, from), minSample);
  }
  if (format === 'csv') {
    const name = `report-${shopId}-${from.slice(0, 10)}-${table}.csv`;
    return {
      status: 200,
      body: null,
      text: csvTable(report, table!),
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` },
    };
  }
  return { status: 200, body: report };
};

function wholeParam(query: URLSearchParams, name: string, fallback: number): number {
  const text = query.get(name);
  if (text === null) return fallback;
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1) throw new HttpError(400, `${name} must be a whole number from 1`);
  return Number(text);
}
