import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { AnalyticsEvent, IdentityMetadata, StoredEvent } from './types.js';

/** Which stored events to list; `limit` keeps the latest ones (still returned oldest first). */
export interface EventFilter {
  shopId?: string;
  visitor?: string;
  event?: string;
  /** An event id; two shops may each have stored one under it. */
  id?: string;
  limit?: number;
}

/** The service's SQLite storage of identities and events. */
export interface AnalyticsStore {
  /** Records a visitor of a shop, keeping when it was first and last seen. */
  recordIdentity(shopId: string, sub: string, metadata: IdentityMetadata | undefined): void;
  /** Stores an event once per shop and id; a repeat for the same shop is reported as a duplicate and not stored. */
  insertEvent(shopId: string, visitorId: string | null, event: AnalyticsEvent): { duplicate: boolean };
  /** Runs `work` in one transaction (all of a batch is stored, or none of it). */
  transaction<T>(work: () => T): T;
  /** Lists stored events in receipt order. */
  list(filter: EventFilter): StoredEvent[];
  /** True when the database answers `select 1`. */
  ping(): boolean;
  /** Empties events and identities (the local stack's reset control). */
  reset(): void;
  /** Closes the database. */
  close(): void;
}

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
`;

/**
 * The schema version kept in SQLite's `user_version`. 0 is the first release, whose `events.id` was
 * unique across all shops and kept the case the client sent; 1 keys events on (shop, lower-case id).
 */
const SCHEMA_VERSION = 1;

interface EventRow {
  id: string;
  shop_id: string;
  visitor_id: string | null;
  body: string;
  received_at: string;
}

/** Opens (creating when needed) the database at `dbPath`; `':memory:'` keeps it in memory. */
export function openAnalyticsStore(dbPath: string, now: () => number): AnalyticsStore {
  if (dbPath !== ':memory:') mkdirSync(dirname(dbPath), { recursive: true });
  const db = new Database(dbPath);
  // WAL lets support staff read the file while the stack writes; busy_timeout rides out their locks.
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 2000');
  migrate(db);

  const upsertIdentity = db.prepare(`
    INSERT INTO identities (shop_id, sub, metadata, first_seen, last_seen) VALUES (@shop, @sub, @metadata, @at, @at)
    ON CONFLICT (shop_id, sub) DO UPDATE SET
      last_seen = excluded.last_seen, metadata = COALESCE(excluded.metadata, identities.metadata)`);
  const insert = db.prepare(`
    INSERT OR IGNORE INTO events (id, shop_id, visitor_id, event, body, received_at)
    VALUES (@id, @shop, @visitor, @event, @body, @at)`);
  const select = db.prepare(`
    SELECT * FROM (
      SELECT receipt, id, shop_id, visitor_id, body, received_at FROM events
      WHERE (@shop IS NULL OR shop_id = @shop) AND (@visitor IS NULL OR visitor_id = @visitor)
        AND (@event IS NULL OR event = @event) AND (@id IS NULL OR id = @id)
      ORDER BY receipt DESC LIMIT @limit
    ) ORDER BY receipt ASC`);
  const receivedAt = (): string => new Date(now()).toISOString();

  return {
    recordIdentity(shopId, sub, metadata) {
      const json = metadata === undefined ? null : JSON.stringify(metadata);
      upsertIdentity.run({ shop: shopId, sub, metadata: json, at: receivedAt() });
    },
    insertEvent(shopId, visitorId, event) {
      const row = { id: event.id, shop: shopId, visitor: visitorId, event: event.event, body: JSON.stringify(event) };
      const { changes } = insert.run({ ...row, at: receivedAt() });
      return { duplicate: changes === 0 };
    },
    transaction: (work) => db.transaction(work)(),
    list(filter) {
      const params = {
        shop: filter.shopId ?? null,
        visitor: filter.visitor ?? null,
        event: filter.event ?? null,
        id: filter.id ?? null,
      };
      // SQLite reads a negative LIMIT as "no limit".
      const rows = select.all({ ...params, limit: filter.limit ?? -1 }) as EventRow[];
      return rows.map(toStoredEvent);
    },
    ping() {
      try {
        return db.prepare('select 1 as ok').get() !== undefined;
      } catch {
        return false;
      }
    },
    reset() {
      db.exec('DELETE FROM events; DELETE FROM identities;');
    },
    close() {
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

function toStoredEvent(row: EventRow): StoredEvent {
  const event = JSON.parse(row.body) as AnalyticsEvent;
  return {
    // The column, not the body: a migrated row keeps the id's original case in its body.
    id: row.id,
    seq: event.seq,
    shop_id: row.shop_id,
    visitor_id: row.visitor_id,
    event: event.event,
    data: event.data,
    url: event.url,
    timestamp: event.timestamp,
    environment: event.environment,
    received_at: row.received_at,
  };
}
