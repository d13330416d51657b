/**
 * The report's SQL for SQLite (see reportTypes.ts): whole days are summed from the aggregates
 * (reportSqliteAggregates.ts), the partial days at either end of the period are counted from their
 * events with the very SQL the triggers use, so both give what counting every event would.
 */
import type Sqlite from 'better-sqlite3';
import { AGGREGATES, splitPeriod, type Aggregate } from './reportAggregates.js';
import { sqliteCounts } from './reportSqliteCounts.js';
import type { ReportRows } from './reportTypes.js';

// Two plain ranges, not one OR: SQLite then reads each from the (shop, time) index.
const EDGES = `(SELECT shop_id, client_timestamp, event, body FROM events
    WHERE shop_id = @shop AND client_timestamp >= @edge1From AND client_timestamp < @edge1To
  UNION ALL SELECT shop_id, client_timestamp, event, body FROM events
    WHERE shop_id = @shop AND client_timestamp >= @edge2From AND client_timestamp < @edge2To) e`;

const counted = (aggregate: Aggregate, columns: string) => `
  SELECT ${columns} FROM ${aggregate.table} WHERE shop_id = @shop AND day >= @dayFrom AND day < @dayTo
  UNION ALL SELECT ${columns} FROM (${sqliteCounts(aggregate, EDGES)})`;

const POSITIONS = `
  SELECT listing, position, SUM(impressions) AS impressions, SUM(clicks) AS clicks
  FROM (${counted(AGGREGATES.positions, 'listing, position, impressions, clicks')})
  GROUP BY listing, position HAVING SUM(impressions) > 0
  ORDER BY listing, position`;

const PRODUCTS = `
  SELECT listing, product_id AS productId, SUM(impressions) AS impressions, SUM(clicks) AS clicks,
         ROUND(CAST(SUM(clicks) AS REAL) / SUM(impressions), 4) AS ctr, MAX(name) AS name
  FROM (${counted(AGGREGATES.products, 'listing, product_id, impressions, clicks, name')})
  GROUP BY listing, product_id HAVING SUM(impressions) > 0
  ORDER BY listing, ctr DESC, impressions DESC, productId`;

const RESULT_SETS = `
  SELECT listing, SUM(result_sets) AS resultSets, SUM(empty) AS empty
  FROM (${counted(AGGREGATES.resultSets, 'listing, result_sets, empty')})
  GROUP BY listing HAVING SUM(result_sets) > 0
  ORDER BY listing`;

// p75 by nearest rank: the smallest value whose running count reaches rank ceil(0.75 n).
const VITALS = `
  WITH vals AS (
    SELECT device_class, metric, value, SUM(samples) AS n
    FROM (${counted(AGGREGATES.vitals, 'device_class, metric, value, samples')})
    GROUP BY device_class, metric, value HAVING SUM(samples) > 0
  ),
  ranked AS (
    SELECT device_class, metric, value,
           SUM(n) OVER (PARTITION BY device_class, metric ORDER BY value ROWS UNBOUNDED PRECEDING) AS upto,
           SUM(n) OVER (PARTITION BY device_class, metric) AS samples
    FROM vals
  )
  SELECT device_class AS deviceClass, metric, MIN(value) AS p75, samples FROM ranked
  WHERE upto >= (3 * samples + 3) / 4
  GROUP BY device_class, metric, samples
  ORDER BY device_class, metric`;

const EMPTY_FILTERS = `
  SELECT listing, param, param_value AS value, SUM(result_sets) AS resultSets, SUM(empty) AS empty
  FROM (${counted(AGGREGATES.emptyFilters, 'listing, param, param_value, result_sets, empty')})
  GROUP BY listing, param, param_value HAVING SUM(empty) > 0
  ORDER BY listing, param, param_value`;

const CONVERSIONS = `
  SELECT CASE WHEN position = 0 THEN NULL ELSE listing END AS listing, position, product_id AS productId, SUM(adds) AS adds, SUM(purchases) AS purchases,
         SUM(units) AS units, SUM(revenue_milli) / 1000.0 AS revenue, MAX(currency) AS currency
  FROM (${counted(AGGREGATES.conversions, 'listing, position, product_id, adds, purchases, units, revenue_milli, currency')})
  GROUP BY listing, position, product_id HAVING SUM(adds) > 0 OR SUM(purchases) > 0
  ORDER BY listing, position, productId`;

/** The report's queries, in the order of `ReportRows`' fields. */
export const SQLITE_REPORT_QUERIES = [POSITIONS, PRODUCTS, RESULT_SETS, VITALS, EMPTY_FILTERS, CONVERSIONS] as const;

/** The named parameters of the report's queries for one shop over [from, to). */
export function sqliteReportParams(shop: string, from: string, to: string, fromEvents = false) {
  const { dayFrom, dayTo, edges } = splitPeriod(from, to, fromEvents);
  const [[edge1From, edge1To], [edge2From, edge2To]] = edges;
  return { shop, dayFrom, dayTo, edge1From, edge1To, edge2From, edge2To };
}

/** The report's rows from its queries' answers (in `ReportRows`' order; both stores). */
export function reportRowsOf(answers: unknown[][]): ReportRows {
  const [positions, products, resultSets, vitals, emptyFilters, conversions] = answers;
  return {
    conversions: conversions as ReportRows['conversions'],
    positions: positions as ReportRows['positions'],
    products: products as ReportRows['products'],
    resultSets: resultSets as ReportRows['resultSets'],
    vitals: vitals as ReportRows['vitals'],
    emptyFilters: emptyFilters as ReportRows['emptyFilters'],
  };
}

/** Runs the report's queries for one shop over [from, to) on this connection (blocking it meanwhile). */
export function sqliteReport(db: Sqlite.Database, shop: string, from: string, to: string, fromEvents = false) {
  const params = sqliteReportParams(shop, from, to, fromEvents);
  return reportRowsOf(SQLITE_REPORT_QUERIES.map((sql) => db.prepare(sql).all(params)));
}
