/**
 * The report's SQL for SQLite (JSON1 functions, window functions); see reportTypes.ts. Stored bodies
 * are read tolerantly: a field of the wrong JSON kind (an old row, stored before fields were typed on
 * arrival) counts as absent, exactly as reportPostgres.ts reads it, so both stores agree.
 */
import type Sqlite from 'better-sqlite3';
import { MOST_REPORTED_NUMBER, REPORT_VITALS, type ReportRows } from './reportTypes.js';

const meta = (field: string): [string, string] => ['e.body', `'$.data.metadata.${field}'`];
// The text of a JSON string, else NULL.
const text = ([doc, path]: [string, string]) =>
  `(CASE WHEN json_type(${doc}, ${path}) = 'text' THEN json_extract(${doc}, ${path}) END)`;
// A JSON number within [low, high], else NULL.
const number = ([doc, path]: [string, string], low: number) =>
  `(CASE WHEN json_type(${doc}, ${path}) IN ('integer', 'real') THEN CASE WHEN json_extract(${doc}, ${path}) BETWEEN ${low} AND ${MOST_REPORTED_NUMBER} THEN json_extract(${doc}, ${path}) END END)`;
// A whole JSON number from 1, else NULL.
const position = (field: [string, string]) =>
  `(CASE WHEN ${number(field, 1)} = CAST(${number(field, 1)} AS INTEGER) THEN ${number(field, 1)} END)`;
// The listing is the path of the page the event was recorded on: no scheme, host, query or fragment.
const rest = `substr(json_extract(e.body, '$.url'), instr(json_extract(e.body, '$.url'), '://') + 3)`;
const pathAndQuery = `substr(${rest}, instr(${rest}, '/'))`;
const noFragment = `(CASE WHEN instr(${pathAndQuery}, '#') > 0 THEN substr(${pathAndQuery}, 1, instr(${pathAndQuery}, '#') - 1) ELSE ${pathAndQuery} END)`;
const LISTING = `(CASE WHEN instr(${noFragment}, '?') > 0 THEN substr(${noFragment}, 1, instr(${noFragment}, '?') - 1) ELSE ${noFragment} END)`;
const IN_PERIOD = `e.shop_id = @shop AND e.client_timestamp >= @from AND e.client_timestamp < @to`;
const FROM_RESULTS = `${text(meta('list_name'))} = 'search_results'`;
const PRODUCTS_PATH = `'$.data.metadata.products'`;
const PRODUCTS_SEEN = `CASE WHEN json_type(e.body, ${PRODUCTS_PATH}) = 'array' THEN json_extract(e.body, ${PRODUCTS_PATH}) ELSE '[]' END`;

const SEEN = `
  SELECT ${LISTING} AS listing, ${text(['p.value', "'$.product_id'"])} AS product_id,
         ${position(['p.value', "'$.list_position'"])} AS position
  FROM events e, json_each(${PRODUCTS_SEEN}) p
  WHERE ${IN_PERIOD} AND e.event = 'ecommerce:product_impressions' AND ${FROM_RESULTS} AND p.type = 'object'`;
const CLICKED = `
  SELECT ${LISTING} AS listing, ${text(meta('product_id'))} AS product_id, ${position(meta('list_position'))} AS position
  FROM events e
  WHERE ${IN_PERIOD} AND e.event = 'ecommerce:product_click' AND ${FROM_RESULTS}`;

const POSITIONS = `
  WITH seen AS (${SEEN}), clicked AS (${CLICKED}),
  at AS (SELECT listing, position, COUNT(*) AS impressions FROM seen WHERE position IS NOT NULL GROUP BY listing, position),
  hit AS (SELECT listing, position, COUNT(*) AS clicks FROM clicked WHERE position IS NOT NULL GROUP BY listing, position)
  SELECT at.listing, at.position, at.impressions, COALESCE(hit.clicks, 0) AS clicks
  FROM at LEFT JOIN hit ON hit.listing = at.listing AND hit.position = at.position
  ORDER BY at.listing, at.position`;

const PRODUCTS = `
  WITH seen AS (${SEEN}), clicked AS (${CLICKED}),
  views AS (SELECT listing, product_id, COUNT(*) AS impressions FROM seen WHERE product_id IS NOT NULL GROUP BY listing, product_id),
  hits AS (SELECT listing, product_id, COUNT(*) AS clicks FROM clicked WHERE product_id IS NOT NULL GROUP BY listing, product_id)
  SELECT views.listing, views.product_id AS productId, views.impressions, COALESCE(hits.clicks, 0) AS clicks,
         ROUND(CAST(COALESCE(hits.clicks, 0) AS REAL) / views.impressions, 4) AS ctr
  FROM views LEFT JOIN hits ON hits.listing = views.listing AND hits.product_id = views.product_id
  ORDER BY views.listing, ctr DESC, views.impressions DESC, views.product_id`;

const RESULT_SETS = `
  SELECT ${LISTING} AS listing, COUNT(*) AS resultSets,
         SUM(CASE WHEN ${number(meta('result_count'), 0)} = 0 THEN 1 ELSE 0 END) AS empty
  FROM events e
  WHERE ${IN_PERIOD} AND e.event = 'search:display_results'
  GROUP BY listing ORDER BY listing`;

// p75 by nearest rank: the value at rank ceil(0.75 n) of the n page views with that measure.
const VITALS = `
  WITH measures AS (
    ${REPORT_VITALS.map(
      (metric) => `SELECT COALESCE(${text(meta('device_class'))}, 'unknown') AS deviceClass, '${metric}' AS metric,
        ${number(meta(metric), 0)} AS value
      FROM events e WHERE ${IN_PERIOD} AND e.event = 'page:web_vitals' AND ${number(meta(metric), 0)} IS NOT NULL`,
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
