/**
 * What each stored event adds to the report's aggregates, in PostgreSQL's SQL (jsonb functions); see
 * reportAggregates.ts. Stored bodies are read tolerantly: a field of the wrong JSON kind (an old row,
 * stored before fields were typed on arrival) counts as absent, exactly as reportSqliteCounts.ts reads
 * it, so both stores agree.
 */
import { AGGREGATES, IS_FILTER, type Aggregate } from './reportAggregates.js';
import { MOST_REPORTED_NUMBER, REPORT_VITALS } from './reportTypes.js';

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
const NO_FRAGMENT = `split_part(e.body ->> 'url', '#', 1)`;
const QUERY = `(CASE WHEN strpos(${NO_FRAGMENT}, '?') > 0 THEN substr(${NO_FRAGMENT}, strpos(${NO_FRAGMENT}, '?') + 1) ELSE '' END)`;
// The UTC day of the event's own timestamp.
const DAY = `(e.client_timestamp AT TIME ZONE 'UTC')::date`;
const FROM_RESULTS = `${text(meta('list_name'))} = 'search_results'`;
const PRODUCTS_SEEN = `CASE WHEN jsonb_typeof(${meta('products')}) = 'array' THEN ${meta('products')} ELSE '[]'::jsonb END`;

// One row per card seen (seen = 1) and per click (clicked = 1), from `source`, a relation aliased `e`.
const cards = (source: string) => `
  SELECT e.shop_id, ${DAY} AS day, ${LISTING} AS listing, ${text(`(p -> 'product_id')`)} AS product_id,
         ${position(`(p -> 'list_position')`)} AS position, 1 AS seen, 0 AS clicked, NULL::text AS name
  FROM ${source} CROSS JOIN LATERAL jsonb_array_elements(${PRODUCTS_SEEN}) p
  WHERE e.event = 'ecommerce:product_impressions' AND ${FROM_RESULTS} AND jsonb_typeof(p) = 'object'
  UNION ALL
  SELECT e.shop_id, ${DAY}, ${LISTING}, ${text(meta('product_id'))}, ${position(meta('list_position'))}, 0, 1,
         ${text(meta('name'))}
  FROM ${source}
  WHERE e.event = 'ecommerce:product_click' AND ${FROM_RESULTS}`;

// One row per product of a conversion, under the click it is attributed to (server/analytics/attribution.ts).
const ITEMS = `CASE WHEN jsonb_typeof(${meta('items')}) = 'array' THEN ${meta('items')} ELSE '[]'::jsonb END`;
const credited = (field: string) => `(e.body -> 'attribution' -> (i.n - 1)::int -> '${field}')`;
const PURCHASE = `e.event = 'ecommerce:purchase'`;
const conversions = (source: string) => `
  SELECT e.shop_id, ${DAY} AS day,
         CASE WHEN ${position(credited('position'))} IS NULL THEN '' ELSE COALESCE(${text(credited('listing'))}, '') END AS listing,
         COALESCE(${position(credited('position'))}, 0) AS position, ${text(`(i.item -> 'product_id')`)} AS product_id,
         CASE WHEN e.event = 'ecommerce:add_to_cart' THEN 1 ELSE 0 END AS adds,
         CASE WHEN ${PURCHASE} THEN 1 ELSE 0 END AS purchases,
         CASE WHEN ${PURCHASE} THEN COALESCE(${number(`(i.item -> 'quantity')`, 0)}, 0) ELSE 0 END AS units,
         CASE WHEN ${PURCHASE} THEN COALESCE(round((${number(`(i.item -> 'quantity')`, 0)} * ${number(`(i.item -> 'price')`, 0)} * 1000)::numeric)::bigint, 0) ELSE 0 END AS revenue_milli,
         ${text(meta('currency'))} AS currency
  FROM ${source} CROSS JOIN LATERAL jsonb_array_elements(${ITEMS}) WITH ORDINALITY i(item, n)
  WHERE e.event IN ('ecommerce:add_to_cart', 'ecommerce:purchase') AND jsonb_typeof(i.item) = 'object'`;

const COUNTS: Record<string, (source: string) => string> = {
  [AGGREGATES.conversions.table]: (source) => `
    SELECT shop_id, day, listing, position, product_id, SUM(adds)::int AS adds, SUM(purchases)::int AS purchases,
           SUM(units)::int AS units, SUM(revenue_milli)::bigint AS revenue_milli, MAX(currency COLLATE "C") AS currency
    FROM (${conversions(source)}) line WHERE product_id IS NOT NULL GROUP BY shop_id, day, listing, position, product_id`,
  [AGGREGATES.positions.table]: (source) => `
    SELECT shop_id, day, listing, position, SUM(seen)::int AS impressions, SUM(clicked)::int AS clicks
    FROM (${cards(source)}) card WHERE position IS NOT NULL GROUP BY shop_id, day, listing, position`,
  [AGGREGATES.products.table]: (source) => `
    SELECT shop_id, day, listing, product_id, SUM(seen)::int AS impressions, SUM(clicked)::int AS clicks,
           MAX(name COLLATE "C") AS name
    FROM (${cards(source)}) card WHERE product_id IS NOT NULL GROUP BY shop_id, day, listing, product_id`,
  [AGGREGATES.resultSets.table]: (source) => `
    SELECT shop_id, day, listing, COUNT(*)::int AS result_sets,
           SUM(CASE WHEN result_count = 0 THEN 1 ELSE 0 END)::int AS empty
    FROM (
      SELECT e.shop_id, ${DAY} AS day, ${LISTING} AS listing, ${number(meta('result_count'), 0)} AS result_count
      FROM ${source} WHERE e.event = 'search:display_results'
    ) shown
    GROUP BY shop_id, day, listing`,
  [AGGREGATES.emptyFilters.table]: (source) => `
    SELECT shop_id, day, listing, param, param_value, COUNT(*)::int AS result_sets, SUM(is_empty)::int AS empty FROM (
      SELECT e.shop_id, ${DAY} AS day, ${LISTING} AS listing,
             CASE WHEN strpos(q.p, '=') > 0 THEN substr(q.p, 1, strpos(q.p, '=') - 1) ELSE q.p END AS param,
             CASE WHEN strpos(q.p, '=') > 0 THEN substr(q.p, strpos(q.p, '=') + 1) ELSE '' END AS param_value,
             CASE WHEN ${number(meta('result_count'), 0)} = 0 THEN 1 ELSE 0 END AS is_empty
      FROM ${source} CROSS JOIN LATERAL unnest(string_to_array(${QUERY}, '&')) q(p)
      WHERE e.event = 'search:display_results'
    ) params WHERE ${IS_FILTER}
    GROUP BY shop_id, day, listing, param, param_value`,
  [AGGREGATES.vitals.table]: (source) => `
    SELECT shop_id, day, device_class, metric, value, COUNT(*)::int AS samples FROM (
      ${REPORT_VITALS.map(
        (metric) => `SELECT e.shop_id, ${DAY} AS day,
          COALESCE(${text(meta('device_class'))}, 'unknown') AS device_class, '${metric}'::text AS metric,
          ${number(meta(metric), 0)} AS value
        FROM ${source} WHERE e.event = 'page:web_vitals' AND ${number(meta(metric), 0)} IS NOT NULL`,
      ).join(' UNION ALL ')}
    ) measured GROUP BY shop_id, day, device_class, metric, value`,
};

/** The counts `source` (a relation of events aliased `e`) adds to one aggregate, one row per key. */
export function postgresCounts(aggregate: Aggregate, source: string): string {
  return COUNTS[aggregate.table]!(source);
}
