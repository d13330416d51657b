/** The privacy side of the PostgreSQL store (privacyStore.ts): erasure, export, retention, audit log. */
import type pg from 'pg';
import { auditEntry, auditFrom, type AuditEntry, type AuditRow, type PrivacyStore } from './privacyStore.js';
import { storedEvent } from './store.js';
import type { AnalyticsEvent, IdentityMetadata } from './types.js';

const ADD_AUDIT = `INSERT INTO audit_log (id, at, action, shop_id, actor, reference, events, identities)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;
const auditParams = (entry: AuditEntry): unknown[] => [
  entry.id,
  entry.at,
  entry.action,
  entry.shopId,
  entry.actor,
  entry.reference,
  entry.events,
  entry.identities,
];

/** Runs `work` in one transaction on a client of `pool`. */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The privacy store over a PostgreSQL pool (its table is schema version 3, postgresSchema.ts). */
export function postgresPrivacy(pool: pg.Pool): PrivacyStore {
  return {
    eraseVisitor: (shopId, visitorId, request) =>
      inTransaction(pool, async (client) => {
        // Waits for every insert in flight on any process to commit, and holds new ones back for the
        // moment the delete takes, so no event of the visitor acknowledged before it survives it.
        await client.query('LOCK TABLE events IN SHARE ROW EXCLUSIVE MODE');
        const events = await client.query(`DELETE FROM events WHERE shop_id = $1 AND visitor_id = $2`, [
          shopId,
          visitorId,
        ]);
        const identities = await client.query(`DELETE FROM identities WHERE shop_id = $1 AND sub = $2`, [
          shopId,
          visitorId,
        ]);
        const entry = auditEntry(request, 'erase', shopId, {
          events: events.rowCount ?? 0,
          identities: identities.rowCount ?? 0,
        });
        await client.query(ADD_AUDIT, auditParams(entry));
        return entry;
      }),
    async exportVisitor(shopId, visitorId, request) {
      const { rows } = await pool.query<{
        id: string;
        shop_id: string;
        visitor_id: string | null;
        body: AnalyticsEvent;
        received_at: Date;
      }>(
        `SELECT id, shop_id, visitor_id, body, received_at FROM events
         WHERE shop_id = $1 AND visitor_id = $2 ORDER BY receipt`,
        [shopId, visitorId],
      );
      const found = await pool.query<{ first_seen: Date; last_seen: Date; metadata: IdentityMetadata | null }>(
        `SELECT first_seen, last_seen, metadata FROM identities WHERE shop_id = $1 AND sub = $2`,
        [shopId, visitorId],
      );
      const events = rows.map((row) => storedEvent({ ...row, received_at: row.received_at.toISOString() }, row.body));
      const row = found.rows[0];
      const audit = auditEntry(request, 'export', shopId, { events: events.length, identities: row ? 1 : 0 });
      await pool.query(ADD_AUDIT, auditParams(audit));
      const identity = row
        ? { first_seen: row.first_seen.toISOString(), last_seen: row.last_seen.toISOString(), metadata: row.metadata }
        : null;
      return { identity, events, audit };
    },
    deleteBefore: (cutoff, limit) =>
      inTransaction(pool, async (client) => {
        const events = await client.query(
          `DELETE FROM events WHERE receipt IN (
             SELECT receipt FROM events WHERE received_at < $1 ORDER BY received_at LIMIT $2)`,
          [cutoff, limit],
        );
        const identities = await client.query(
          `DELETE FROM identities WHERE (shop_id, sub) IN (
             SELECT shop_id, sub FROM identities WHERE last_seen < $1 LIMIT $2)`,
          [cutoff, limit],
        );
        return { events: events.rowCount ?? 0, identities: identities.rowCount ?? 0 };
      }),
    async audit(entry) {
      await pool.query(ADD_AUDIT, auditParams(entry));
    },
    async auditLog(limit) {
      const { rows } = await pool.query<AuditRow>(`SELECT * FROM audit_log ORDER BY at DESC, n DESC LIMIT $1`, [limit]);
      return rows.map(auditFrom);
    },
  };
}
