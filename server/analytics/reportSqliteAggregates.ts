/**
 * The report's aggregate tables in SQLite: created by schema version 3, kept by triggers on `events`
 * (every insert adds, every delete — erasure, retention, reset — takes away) and rebuilt on demand.
 */
import type Sqlite from 'better-sqlite3';
import { AGGREGATE_LIST, upsertCounts, type Aggregate } from './reportAggregates.js';
import { sqliteCounts } from './reportSqliteCounts.js';

const COLUMN_TYPES: Record<string, string> = {
  shop_id: 'TEXT NOT NULL',
  day: 'TEXT NOT NULL',
  // NULL when an old row has no page address: such rows are kept apart, as the report lists them.
  listing: 'TEXT',
  position: 'REAL NOT NULL',
  param: 'TEXT NOT NULL',
  param_value: 'TEXT NOT NULL',
  product_id: 'TEXT NOT NULL',
  device_class: 'TEXT NOT NULL',
  metric: 'TEXT NOT NULL',
  value: 'REAL NOT NULL',
  name: 'TEXT',
  currency: 'TEXT',
};

const table = ({ table: name, keys, counts, labels = [] }: Aggregate) => `
  CREATE TABLE IF NOT EXISTS ${name} (
    ${[...keys, ...labels].map((key) => `${key} ${COLUMN_TYPES[key]}`).join(', ')},
    ${counts.map((count) => `${count} INTEGER NOT NULL`).join(', ')},
    PRIMARY KEY (${keys.join(', ')})
  )`;

const row = (which: 'NEW' | 'OLD') =>
  `(SELECT ${which}.shop_id AS shop_id, ${which}.client_timestamp AS client_timestamp, ${which}.event AS event, ${which}.body AS body) e`;

const trigger = (aggregate: Aggregate, when: 'INSERT' | 'DELETE') => {
  const which = when === 'INSERT' ? 'NEW' : 'OLD';
  const events = aggregate.events.map((name) => `'${name}'`).join(', ');
  return `
    CREATE TRIGGER IF NOT EXISTS ${aggregate.table}_on_${when.toLowerCase()} AFTER ${when} ON events
    WHEN ${which}.event IN (${events})
    BEGIN ${upsertCounts(aggregate, sqliteCounts(aggregate, row(which)), when === 'INSERT' ? 1 : -1)}; END`;
};

/**
 * Creates the tables of `aggregates`, the index the report's partial days read events by, and the
 * triggers, then counts the events already stored. Schema version 3 created the first five, version 4
 * the conversions': the triggers' SQL is written into the file, so a change to what is counted is a new
 * schema version that drops and re-creates them.
 */
export function createSqliteAggregates(db: Sqlite.Database, aggregates: readonly Aggregate[] = AGGREGATE_LIST): void {
  db.exec(`CREATE INDEX IF NOT EXISTS events_by_shop_and_time ON events (shop_id, client_timestamp)`);
  for (const aggregate of aggregates) {
    db.exec(table(aggregate));
    db.exec(trigger(aggregate, 'INSERT'));
    db.exec(trigger(aggregate, 'DELETE'));
  }
  rebuildSqliteAggregates(db, undefined, aggregates);
}

/**
 * Recounts the aggregates of one shop (or of all) from its events, in one write transaction: ingest
 * waits for it (a minute or so per 10 million events), so run it when the service is quiet.
 */
export function rebuildSqliteAggregates(
  db: Sqlite.Database,
  shopId?: string,
  aggregates: readonly Aggregate[] = AGGREGATE_LIST,
): number {
  const shop = { shop: shopId ?? null };
  const source = `(SELECT shop_id, client_timestamp, event, body FROM events WHERE @shop IS NULL OR shop_id = @shop) e`;
  return db
    .transaction(() => {
      let rows = 0;
      for (const aggregate of aggregates) {
        db.prepare(`DELETE FROM ${aggregate.table} WHERE @shop IS NULL OR shop_id = @shop`).run(shop);
        rows += db.prepare(upsertCounts(aggregate, sqliteCounts(aggregate, source), 1)).run(shop).changes;
      }
      return rows;
    })
    .immediate();
}

/** Empties every aggregate (the local stack's reset, after its events are gone). */
export function clearSqliteAggregates(db: Sqlite.Database): void {
  for (const aggregate of AGGREGATE_LIST) db.exec(`DELETE FROM ${aggregate.table}`);
}
