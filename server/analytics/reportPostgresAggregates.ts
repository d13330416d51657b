/**
 * The report's aggregate tables in PostgreSQL: created by schema version 4, kept by statement-level
 * triggers on `events` (each insert adds, each delete — erasure, retention — takes away, one
 * statement per batch) and rebuilt on demand.
 */
import type pg from 'pg';
import {
  AGGREGATE_LIST,
  AGGREGATES,
  FIRST_AGGREGATES,
  upsertCounts,
  WIDE_COUNTS,
  type Aggregate,
} from './reportAggregates.js';
import { postgresCounts } from './reportPostgresCounts.js';

const COLUMN_TYPES: Record<string, string> = {
  shop_id: 'text NOT NULL',
  day: 'date NOT NULL',
  // NULL when an old row has no page address: such rows are kept apart, as the report lists them.
  listing: 'text',
  position: 'float8 NOT NULL',
  param: 'text NOT NULL',
  param_value: 'text NOT NULL',
  product_id: 'text NOT NULL',
  device_class: 'text NOT NULL',
  metric: 'text NOT NULL',
  value: 'float8 NOT NULL',
  name: 'text',
  currency: 'text',
};

const table = ({ table: name, keys, counts, labels = [] }: Aggregate) => `
  CREATE TABLE ${name} (
    ${[...keys, ...labels].map((key) => `${key} ${COLUMN_TYPES[key]}`).join(', ')},
    ${counts.map((count) => `${count} ${WIDE_COUNTS.includes(count) ? 'bigint' : 'integer'} NOT NULL`).join(', ')},
    UNIQUE NULLS NOT DISTINCT (${keys.join(', ')})
  );`;

const upsertAll = (aggregates: readonly Aggregate[], source: string, sign: 1 | -1) =>
  aggregates
    .map((aggregate) => `${upsertCounts(aggregate, postgresCounts(aggregate, source), sign, ' COLLATE "C"')};`)
    .join('\n');

// The function each trigger runs: it counts every aggregate of `aggregates`.
const counter = (aggregates: readonly Aggregate[], when: 'INSERT' | 'DELETE') => {
  const rows = when === 'INSERT' ? 'added' : 'removed';
  return `
  CREATE OR REPLACE FUNCTION report_count_${rows}() RETURNS trigger LANGUAGE plpgsql AS $count$
  BEGIN
    ${upsertAll(aggregates, `${rows} e`, when === 'INSERT' ? 1 : -1)}
    RETURN NULL;
  END $count$;`;
};

const trigger = (when: 'INSERT' | 'DELETE') => {
  const rows = when === 'INSERT' ? 'added' : 'removed';
  return `
  ${counter(FIRST_AGGREGATES, when)}
  CREATE TRIGGER report_count_${rows} AFTER ${when} ON events
    REFERENCING ${when === 'INSERT' ? 'NEW' : 'OLD'} TABLE AS ${rows}
    FOR EACH STATEMENT EXECUTE FUNCTION report_count_${rows}();`;
};

/**
 * The SQL of schema version 4: the tables, the index the report's partial days read events by, the
 * triggers, and the counts of the events already stored. The triggers' SQL is written into the
 * database, so a change to what is counted is a new migration that re-creates them.
 */
export const POSTGRES_AGGREGATES_SQL = `
  CREATE INDEX IF NOT EXISTS events_by_shop_and_time ON events (shop_id, client_timestamp);
  ${FIRST_AGGREGATES.map(table).join('\n')}
  ${trigger('INSERT')}
  ${trigger('DELETE')}
  ${upsertAll(FIRST_AGGREGATES, 'events e', 1)}`;

/**
 * The SQL of schema version 5: each purchase's order id beside it, stored once per shop (a repeated
 * order is a duplicate, whichever way it came; a purchase stored before gets its order id, the first
 * of each order should one repeat), and the conversions' aggregate, counted by the same
 * triggers (their functions now count every aggregate) and from the conversions already stored.
 */
export const POSTGRES_CONVERSIONS_SQL = `
  ALTER TABLE events ADD COLUMN order_id text;
  UPDATE events SET order_id = body #>> '{data,metadata,order_id}' WHERE receipt IN (
    SELECT min(receipt) FROM events
    WHERE event = 'ecommerce:purchase' AND jsonb_typeof(body #> '{data,metadata,order_id}') = 'string'
    GROUP BY shop_id, body #>> '{data,metadata,order_id}');
  CREATE UNIQUE INDEX events_by_shop_and_order ON events (shop_id, order_id) WHERE order_id IS NOT NULL;
  ${table(AGGREGATES.conversions)}
  ${counter(AGGREGATE_LIST, 'INSERT')}
  ${counter(AGGREGATE_LIST, 'DELETE')}
  ${upsertAll([AGGREGATES.conversions], 'events e', 1)}`;

const REBUILD_TIMEOUT_MS = 6 * 3_600_000;

/**
 * Recounts the aggregates of one shop (or of all) from its events, in one transaction that holds
 * new events back meanwhile (a SHARE lock on `events`), so that none is counted twice or missed.
 */
export async function rebuildPostgresAggregates(pool: pg.Pool, shopId?: string): Promise<number> {
  const client = await pool.connect();
  const source = `(SELECT shop_id, client_timestamp, event, body FROM events WHERE $1::text IS NULL OR shop_id = $1) e`;
  try {
    await client.query('BEGIN');
    await client.query('LOCK TABLE events IN SHARE MODE');
    let rows = 0;
    for (const aggregate of AGGREGATE_LIST) {
      await client.query(`DELETE FROM ${aggregate.table} WHERE $1::text IS NULL OR shop_id = $1`, [shopId ?? null]);
      const written = await client.query({
        text: upsertCounts(aggregate, postgresCounts(aggregate, source), 1, ' COLLATE "C"'),
        values: [shopId ?? null],
        // Not the pool's limit for requests: a rebuild reads every event of the shop (minutes at 10 million).
        query_timeout: REBUILD_TIMEOUT_MS,
      } as pg.QueryConfig);
      rows += written.rowCount ?? 0;
    }
    await client.query('COMMIT');
    return rows;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
