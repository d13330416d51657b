/** The report's SQL for SQLite (JSON1 functions, window functions); see reportTypes.ts. */
import type Sqlite from 'better-sqlite3';
import { REPORT_VITALS, type ReportRows } from './reportTypes.js';

const meta = (field: string) => `json_extract(e.body, '$.data.metadata.${field}')`;
// The listing is the path of the page the event was recorded on: no scheme, host, query or fragment.
const rest = `substr(json_extract(e.body, '$.url'), instr(json_extract(e.body, '$.url'), '://') + 3)`;
const pathAndQuery = `substr(${rest}, instr(${rest}, '/'))`;
const noFragment = `(CASE WHEN instr(${pathAndQuery}, '#') > 0 THEN substr(${pathAndQuery}, 1, instr(${pathAndQuery}, '#') - 1) ELSE ${pathAndQuery} END)`;
const LISTING = `(CASE WHEN instr(${noFragment}, '?') > 0 THEN substr(${noFragment}, 1, instr(${noFragment}, '?') - 1) ELSE ${noFragment} END)`;
const IN_PERIOD = `e.shop_id = @shop AND e.client_timestamp >= @from AND e.client_timestamp < @to`;

const SEEN = `
  SELECT ${LISTING} AS listing, json_extract(p.value, '$.product_id') AS product_id,
         json_extract(p.value, '$.list_position') AS position
  FROM events e, json_each(${meta('products')}) p
  WHERE ${IN_PERIOD} AND e.event = 'ecommerce:product_impressions' AND ${meta('list_name')} = 'search_results'`;
const CLICKED = `
  SELECT ${LISTING} AS listing, ${meta('product_id')} AS product_id, ${meta('list_position')} AS position
  FROM events e
  WHERE ${IN_PERIOD} AND e.event = 'ecommerce:product_click' AND ${meta('list_name')} = 'search_results'`;

const POSITIONS = `
  WITH seen AS (${SEEN}), clicked AS (${CLICKED}),
  at AS (SELECT listing, position, COUNT(*) AS impressions FROM seen GROUP BY listing, position),
  hit AS (SELECT listing, position, COUNT(*) AS clicks FROM clicked GROUP BY listing, position)
  SELECT at.listing, at.position, at.impressions, COALESCE(hit.clicks, 0) AS clicks
  FROM at LEFT JOIN hit ON hit.listing = at.listing AND hit.position = at.position
  ORDER BY at.listing, at.position`;

const PRODUCTS = `
  WITH seen AS (${SEEN}), clicked AS (${CLICKED}),
  views AS (SELECT listing, product_id, COUNT(*) AS impressions FROM seen GROUP BY listing, product_id),
  hits AS (SELECT listing, product_id, COUNT(*) AS clicks FROM clicked GROUP BY listing, product_id)
  SELECT views.listing, views.product_id AS productId, views.impressions, COALESCE(hits.clicks, 0) AS clicks,
         ROUND(CAST(COALESCE(hits.clicks, 0) AS REAL) / views.impressions, 4) AS ctr
  FROM views LEFT JOIN hits ON hits.listing = views.listing AND hits.product_id = views.product_id
  ORDER BY views.listing, ctr DESC, views.impressions DESC, views.product_id`;

const RESULT_SETS = `
  SELECT ${LISTING} AS listing, COUNT(*) AS resultSets,
         SUM(CASE WHEN ${meta('result_count')} = 0 THEN 1 ELSE 0 END) AS empty
  FROM events e
  WHERE ${IN_PERIOD} AND e.event = 'search:display_results'
  GROUP BY listing ORDER BY listing`;

// p75 by nearest rank: the value at rank ceil(0.75 n) of the n page views with that measure.
const VITALS = `
  WITH measures AS (
    ${REPORT_VITALS.map(
      (metric) => `SELECT ${meta('device_class')} AS deviceClass, '${metric}' AS metric, ${meta(metric)} AS value
      FROM events e WHERE ${IN_PERIOD} AND e.event = 'page:web_vitals' AND ${meta(metric)} IS NOT NULL`,
    ).join(' UNION ALL ')}
  ),
  ranked AS (
    SELECT deviceClass, metric, value,
           ROW_NUMBER() OVER (PARTITION BY deviceClass, metric ORDER BY value) AS rank,
           COUNT(*) OVER (PARTITION BY deviceClass, metric) AS samples
    FROM measures
  )
  SELECT deviceClass, metric, value AS p75, samples FROM ranked
  WHERE rank = (3 * samples + 3) / 4
  ORDER BY deviceClass, metric`;

/** Runs the report's queries for one shop over [from, to). */
export function sqliteReport(db: Sqlite.Database, shop: string, from: string, to: string): ReportRows {
  const params = { shop, from, to };
  return {
    positions: db.prepare(POSITIONS).all(params) as ReportRows['positions'],
    products: db.prepare(PRODUCTS).all(params) as ReportRows['products'],
    resultSets: db.prepare(RESULT_SETS).all(params) as ReportRows['resultSets'],
    vitals: db.prepare(VITALS).all(params) as ReportRows['vitals'],
  };
}
