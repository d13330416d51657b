import type { PoolClient, QueryConfig } from 'pg';
import { POSTGRES_AGGREGATES_SQL, POSTGRES_CONVERSIONS_SQL } from './reportPostgresAggregates.js';

/** One versioned step of the PostgreSQL schema; steps run in order, each once, in one transaction. */
interface Migration {
  version: number;
  name: string;
  sql: string;
}

// Append only: a step that has run anywhere is never edited, a change is a new step.
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'identities, events keyed by shop and id, keys, origins',
    sql: `
      CREATE TABLE identities (
        shop_id text NOT NULL,
        sub text NOT NULL,
        metadata jsonb,
        first_seen timestamptz NOT NULL,
        last_seen timestamptz NOT NULL,
        PRIMARY KEY (shop_id, sub)
      );
      -- receipt gives the order of receipt; the same id from two shops is two events.
      CREATE TABLE events (
        receipt bigserial PRIMARY KEY,
        id text NOT NULL,
        shop_id text NOT NULL,
        visitor_id text,
        event text NOT NULL,
        body jsonb NOT NULL,
        client_timestamp timestamptz NOT NULL,
        received_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX events_by_shop_and_id ON events (shop_id, id);
      CREATE INDEX events_by_id ON events (id);
      CREATE INDEX events_by_shop ON events (shop_id, receipt);
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        shop_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('read', 'server')),
        label text NOT NULL,
        hash text NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE TABLE shop_origins (
        shop_id text NOT NULL,
        origin text NOT NULL,
        PRIMARY KEY (shop_id, origin)
      );
    `,
  },
  {
    version: 2,
    name: 'the signing keys each process verifies; rate-limit counters',
    sql: `
      -- So that no process signs with a key another process does not verify yet (a key roll).
      CREATE TABLE signing_key_holders (
        process_id text PRIMARY KEY,
        kids text[] NOT NULL,
        seen_at timestamptz NOT NULL
      );
      -- Shared by every process, in the shape rate-limiter-flexible's PostgreSQL store reads and writes.
      CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
    `,
  },
  {
    version: 3,
    name: 'the audit log of erasures, exports and retention; indexes for erasure and retention',
    sql: `
      CREATE TABLE IF NOT EXISTS audit_log (
        id text PRIMARY KEY,
        -- The order entries were written in, for those written in the same instant.
        n bigserial NOT NULL,
        at timestamptz NOT NULL,
        action text NOT NULL CHECK (action IN ('erase', 'export', 'retention')),
        shop_id text,
        actor text NOT NULL,
        reference text,
        events integer NOT NULL,
        identities integer NOT NULL
      );
      CREATE INDEX IF NOT EXISTS events_by_visitor ON events (shop_id, visitor_id);
      CREATE INDEX IF NOT EXISTS events_by_receipt_time ON events (received_at);
      CREATE INDEX IF NOT EXISTS identities_by_last_seen ON identities (last_seen);
    `,
  },
  {
    version: 4,
    name: "the report's aggregates by day, kept by triggers on events",
    sql: POSTGRES_AGGREGATES_SQL,
  },
  {
    version: 5,
    name: 'order ids stored once per shop; the conversions aggregate',
    sql: POSTGRES_CONVERSIONS_SQL,
  },
];

const MIGRATION_TIMEOUT_MS = 6 * 3_600_000;

/** The newest schema version this build knows. */
export const POSTGRES_SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/**
 * Brings the database to the newest schema. An advisory lock makes processes that start together
 * take turns: the first runs what is missing, the others then find nothing left to do. A database
 * already past this build's newest version (a newer build ran) is refused rather than guessed at. A
 * database already up to date is changed in nothing, so a role without the right to create (the
 * service's, see deploy/postgres) starts over one its owner migrated.
 */
export async function migratePostgres(client: PoolClient): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('aisle-analytics-schema'))`);
    // Only created when missing: the service's own least-privileged role may not create anything, and
    // PostgreSQL refuses even CREATE … IF NOT EXISTS without the right to create.
    const { rows: found } = await client.query<{ exists: boolean }>(
      `SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`,
    );
    if (!found[0]?.exists) {
      await client.query(`CREATE TABLE schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    }
    const { rows } = await client.query<{ version: number }>(
      `SELECT coalesce(max(version), 0) AS version FROM schema_migrations`,
    );
    const current = Number(rows[0]?.version ?? 0);
    if (current > POSTGRES_SCHEMA_VERSION) {
      throw new Error(
        `the analytics database is at schema version ${current}, newer than this build's ${POSTGRES_SCHEMA_VERSION}: run a newer build`,
      );
    }
    for (const step of MIGRATIONS.filter((migration) => migration.version > current)) {
      // Not the pool's limit for requests: a step may count every stored event (the report's aggregates).
      await client.query({ text: step.sql, query_timeout: MIGRATION_TIMEOUT_MS } as QueryConfig);
      await client.query(`INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, [step.version, step.name]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
