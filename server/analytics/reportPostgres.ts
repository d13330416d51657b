/** The report's SQL for PostgreSQL (jsonb functions, window functions); see reportTypes.ts. */
import type pg from 'pg';
import { REPORT_VITALS, type ReportRows } from './reportTypes.js';

const meta = (field: string) => `(e.body -> 'data' -> 'metadata' ->> '${field}')`;
// The listing is the path of the page the event was recorded on: no scheme, host, query or fragment.
const LISTING = `split_part(split_part(regexp_replace(e.body ->> 'url', '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*', ''), '#', 1), '?', 1)`;
const IN_PERIOD = `e.shop_id = $1 AND e.client_timestamp >= $2::timestamptz AND e.client_timestamp < $3::timestamptz`;

const SEEN = `
  SELECT ${LISTING} AS listing, p ->> 'product_id' AS product_id, (p ->> 'list_position')::int AS position
  FROM events e CROSS JOIN LATERAL jsonb_array_elements(e.body -> 'data' -> 'metadata' -> 'products') p
  WHERE ${IN_PERIOD} AND e.event = 'ecommerce:product_impressions' AND ${meta('list_name')} = 'search_results'`;
const CLICKED = `
  SELECT ${LISTING} AS listing, ${meta('product_id')} AS product_id, ${meta('list_position')}::int AS position
  FROM events e
  WHERE ${IN_PERIOD} AND e.event = 'ecommerce:product_click' AND ${meta('list_name')} = 'search_results'`;

const POSITIONS = `
  WITH seen AS (${SEEN}), clicked AS (${CLICKED}),
  at AS (SELECT listing, position, COUNT(*)::int AS impressions FROM seen GROUP BY listing, position),
  hit AS (SELECT listing, position, COUNT(*)::int AS clicks FROM clicked GROUP BY listing, position)
  SELECT at.listing, at.position, at.impressions, COALESCE(hit.clicks, 0) AS clicks
  FROM at LEFT JOIN hit ON hit.listing = at.listing AND hit.position = at.position
  ORDER BY at.listing COLLATE "C", at.position`;

const PRODUCTS = `
  WITH seen AS (${SEEN}), clicked AS (${CLICKED}),
  views AS (SELECT listing, product_id, COUNT(*)::int AS impressions FROM seen GROUP BY listing, product_id),
  hits AS (SELECT listing, product_id, COUNT(*)::int AS clicks FROM clicked GROUP BY listing, product_id)
  SELECT views.listing, views.product_id AS "productId", views.impressions, COALESCE(hits.clicks, 0) AS clicks,
         ROUND(COALESCE(hits.clicks, 0)::numeric / views.impressions, 4)::float8 AS ctr
  FROM views LEFT JOIN hits ON hits.listing = views.listing AND hits.product_id = views.product_id
  ORDER BY views.listing COLLATE "C", ctr DESC, views.impressions DESC, views.product_id COLLATE "C"`;

const RESULT_SETS = `
  SELECT listing, COUNT(*)::int AS "resultSets", SUM(CASE WHEN result_count = 0 THEN 1 ELSE 0 END)::int AS empty
  FROM (
    SELECT ${LISTING} AS listing, ${meta('result_count')}::numeric AS result_count
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
      ) => `SELECT ${meta('device_class')} AS device_class, '${metric}' AS metric, ${meta(metric)}::float8 AS value
      FROM events e WHERE ${IN_PERIOD} AND e.event = 'page:web_vitals' AND ${meta(metric)} IS NOT NULL`,
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
