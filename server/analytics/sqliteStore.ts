import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { firstCopies, keyRecordFrom, originsByShop, storedEvent, type AnalyticsStore, type KeyRow } from './store.js';
import { reportRowsOf, sqliteReport, sqliteReportParams, SQLITE_REPORT_QUERIES } from './reportSqlite.js';
import { clearSqliteAggregates, createSqliteAggregates, rebuildSqliteAggregates } from './reportSqliteAggregates.js';
import { openSqliteReader } from './sqliteReader.js';
import { orderIdOf } from './attribution.js';
import { AGGREGATES, FIRST_AGGREGATES } from './reportAggregates.js';
import { sqlitePrivacy } from './privacySqlite.js';
import type { AnalyticsEvent } from './types.js';

// The same event id may come from two shops (ids are minted by each shop's clients), so an event is
// one per (shop, id): the unique index below, never a unique id column.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS identities (
    shop_id TEXT NOT NULL,
    sub TEXT NOT NULL,
    metadata TEXT,
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL,
    PRIMARY KEY (shop_id, sub)
  );
  -- AUTOINCREMENT so receipt numbers never repeat, even after a reset.
  CREATE TABLE IF NOT EXISTS events (
    receipt INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL,
    shop_id TEXT NOT NULL,
    visitor_id TEXT,
    event TEXT NOT NULL,
    body TEXT NOT NULL,
    received_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS events_by_shop_and_id ON events (shop_id, id);
  CREATE INDEX IF NOT EXISTS events_by_id ON events (id);
  CREATE INDEX IF NOT EXISTS events_by_shop ON events (shop_id, receipt);
  -- Which signing keys each process verifies (space-separated key ids), so that none signs with a
  -- key another process does not have yet. Created by every version, as it holds nothing to migrate.
  CREATE TABLE IF NOT EXISTS signing_key_holders (
    process_id TEXT PRIMARY KEY,
    kids TEXT NOT NULL,
    seen_at TEXT NOT NULL
  );
  -- Rate-limit counters, in the shape rate-limiter-flexible's SQLite store reads and writes.
  CREATE TABLE IF NOT EXISTS rate_limits (
    key TEXT PRIMARY KEY,
    points INTEGER NOT NULL DEFAULT 0,
    expire INTEGER
  );
`;

// Version 2: the client's timestamp beside the receipt time, issued keys (hashed) and allowed origins.
const SCHEMA_2 = `
  ALTER TABLE events ADD COLUMN client_timestamp TEXT;
  UPDATE events SET client_timestamp = json_extract(body, '$.timestamp');
  CREATE TABLE IF NOT EXISTS api_keys (
    id TEXT PRIMARY KEY,
    shop_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('read', 'server')),
    label TEXT NOT NULL,
    hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE TABLE IF NOT EXISTS shop_origins (
    shop_id TEXT NOT NULL,
    origin TEXT NOT NULL,
    PRIMARY KEY (shop_id, origin)
  );
`;

// Version 4: each purchase's order id, stored once per shop (a repeated order is a duplicate). A
// purchase stored before carries its order id too (the first of each order, should one repeat).
const ORDER_ID = `json_extract(body, '$.data.metadata.order_id')`;
const SCHEMA_4 = `
  ALTER TABLE events ADD COLUMN order_id TEXT;
  UPDATE events SET order_id = ${ORDER_ID} WHERE receipt IN (
    SELECT MIN(receipt) FROM events
    WHERE event = 'ecommerce:purchase' AND json_type(body, '$.data.metadata.order_id') = 'text'
    GROUP BY shop_id, ${ORDER_ID});
  CREATE UNIQUE INDEX IF NOT EXISTS events_by_shop_and_order ON events (shop_id, order_id) WHERE order_id IS NOT NULL;
`;

/**
 * The schema version kept in SQLite's `user_version`. 0 is the first release, whose `events.id` was
 * unique across all shops and kept the case the client sent; 1 keys events on (shop, lower-case id);
 * 2 adds the client's timestamp column, keys and origins; 3 the report's aggregates and their triggers;
 * 4 purchases' order ids and the conversions' aggregate.
 */
const SCHEMA_VERSION = 4;

interface EventRow {
  id: string;
  shop_id: string;
  visitor_id: string | null;
  body: string;
  received_at: string;
}

/** Opens (creating when needed) the SQLite database at `dbPath`; `':memory:'` keeps it in memory. */
export function openSqliteStore(dbPath: string): AnalyticsStore {
  if (dbPath !== ':memory:') mkdirSync(dirname(dbPath), { recursive: true });
  const db = new Database(dbPath);
  // WAL lets support staff read the file while the stack writes; busy_timeout rides out their locks.
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 2000');
  migrate(db);
  // A file's reports run on a worker's own connection; an in-memory database exists only here.
  const reader = dbPath === ':memory:' ? undefined : openSqliteReader(dbPath);

  const upsertIdentity = db.prepare(`
    INSERT INTO identities (shop_id, sub, metadata, first_seen, last_seen) VALUES (@shop, @sub, @metadata, @at, @at)
    ON CONFLICT (shop_id, sub) DO UPDATE SET
      last_seen = excluded.last_seen, metadata = COALESCE(excluded.metadata, identities.metadata)`);
  const insert = db.prepare(`
    INSERT OR IGNORE INTO events (id, shop_id, visitor_id, event, body, client_timestamp, received_at, order_id)
    VALUES (@id, @shop, @visitor, @event, @body, @timestamp, @at, @order)`);
  const select = db.prepare(`
    SELECT * FROM (
      SELECT receipt, id, shop_id, visitor_id, body, received_at FROM events
      WHERE (@shop IS NULL OR shop_id = @shop) AND (@visitor IS NULL OR visitor_id = @visitor)
        AND (@event IS NULL OR event = @event) AND (@id IS NULL OR id = @id)
      ORDER BY receipt DESC LIMIT @limit
    ) ORDER BY receipt ASC`);
  const insertAll = db.transaction((rows: Parameters<AnalyticsStore['insertEvents']>[0]) => {
    const { unique, repeat } = firstCopies(rows);
    const stored = new Map(
      unique.map((row) => {
        const { event } = row;
        const params = { id: event.id, shop: row.shopId, visitor: row.visitorId, event: event.event };
        const body = JSON.stringify(event);
        const timestamp = new Date(Date.parse(event.timestamp)).toISOString();
        const order = orderIdOf(event);
        const { changes } = insert.run({ ...params, body, timestamp, at: row.receivedAt, order });
        return [row, changes > 0] as const;
      }),
    );
    return rows.map((row, index) => repeat[index]! || !stored.get(row));
  });

  return {
    kind: 'sqlite',
    limiterClient: { kind: 'sqlite', db },
    privacy: sqlitePrivacy(db),
    async recordIdentity(shopId, sub, metadata, at) {
      const json = metadata === undefined ? null : JSON.stringify(metadata);
      upsertIdentity.run({ shop: shopId, sub, metadata: json, at });
    },
    insertEvents: async (rows) => insertAll(rows),
    async list(filter) {
      const params = {
        shop: filter.shopId ?? null,
        visitor: filter.visitor ?? null,
        event: filter.event ?? null,
        id: filter.id ?? null,
      };
      // SQLite reads a negative LIMIT as "no limit".
      const rows = select.all({ ...params, limit: filter.limit ?? -1 }) as EventRow[];
      return rows.map((row) => storedEvent(row, JSON.parse(row.body) as AnalyticsEvent));
    },
    async report(shopId, from, to, options) {
      if (!reader || options?.fromEvents) return sqliteReport(db, shopId, from, to, options?.fromEvents);
      const params = sqliteReportParams(shopId, from, to);
      return reportRowsOf(await reader.all(SQLITE_REPORT_QUERIES, params));
    },
    async rebuildReport(shopId) {
      return rebuildSqliteAggregates(db, shopId);
    },
    async saveKey(key) {
      db.prepare(
        `INSERT INTO api_keys (id, shop_id, kind, label, hash, created_at, revoked_at)
         VALUES (@id, @shopId, @kind, @label, @hash, @createdAt, @revokedAt)`,
      ).run(key);
    },
    async findKey(id) {
      const row = db.prepare(`SELECT * FROM api_keys WHERE id = ?`).get(id) as KeyRow | undefined;
      return row && keyRecordFrom(row);
    },
    async listKeys(shopId) {
      const rows = db
        .prepare(`SELECT * FROM api_keys WHERE (@shop IS NULL OR shop_id = @shop) ORDER BY created_at, id`)
        .all({ shop: shopId ?? null }) as KeyRow[];
      return rows.map(keyRecordFrom);
    },
    async revokeKey(id, at) {
      const { changes } = db
        .prepare(`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, @at) WHERE id = @id`)
        .run({ id, at });
      return changes > 0;
    },
    async setOrigins(shopId, origins) {
      db.transaction(() => {
        db.prepare(`DELETE FROM shop_origins WHERE shop_id = ?`).run(shopId);
        const add = db.prepare(`INSERT OR IGNORE INTO shop_origins (shop_id, origin) VALUES (?, ?)`);
        for (const origin of origins) add.run(shopId, origin);
      })();
    },
    async allOrigins() {
      const rows = db.prepare(`SELECT shop_id, origin FROM shop_origins ORDER BY shop_id, origin`).all() as Array<{
        shop_id: string;
        origin: string;
      }>;
      return originsByShop(rows);
    },
    async announceKeys(processId, kids, at) {
      db.prepare(
        `INSERT INTO signing_key_holders (process_id, kids, seen_at) VALUES (?, ?, ?)
         ON CONFLICT (process_id) DO UPDATE SET kids = excluded.kids, seen_at = excluded.seen_at`,
      ).run(processId, kids.join(' '), at);
    },
    async heldKeys(since) {
      const rows = db.prepare(`SELECT kids FROM signing_key_holders WHERE seen_at >= ?`).all(since) as Array<{
        kids: string;
      }>;
      return rows.map((row) => row.kids.split(' '));
    },
    async forgetKeys(processId) {
      db.prepare(`DELETE FROM signing_key_holders WHERE process_id = ?`).run(processId);
    },
    async ping() {
      try {
        return db.prepare('select 1 as ok').get() !== undefined;
      } catch {
        return false;
      }
    },
    async reset() {
      db.exec('DELETE FROM events; DELETE FROM identities;');
      clearSqliteAggregates(db);
    },
    async close() {
      await reader?.close();
      if (db.open) db.close();
    },
  };
}

/**
 * Brings a database file of any earlier version to the current schema, in one transaction so that a
 * crash half-way leaves the old file as it was.
 */
function migrate(db: Database.Database): void {
  // IMMEDIATE takes the write lock before the version is read, so two services opening one old file
  // at once cannot both decide to rebuild it: the second waits, then finds it already done.
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    const hasEvents = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'`).get();
    if (hasEvents && version < 1) rebuildEventsKeyedByShop(db);
    db.exec(SCHEMA);
    if (version < 2) db.exec(SCHEMA_2);
    if (version < 3) createSqliteAggregates(db, FIRST_AGGREGATES);
    if (version < 4) {
      db.exec(SCHEMA_4);
      createSqliteAggregates(db, [AGGREGATES.conversions]);
    }
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

// SQLite cannot drop a column's UNIQUE constraint, so the table is copied into the new shape. A
// renamed table keeps its indexes and their names, so they are dropped for the copy to get its own.
// Ids are lower-cased on the way, as new ones are on arrival; of two rows that become one (same shop,
// ids differing only in case) the first received is kept, as it would have been had both arrived today.
function rebuildEventsKeyedByShop(db: Database.Database): void {
  const sequence = db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'events'`).get() as
    { seq: number } | undefined;
  db.exec(`
    ALTER TABLE events RENAME TO events_before_shop_ids;
    DROP INDEX IF EXISTS events_by_shop;
    DROP INDEX IF EXISTS events_by_shop_and_id;
    DROP INDEX IF EXISTS events_by_id;
  `);
  db.exec(SCHEMA);
  db.exec(`
    INSERT OR IGNORE INTO events (receipt, id, shop_id, visitor_id, event, body, received_at)
      SELECT receipt, lower(id), shop_id, visitor_id, event, body, received_at
      FROM events_before_shop_ids ORDER BY receipt;
    DROP TABLE events_before_shop_ids;
  `);
  // Receipt numbers must keep counting past rows deleted before the migration (a reset, say).
  if (sequence) {
    const { changes } = db
      .prepare(`UPDATE sqlite_sequence SET seq = max(seq, @seq) WHERE name = 'events'`)
      .run({ seq: sequence.seq });
    if (changes === 0) db.prepare(`INSERT INTO sqlite_sequence (name, seq) VALUES ('events', @seq)`).run(sequence);
  }
}
