/**
 * The report's SQL for PostgreSQL (jsonb functions, window functions); see reportTypes.ts. Stored
 * bodies are read tolerantly: a field of the wrong JSON kind (an old row, stored before fields were
 * typed on arrival) counts as absent, exactly as reportSqlite.ts reads it, so both stores agree.
 */
import type pg from 'pg';
import { MOST_REPORTED_NUMBER, REPORT_VITALS, type ReportRows } from './reportTypes.js';

const meta = (field: string) => `(e.body -> 'data' -> 'metadata' -> '${field}')`;
// The text of a JSON string, else NULL.
const text = (json: string) => `(CASE WHEN jsonb_typeof(${json}) = 'string' THEN ${json} #>> '{}' END)`;
// A JSON number within [low, high], else NULL. Nested CASEs because PostgreSQL does not promise the
// order it evaluates AND in, and a cast of text to a number must never run.
const number = (json: string, low: number) =>
  `(CASE WHEN jsonb_typeof(${json}) = 'number' THEN CASE WHEN (${json})::numeric BETWEEN ${low} AND ${MOST_REPORTED_NUMBER} THEN (${json})::float8 END END)`;
// A whole JSON number from 1, else NULL (compared as a double, as SQLite reads it).
const position = (json: string) =>
  `(CASE WHEN ${number(json, 1)} = trunc(${number(json, 1)}) THEN ${number(json, 1)} END)`;
// The listing is the path of the page the event was recorded on: no scheme, host, query or fragment.
const LISTING = `split_part(split_part(regexp_replace(e.body ->> 'url', '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*', ''), '#', 1), '?', 1)`;
const IN_PERIOD = `e.shop_id = $1 AND e.client_timestamp >= $2::timestamptz AND e.client_timestamp < $3::timestamptz`;
const FROM_RESULTS = `${text(meta('list_name'))} = 'search_results'`;
const PRODUCTS_SEEN = `CASE WHEN jsonb_typeof(${meta('products')}) = 'array' THEN ${meta('products')} ELSE '[]'::jsonb END`;

const SEEN = `
  SELECT ${LISTING} AS listing, ${text(`(p -> 'product_id')`)} AS product_id, ${position(`(p -> 'list_position')`)} AS position
  FROM events e CROSS JOIN LATERAL jsonb_array_elements(${PRODUCTS_SEEN}) p
  WHERE ${IN_PERIOD} AND e.event = 'ecommerce:product_impressions' AND ${FROM_RESULTS} AND jsonb_typeof(p) = 'object'`;
const CLICKED = `
  SELECT ${LISTING} AS listing, ${text(meta('product_id'))} AS product_id, ${position(meta('list_position'))} AS position
  FROM events e
  WHERE ${IN_PERIOD} AND e.event = 'ecommerce:product_click' AND ${FROM_RESULTS}`;

const POSITIONS = `
  WITH seen AS (${SEEN}), clicked AS (${CLICKED}),
  at AS (SELECT listing, position, COUNT(*)::int AS impressions FROM seen WHERE position IS NOT NULL GROUP BY listing, position),
  hit AS (SELECT listing, position, COUNT(*)::int AS clicks FROM clicked WHERE position IS NOT NULL GROUP BY listing, position)
  SELECT at.listing, at.position, at.impressions, COALESCE(hit.clicks, 0) AS clicks
  FROM at LEFT JOIN hit ON hit.listing = at.listing AND hit.position = at.position
  ORDER BY at.listing COLLATE "C", at.position`;

const PRODUCTS = `
  WITH seen AS (${SEEN}), clicked AS (${CLICKED}),
  views AS (SELECT listing, product_id, COUNT(*)::int AS impressions FROM seen WHERE product_id IS NOT NULL GROUP BY listing, product_id),
  hits AS (SELECT listing, product_id, COUNT(*)::int AS clicks FROM clicked WHERE product_id IS NOT NULL GROUP BY listing, product_id)
  SELECT views.listing, views.product_id AS "productId", views.impressions, COALESCE(hits.clicks, 0) AS clicks,
         ROUND(COALESCE(hits.clicks, 0)::numeric / views.impressions, 4)::float8 AS ctr
  FROM views LEFT JOIN hits ON hits.listing = views.listing AND hits.product_id = views.product_id
  ORDER BY views.listing COLLATE "C", ctr DESC, views.impressions DESC, views.product_id COLLATE "C"`;

const RESULT_SETS = `
  SELECT listing, COUNT(*)::int AS "resultSets", SUM(CASE WHEN result_count = 0 THEN 1 ELSE 0 END)::int AS empty
  FROM (
    SELECT ${LISTING} AS listing, ${number(meta('result_count'), 0)} AS result_count
    FROM events e
    WHERE ${IN_PERIOD} AND e.event = 'search:display_results'
  ) shown
  GROUP BY listing ORDER BY listing COLLATE "C"`;

// p75 by nearest rank: the value at rank ceil(0.75 n) of the n page views with that measure.
const VITALS = `
  WITH measures AS (
    ${REPORT_VITALS.map(
      (
        metric,
      ) => `SELECT COALESCE(${text(meta('device_class'))}, 'unknown') AS device_class, '${metric}' AS metric, ${number(meta(metric), 0)} AS value
      FROM events e WHERE ${IN_PERIOD} AND e.event = 'page:web_vitals' AND ${number(meta(metric), 0)} IS NOT NULL`,
    ).join(' UNION ALL ')}
  ),
  ranked AS (
    SELECT device_class, metric, value,
           ROW_NUMBER() OVER (PARTITION BY device_class, metric ORDER BY value) AS rank,
           COUNT(*) OVER (PARTITION BY device_class, metric) AS samples
    FROM measures
  )
  SELECT device_class AS "deviceClass", metric, value AS p75, samples::int AS samples FROM ranked
  WHERE rank = (3 * samples + 3) / 4
  ORDER BY device_class COLLATE "C", metric COLLATE "C"`;

/** Runs the report's queries for one shop over [from, to). */
export async function postgresReport(pool: pg.Pool, shop: string, from: string, to: string): Promise<ReportRows> {
  const params = [shop, from, to];
  const [positions, products, resultSets, vitals] = await Promise.all(
    [POSITIONS, PRODUCTS, RESULT_SETS, VITALS].map((sql) => pool.query(sql, params)),
  );
  return {
    positions: positions!.rows as ReportRows['positions'],
    products: products!.rows as ReportRows['products'],
    resultSets: resultSets!.rows as ReportRows['resultSets'],
    vitals: vitals!.rows as ReportRows['vitals'],
  };
}
