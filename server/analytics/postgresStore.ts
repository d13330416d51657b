import pg from 'pg';
import { postgresReport } from './reportPostgres.js';
import { rebuildPostgresAggregates } from './reportPostgresAggregates.js';
import { migratePostgres } from './postgresSchema.js';
import { postgresPrivacy } from './privacyPostgres.js';
import {
  firstCopies,
  keyRecordFrom,
  originsByShop,
  storedEvent,
  type AnalyticsStore,
  type KeyRow,
  type NewEvent,
} from './store.js';
import type { AnalyticsEvent } from './types.js';
import { orderIdOf } from './attribution.js';

/** Options of the PostgreSQL store. */
export interface PostgresStoreOptions {
  /** Connections this process keeps open (default 8). */
  poolSize?: number;
}

interface EventRow {
  id: string;
  shop_id: string;
  visitor_id: string | null;
  body: AnalyticsEvent;
  received_at: Date;
}

// At most this many inserts run at once per process; rows that arrive meanwhile wait and go in the
// next statement together, so a busy process writes many small requests as few large inserts.
const CONCURRENT_WRITES = 4;
const MOST_ROWS_PER_WRITE = 2000;

const INSERT_EVENTS = `
  INSERT INTO events (id, shop_id, visitor_id, event, body, client_timestamp, received_at, order_id)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::timestamptz[], $7::timestamptz[], $8::text[])
  ON CONFLICT DO NOTHING
  RETURNING shop_id, id`;

/**
 * Connects to PostgreSQL at `url` (`postgres://user:pass@host:port/db`), runs the schema's pending
 * migrations and answers as the SQLite store does. Several processes may share one database: an
 * event is stored once per shop and id by the unique index, whichever process receives it.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<AnalyticsStore> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 8,
    connectionTimeoutMillis: 5000,
    // A dead database must not hold a request forever: the client retries elsewhere.
    query_timeout: 10_000,
  });
  // An idle connection that the server drops (a restart) is replaced, never thrown into the process.
  pool.on('error', (error) => console.warn(`[analytics] PostgreSQL connection lost: ${error.message}`));
  const limiterPool = openLimiterPool(url, options.poolSize ?? 8);
  try {
    const client = await pool.connect();
    try {
      await migratePostgres(client);
    } finally {
      client.release();
    }
  } catch (error) {
    // Not a pool left behind per failed attempt: the service tries again while the database is down.
    await pool.end().catch(() => undefined);
    await limiterPool.end().catch(() => undefined);
    throw error;
  }
  const writer = createWriter(pool);
  let closed = false;

  return {
    kind: 'postgres',
    limiterClient: { kind: 'postgres', pool: limiterPool },
    privacy: postgresPrivacy(pool),
    async recordIdentity(shopId, sub, metadata, at) {
      await pool.query(
        `INSERT INTO identities (shop_id, sub, metadata, first_seen, last_seen) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (shop_id, sub) DO UPDATE SET
           last_seen = excluded.last_seen, metadata = COALESCE(excluded.metadata, identities.metadata)`,
        [shopId, sub, metadata === undefined ? null : JSON.stringify(metadata), at],
      );
    },
    insertEvents: (rows) => writer(rows),
    async list(filter) {
      const { rows } = await pool.query<EventRow>(
        `SELECT * FROM (
           SELECT receipt, id, shop_id, visitor_id, body, received_at FROM events
           WHERE ($1::text IS NULL OR shop_id = $1) AND ($2::text IS NULL OR visitor_id = $2)
             AND ($3::text IS NULL OR event = $3) AND ($4::text IS NULL OR id = $4)
           ORDER BY receipt DESC LIMIT $5
         ) latest ORDER BY receipt ASC`,
        [filter.shopId ?? null, filter.visitor ?? null, filter.event ?? null, filter.id ?? null, filter.limit ?? null],
      );
      return rows.map((row) => storedEvent({ ...row, received_at: row.received_at.toISOString() }, row.body));
    },
    async report(shopId, from, to, options) {
      return postgresReport(pool, shopId, from, to, options?.fromEvents);
    },
    rebuildReport: (shopId) => rebuildPostgresAggregates(pool, shopId),
    async saveKey(key) {
      await pool.query(
        `INSERT INTO api_keys (id, shop_id, kind, label, hash, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [key.id, key.shopId, key.kind, key.label, key.hash, key.createdAt, key.revokedAt],
      );
    },
    async findKey(id) {
      const { rows } = await pool.query<KeyRow>(`SELECT * FROM api_keys WHERE id = $1`, [id]);
      return rows[0] && keyRecordFrom(rows[0]);
    },
    async listKeys(shopId) {
      const { rows } = await pool.query<KeyRow>(
        `SELECT * FROM api_keys WHERE ($1::text IS NULL OR shop_id = $1) ORDER BY created_at, id`,
        [shopId ?? null],
      );
      return rows.map(keyRecordFrom);
    },
    async revokeKey(id, at) {
      const { rowCount } = await pool.query(`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1`, [
        id,
        at,
      ]);
      return (rowCount ?? 0) > 0;
    },
    async setOrigins(shopId, origins) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`DELETE FROM shop_origins WHERE shop_id = $1`, [shopId]);
        await client.query(
          `INSERT INTO shop_origins (shop_id, origin) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
          [shopId, [...origins]],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async allOrigins() {
      const { rows } = await pool.query<{ shop_id: string; origin: string }>(
        `SELECT shop_id, origin FROM shop_origins ORDER BY shop_id, origin`,
      );
      return originsByShop(rows);
    },
    async announceKeys(processId, kids, at) {
      await pool.query(
        `INSERT INTO signing_key_holders (process_id, kids, seen_at) VALUES ($1, $2, $3)
         ON CONFLICT (process_id) DO UPDATE SET kids = excluded.kids, seen_at = excluded.seen_at`,
        [processId, [...kids], at],
      );
    },
    async heldKeys(since) {
      const { rows } = await pool.query<{ kids: string[] }>(
        `SELECT kids FROM signing_key_holders WHERE seen_at >= $1`,
        [since],
      );
      return rows.map((row) => row.kids);
    },
    async forgetKeys(processId) {
      await pool.query(`DELETE FROM signing_key_holders WHERE process_id = $1`, [processId]);
    },
    async ping() {
      if (closed) return false;
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async reset() {
      await pool.query('DELETE FROM events; DELETE FROM identities;');
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), limiterPool.end()]);
    },
  };
}

/**
 * The rate limits' own connections, half as many as the events' (at least 2). Their commits do not
 * wait for the disk (`synchronous_commit=off`): every request updates its shop's counter row, and a
 * row updated by durable commits takes one disk flush per update (about 800 a second here, against
 * 14,000 without). A crash of the database can forget the last few milliseconds of counts, nothing
 * else; events keep their durable commits on the other pool.
 */
function openLimiterPool(url: string, poolSize: number): pg.Pool {
  const given = new URL(url).searchParams.get('options');
  const limiterPool = new pg.Pool({
    connectionString: url,
    max: Math.max(2, Math.ceil(poolSize / 2)),
    connectionTimeoutMillis: 5000,
    query_timeout: 10_000,
    // Added to the URL's own options (a search_path, say), which an `options` setting would replace.
    options: [given, '-c synchronous_commit=off'].filter(Boolean).join(' '),
  });
  limiterPool.on('error', (error) => console.warn(`[analytics] PostgreSQL connection lost: ${error.message}`));
  return limiterPool;
}

interface Waiting {
  rows: readonly NewEvent[];
  resolve: (duplicates: boolean[]) => void;
  reject: (error: unknown) => void;
}

// Each request's rows stay together in one statement, so a batch is still stored whole or not at all.
function createWriter(pool: pg.Pool): (rows: readonly NewEvent[]) => Promise<boolean[]> {
  const waiting: Waiting[] = [];
  let running = 0;

  async function write(group: Waiting[]): Promise<void> {
    const all = group.flatMap((entry) => entry.rows);
    const { unique, repeat } = firstCopies(all);
    try {
      const { rows } = await pool.query<{ shop_id: string; id: string }>(INSERT_EVENTS, [
        unique.map((row) => row.event.id),
        unique.map((row) => row.shopId),
        unique.map((row) => row.visitorId),
        unique.map((row) => row.event.event),
        unique.map((row) => JSON.stringify(row.event)),
        // As an instant: PostgreSQL reads zone offsets up to 15:59 only, ISO 8601 allows 23:59.
        unique.map((row) => new Date(Date.parse(row.event.timestamp)).toISOString()),
        unique.map((row) => row.receivedAt),
        unique.map((row) => orderIdOf(row.event)),
      ]);
      const inserted = new Set(rows.map((row) => `${row.shop_id}\u0000${row.id}`));
      const duplicates = all.map((row, index) => repeat[index]! || !inserted.has(`${row.shopId}\u0000${row.event.id}`));
      let offset = 0;
      for (const entry of group) {
        entry.resolve(duplicates.slice(offset, offset + entry.rows.length));
        offset += entry.rows.length;
      }
    } catch (error) {
      for (const entry of group) entry.reject(error);
    }
  }

  function pump(): void {
    while (running < CONCURRENT_WRITES && waiting.length > 0) {
      const group: Waiting[] = [];
      let size = 0;
      while (waiting.length > 0 && (group.length === 0 || size + waiting[0]!.rows.length <= MOST_ROWS_PER_WRITE)) {
        const entry = waiting.shift()!;
        size += entry.rows.length;
        group.push(entry);
      }
      running += 1;
      void write(group).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  return (rows) =>
    rows.length === 0
      ? Promise.resolve([])
      : new Promise<boolean[]>((resolve, reject) => {
          waiting.push({ rows, resolve, reject });
          pump();
        });
}
