/**
 * The report's SQL for PostgreSQL (see reportTypes.ts): whole days are summed from the aggregates
 * (reportPostgresAggregates.ts), the partial days at either end of the period are counted from their
 * events with the very SQL the triggers use, so both give what counting every event would.
 */
import type pg from 'pg';
import { HttpError } from './http.js';
import { AGGREGATES, splitPeriod, type Aggregate } from './reportAggregates.js';
import { postgresCounts } from './reportPostgresCounts.js';
import { reportRowsOf } from './reportSqlite.js';
import type { ReportRows } from './reportTypes.js';

// Two plain ranges, each read from the (shop, time) index.
const EDGES = `(SELECT shop_id, client_timestamp, event, body FROM events
    WHERE shop_id = $1 AND client_timestamp >= $4::timestamptz AND client_timestamp < $5::timestamptz
  UNION ALL SELECT shop_id, client_timestamp, event, body FROM events
    WHERE shop_id = $1 AND client_timestamp >= $6::timestamptz AND client_timestamp < $7::timestamptz) e`;

const counted = (aggregate: Aggregate, columns: string) => `
  SELECT ${columns} FROM ${aggregate.table} WHERE shop_id = $1 AND day >= $2::date AND day < $3::date
  UNION ALL SELECT ${columns} FROM (${postgresCounts(aggregate, EDGES)}) edge`;

const POSITIONS = `
  SELECT listing, position, SUM(impressions)::int AS impressions, SUM(clicks)::int AS clicks
  FROM (${counted(AGGREGATES.positions, 'listing, position, impressions, clicks')}) counted
  GROUP BY listing, position HAVING SUM(impressions) > 0
  ORDER BY listing COLLATE "C", position`;

const PRODUCTS = `
  SELECT listing, product_id AS "productId", SUM(impressions)::int AS impressions, SUM(clicks)::int AS clicks,
         ROUND(SUM(clicks)::numeric / SUM(impressions), 4)::float8 AS ctr, MAX(name COLLATE "C") AS name
  FROM (${counted(AGGREGATES.products, 'listing, product_id, impressions, clicks, name')}) counted
  GROUP BY listing, product_id HAVING SUM(impressions) > 0
  ORDER BY listing COLLATE "C", ctr DESC, impressions DESC, product_id COLLATE "C"`;

const RESULT_SETS = `
  SELECT listing, SUM(result_sets)::int AS "resultSets", SUM(empty)::int AS empty
  FROM (${counted(AGGREGATES.resultSets, 'listing, result_sets, empty')}) counted
  GROUP BY listing HAVING SUM(result_sets) > 0
  ORDER BY listing COLLATE "C"`;

// p75 by nearest rank: the smallest value whose running count reaches rank ceil(0.75 n).
const VITALS = `
  WITH vals AS (
    SELECT device_class, metric, value, SUM(samples)::int AS n
    FROM (${counted(AGGREGATES.vitals, 'device_class, metric, value, samples')}) counted
    GROUP BY device_class, metric, value HAVING SUM(samples) > 0
  ),
  ranked AS (
    SELECT device_class, metric, value,
           SUM(n) OVER (PARTITION BY device_class, metric ORDER BY value ROWS UNBOUNDED PRECEDING)::int AS upto,
           SUM(n) OVER (PARTITION BY device_class, metric)::int AS samples
    FROM vals
  )
  SELECT device_class AS "deviceClass", metric, MIN(value) AS p75, samples FROM ranked
  WHERE upto >= (3 * samples + 3) / 4
  GROUP BY device_class, metric, samples
  ORDER BY device_class COLLATE "C", metric COLLATE "C"`;

const EMPTY_FILTERS = `
  SELECT listing, param, param_value AS value, SUM(result_sets)::int AS "resultSets", SUM(empty)::int AS empty
  FROM (${counted(AGGREGATES.emptyFilters, 'listing, param, param_value, result_sets, empty')}) counted
  GROUP BY listing, param, param_value HAVING SUM(empty) > 0
  ORDER BY listing COLLATE "C", param COLLATE "C", param_value COLLATE "C"`;

const CONVERSIONS = `
  SELECT CASE WHEN position = 0 THEN NULL ELSE listing END AS listing, position, product_id AS "productId", SUM(adds)::int AS adds, SUM(purchases)::int AS purchases,
         SUM(units)::int AS units, (SUM(revenue_milli) / 1000.0)::float8 AS revenue, MAX(currency COLLATE "C") AS currency
  FROM (${counted(AGGREGATES.conversions, 'listing, position, product_id, adds, purchases, units, revenue_milli, currency')}) counted
  GROUP BY listing, position, product_id HAVING SUM(adds) > 0 OR SUM(purchases) > 0
  ORDER BY listing COLLATE "C" NULLS FIRST, position, product_id COLLATE "C"`;

/** Runs the report's queries for one shop over [from, to). */
export async function postgresReport(
  pool: pg.Pool,
  shop: string,
  from: string,
  to: string,
  fromEvents = false,
): Promise<ReportRows> {
  const { dayFrom, dayTo, edges } = splitPeriod(from, to, fromEvents);
  const params = [shop, dayFrom, dayTo, ...edges.flat()];
  const answers = await Promise.all(
    [POSITIONS, PRODUCTS, RESULT_SETS, VITALS, EMPTY_FILTERS, CONVERSIONS].map((sql) =>
      limitedQuery(pool, sql, params),
    ),
  );
  return reportRowsOf(answers.map((answer) => answer.rows));
}

/**
 * Longest one report query may run on the server. Below the client's own 10 s wait, so that the
 * database cancels the query itself (the client giving up would leave it running) and the answer
 * can say why, instead of reading like an outage.
 */
export const REPORT_QUERY_LIMIT_MS = 8000;

/** PostgreSQL's code for a statement cancelled by its time limit. */
const QUERY_CANCELED = '57014';

/** Runs one report query in its own read-only transaction, cancelled by the server after `limitMs`. */
export async function limitedQuery(pool: pg.Pool, sql: string, params: unknown[], limitMs = REPORT_QUERY_LIMIT_MS) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(limitMs))}`);
    const answer = await client.query(sql, params);
    await client.query('COMMIT');
    return answer;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if ((error as { code?: unknown }).code === QUERY_CANCELED)
      throw new HttpError(
        503,
        `the report did not finish within ${limitMs / 1000} s: a period given with times counts the events of its first and last days; ask for whole days (from and to as dates) to read only the daily sums`,
      );
    throw error;
  } finally {
    client.release();
  }
}
