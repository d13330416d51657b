/**
 * What each stored event adds to the report's aggregates, in SQLite's SQL (JSON1 functions); see
 * reportAggregates.ts. Stored bodies are read tolerantly: a field of the wrong JSON kind (an old row,
 * stored before fields were typed on arrival) counts as absent, exactly as reportPostgresCounts.ts
 * reads it, so both stores agree. No WITH clauses: SQLite refuses them inside triggers.
 */
import { AGGREGATES, IS_FILTER, type Aggregate } from './reportAggregates.js';
import { MOST_REPORTED_NUMBER, REPORT_VITALS } from './reportTypes.js';

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
const QUERY = `(CASE WHEN instr(${noFragment}, '?') > 0 THEN substr(${noFragment}, instr(${noFragment}, '?') + 1) ELSE '' END)`;
// The query's parameters as a JSON array of "name=value" texts (a quote or backslash, which a URL
// never holds raw, is escaped first; anything still not JSON gives no parameter rather than an error).
const PARAMS_JSON = `'["' || replace(replace(replace(${QUERY}, '\\', '%5C'), '"', '%22'), '&', '","') || '"]'`;
const PARAMS = `(CASE WHEN json_valid(${PARAMS_JSON}) THEN ${PARAMS_JSON} ELSE '[]' END)`;
// The UTC day of the event's own timestamp (stored as ISO text).
const DAY = `substr(e.client_timestamp, 1, 10)`;
const DATED = `e.client_timestamp IS NOT NULL`;
const FROM_RESULTS = `${text(meta('list_name'))} = 'search_results'`;
const PRODUCTS_PATH = `'$.data.metadata.products'`;
const PRODUCTS_SEEN = `CASE WHEN json_type(e.body, ${PRODUCTS_PATH}) = 'array' THEN json_extract(e.body, ${PRODUCTS_PATH}) ELSE '[]' END`;

// One row per card seen (seen = 1) and per click (clicked = 1), from `source`, a relation aliased `e`.
const cards = (source: string) => `
  SELECT e.shop_id AS shop_id, ${DAY} AS day, ${LISTING} AS listing,
         ${text(['p.value', "'$.product_id'"])} AS product_id, ${position(['p.value', "'$.list_position'"])} AS position,
         1 AS seen, 0 AS clicked, NULL AS name
  FROM ${source}, json_each(${PRODUCTS_SEEN}) p
  WHERE ${DATED} AND e.event = 'ecommerce:product_impressions' AND ${FROM_RESULTS} AND p.type = 'object'
  UNION ALL
  SELECT e.shop_id, ${DAY}, ${LISTING}, ${text(meta('product_id'))}, ${position(meta('list_position'))}, 0, 1,
         ${text(meta('name'))}
  FROM ${source}
  WHERE ${DATED} AND e.event = 'ecommerce:product_click' AND ${FROM_RESULTS}`;

// One row per product of a conversion, under the click it is attributed to (server/analytics/attribution.ts).
const ITEMS_PATH = `'$.data.metadata.items'`;
const ITEMS = `CASE WHEN json_type(e.body, ${ITEMS_PATH}) = 'array' THEN json_extract(e.body, ${ITEMS_PATH}) ELSE '[]' END`;
const credited = (field: string): [string, string] => ['e.body', `'$.attribution[' || i.key || '].${field}'`];
const PURCHASE = `e.event = 'ecommerce:purchase'`;
const conversions = (source: string) => `
  SELECT e.shop_id AS shop_id, ${DAY} AS day,
         CASE WHEN ${position(credited('position'))} IS NULL THEN '' ELSE COALESCE(${text(credited('listing'))}, '') END AS listing,
         COALESCE(${position(credited('position'))}, 0) AS position, ${text(['i.value', "'$.product_id'"])} AS product_id,
         CASE WHEN e.event = 'ecommerce:add_to_cart' THEN 1 ELSE 0 END AS adds,
         CASE WHEN ${PURCHASE} THEN 1 ELSE 0 END AS purchases,
         CASE WHEN ${PURCHASE} THEN COALESCE(${number(['i.value', "'$.quantity'"], 0)}, 0) ELSE 0 END AS units,
         CASE WHEN ${PURCHASE} THEN COALESCE(CAST(ROUND(${number(['i.value', "'$.quantity'"], 0)} * ${number(['i.value', "'$.price'"], 0)} * 1000) AS INTEGER), 0) ELSE 0 END AS revenue_milli,
         ${text(meta('currency'))} AS currency
  FROM ${source}, json_each(${ITEMS}) i
  WHERE ${DATED} AND e.event IN ('ecommerce:add_to_cart', 'ecommerce:purchase') AND i.type = 'object'`;

const COUNTS: Record<string, (source: string) => string> = {
  [AGGREGATES.conversions.table]: (source) => `
    SELECT shop_id, day, listing, position, product_id, SUM(adds) AS adds, SUM(purchases) AS purchases,
           SUM(units) AS units, SUM(revenue_milli) AS revenue_milli, MAX(currency) AS currency
    FROM (${conversions(source)}) WHERE product_id IS NOT NULL GROUP BY shop_id, day, listing, position, product_id`,
  [AGGREGATES.positions.table]: (source) => `
    SELECT shop_id, day, listing, position, SUM(seen) AS impressions, SUM(clicked) AS clicks
    FROM (${cards(source)}) WHERE position IS NOT NULL GROUP BY shop_id, day, listing, position`,
  [AGGREGATES.products.table]: (source) => `
    SELECT shop_id, day, listing, product_id, SUM(seen) AS impressions, SUM(clicked) AS clicks, MAX(name) AS name
    FROM (${cards(source)}) WHERE product_id IS NOT NULL GROUP BY shop_id, day, listing, product_id`,
  [AGGREGATES.resultSets.table]: (source) => `
    SELECT e.shop_id AS shop_id, ${DAY} AS day, ${LISTING} AS listing, COUNT(*) AS result_sets,
           SUM(CASE WHEN ${number(meta('result_count'), 0)} = 0 THEN 1 ELSE 0 END) AS empty
    FROM ${source} WHERE ${DATED} AND e.event = 'search:display_results'
    GROUP BY e.shop_id, day, listing`,
  [AGGREGATES.emptyFilters.table]: (source) => `
    SELECT shop_id, day, listing, param, param_value, COUNT(*) AS result_sets, SUM(is_empty) AS empty FROM (
      SELECT e.shop_id AS shop_id, ${DAY} AS day, ${LISTING} AS listing,
             CASE WHEN instr(q.value, '=') > 0 THEN substr(q.value, 1, instr(q.value, '=') - 1) ELSE q.value END AS param,
             CASE WHEN instr(q.value, '=') > 0 THEN substr(q.value, instr(q.value, '=') + 1) ELSE '' END AS param_value,
             CASE WHEN ${number(meta('result_count'), 0)} = 0 THEN 1 ELSE 0 END AS is_empty
      FROM ${source}, json_each(${PARAMS}) q
      WHERE ${DATED} AND e.event = 'search:display_results'
    ) WHERE ${IS_FILTER}
    GROUP BY shop_id, day, listing, param, param_value`,
  [AGGREGATES.vitals.table]: (source) => `
    SELECT shop_id, day, device_class, metric, value, COUNT(*) AS samples FROM (
      ${REPORT_VITALS.map(
        (metric) => `SELECT e.shop_id AS shop_id, ${DAY} AS day,
          COALESCE(${text(meta('device_class'))}, 'unknown') AS device_class, '${metric}' AS metric,
          ${number(meta(metric), 0)} AS value
        FROM ${source} WHERE ${DATED} AND e.event = 'page:web_vitals' AND ${number(meta(metric), 0)} IS NOT NULL`,
      ).join(' UNION ALL ')}
    ) GROUP BY shop_id, day, device_class, metric, value`,
};

/** The counts `source` (a relation of events aliased `e`) adds to one aggregate, one row per key. */
export function sqliteCounts(aggregate: Aggregate, source: string): string {
  return COUNTS[aggregate.table]!(source);
}
