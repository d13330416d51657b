/**
 * Bulk seeding for `npm run bench:report`: one shop's month of synthetic events written straight into
 * the database by SQL (generate_series on PostgreSQL, a recursive CTE on SQLite), so that 10 million
 * events fit in minutes. Each event passes through the report's triggers, as stored events do.
 * Per 10 events: 6 impressions of 4 cards, 2 clicks, 1 result set (1 in 13 empty), 1 Web Vitals.
 * 20 listings (10 events in a row each), 200 products, 3 device classes, timestamps spread evenly over `days` from `start`.
 */

/**
 * What to seed: events numbered [lo, hi] of a stage of `total` events numbered from `first`, the
 * stage spread over `days` days from `start` (ISO on PostgreSQL, Unix seconds on SQLite).
 */
export interface SeedRange {
  shop: string;
  lo: number;
  hi: number;
  first: number;
  total: number;
  start: string | number;
  days: number;
}

const KIND = (i: string) =>
  `CASE WHEN ${i} % 10 < 6 THEN 'ecommerce:product_impressions' WHEN ${i} % 10 < 8 THEN 'ecommerce:product_click'
   WHEN ${i} % 10 = 8 THEN 'search:display_results' ELSE 'page:web_vitals' END`;

/** PostgreSQL: one INSERT … SELECT over generate_series; parameters $1 shop, $2 lo, $3 hi, $4 first, $5 total, $6 start, $7 days. */
export const POSTGRES_SEED = `
  INSERT INTO events (id, shop_id, visitor_id, event, body, client_timestamp, received_at)
  SELECT 'bench-' || i, $1, 'visitor-' || (i % 5000), kind, jsonb_build_object(
      'id', 'bench-' || i, 'seq', 0, 'event', kind, 'environment', 'production',
      'url', 'https://shop.example/c/category-' || (i / 10 % 20) || '?page=1',
      'timestamp', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', jsonb_build_object('metadata', CASE i % 10
        WHEN 6 THEN jsonb_build_object('list_name', 'search_results', 'product_id', 'p' || ((i * 7 + i % 4) % 200), 'list_position', i % 4 + 1)
        WHEN 7 THEN jsonb_build_object('list_name', 'search_results', 'product_id', 'p' || ((i * 3) % 200), 'list_position', i % 4 + 1)
        WHEN 8 THEN jsonb_build_object('result_count', CASE WHEN i % 13 = 0 THEN 0 ELSE i % 97 END)
        WHEN 9 THEN jsonb_build_object('device_class', (ARRAY['mobile', 'desktop', 'tablet'])[1 + i % 3],
          'lcp_ms', 500 + (i * 37) % 4000, 'inp_ms', 40 + (i * 11) % 400, 'cls', (i % 50) / 100.0, 'ttfb_ms', 50 + (i * 13) % 900)
        ELSE jsonb_build_object('list_name', 'search_results', 'listing_view_id', 'view-' || (i / 6), 'products', jsonb_build_array(
          jsonb_build_object('product_id', 'p' || ((i * 7) % 200), 'list_position', 1),
          jsonb_build_object('product_id', 'p' || ((i * 7 + 1) % 200), 'list_position', 2),
          jsonb_build_object('product_id', 'p' || ((i * 7 + 2) % 200), 'list_position', 3),
          jsonb_build_object('product_id', 'p' || ((i * 7 + 3) % 200), 'list_position', 4)))
      END)), at, at
  FROM generate_series($2::bigint, $3::bigint) i,
       LATERAL (SELECT $6::timestamptz + ((i - $4) * $7::float8 * 86400000 / $5) * interval '1 millisecond' AS at, ${KIND('i')} AS kind) x`;

/** SQLite: the same events through a recursive CTE; named parameters as in `SeedRange` (start in Unix seconds). */
export const SQLITE_SEED = `
  WITH RECURSIVE n(i) AS (SELECT CAST(@lo AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < CAST(@hi AS INTEGER)),
  x AS (SELECT i, strftime('%Y-%m-%dT%H:%M:%fZ', @start + (i - @first) * @days * 86400.0 / @total, 'unixepoch') AS at, ${KIND('i')} AS kind FROM n)
  INSERT INTO events (id, shop_id, visitor_id, event, body, client_timestamp, received_at)
  SELECT 'bench-' || i, @shop, 'visitor-' || (i % 5000), kind, json_object(
      'id', 'bench-' || i, 'seq', 0, 'event', kind, 'environment', 'production',
      'url', 'https://shop.example/c/category-' || (i / 10 % 20) || '?page=1', 'timestamp', at,
      'data', json_object('metadata', CASE i % 10
        WHEN 6 THEN json_object('list_name', 'search_results', 'product_id', 'p' || ((i * 7 + i % 4) % 200), 'list_position', i % 4 + 1)
        WHEN 7 THEN json_object('list_name', 'search_results', 'product_id', 'p' || ((i * 3) % 200), 'list_position', i % 4 + 1)
        WHEN 8 THEN json_object('result_count', CASE WHEN i % 13 = 0 THEN 0 ELSE i % 97 END)
        WHEN 9 THEN json_object('device_class', json_extract('["mobile","desktop","tablet"]', '$[' || (i % 3) || ']'),
          'lcp_ms', 500 + (i * 37) % 4000, 'inp_ms', 40 + (i * 11) % 400, 'cls', (i % 50) / 100.0, 'ttfb_ms', 50 + (i * 13) % 900)
        ELSE json_object('list_name', 'search_results', 'listing_view_id', 'view-' || (i / 6), 'products', json_array(
          json_object('product_id', 'p' || ((i * 7) % 200), 'list_position', 1),
          json_object('product_id', 'p' || ((i * 7 + 1) % 200), 'list_position', 2),
          json_object('product_id', 'p' || ((i * 7 + 2) % 200), 'list_position', 3),
          json_object('product_id', 'p' || ((i * 7 + 3) % 200), 'list_position', 4)))
      END)), at, at
  FROM x`;
