/** The privacy side of the SQLite store (privacyStore.ts): erasure, export, retention, audit log. */
import type Database from 'better-sqlite3';
import { auditEntry, auditFrom, type AuditRow, type PrivacyStore } from './privacyStore.js';
import { storedEvent } from './store.js';
import type { AnalyticsEvent } from './types.js';

// Created when the store opens, idempotent: an erasure finds a visitor's rows by index, and
// retention the oldest by receipt time.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS audit_log (
    id TEXT PRIMARY KEY,
    at TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('erase', 'export', 'retention')),
    shop_id TEXT,
    actor TEXT NOT NULL,
    reference TEXT,
    events INTEGER NOT NULL,
    identities INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS events_by_visitor ON events (shop_id, visitor_id);
  CREATE INDEX IF NOT EXISTS events_by_receipt_time ON events (received_at);
  CREATE INDEX IF NOT EXISTS identities_by_last_seen ON identities (last_seen);
`;

/** An event row as SQLite returns it: the listed columns and the body as JSON text. */
type EventRow = Parameters<typeof storedEvent>[0] & { body: string };

/** The privacy store over an open SQLite database (its tables are created when missing). */
export function sqlitePrivacy(db: Database.Database): PrivacyStore {
  db.exec(SCHEMA);
  const addAudit = db.prepare(`
    INSERT INTO audit_log (id, at, action, shop_id, actor, reference, events, identities)
    VALUES (@id, @at, @action, @shopId, @actor, @reference, @events, @identities)`);
  const erase = db.transaction((shopId: string, visitorId: string) => {
    const events = db.prepare(`DELETE FROM events WHERE shop_id = ? AND visitor_id = ?`).run(shopId, visitorId);
    const identities = db.prepare(`DELETE FROM identities WHERE shop_id = ? AND sub = ?`).run(shopId, visitorId);
    return { events: events.changes, identities: identities.changes };
  });
  return {
    async eraseVisitor(shopId, visitorId, request) {
      return db.transaction(() => {
        const entry = auditEntry(request, 'erase', shopId, erase(shopId, visitorId));
        addAudit.run(entry);
        return entry;
      })();
    },
    async exportVisitor(shopId, visitorId, request) {
      const rows = db
        .prepare(
          `SELECT id, shop_id, visitor_id, body, received_at FROM events
           WHERE shop_id = ? AND visitor_id = ? ORDER BY receipt`,
        )
        .all(shopId, visitorId) as EventRow[];
      const identity = db
        .prepare(`SELECT first_seen, last_seen, metadata FROM identities WHERE shop_id = ? AND sub = ?`)
        .get(shopId, visitorId) as { first_seen: string; last_seen: string; metadata: string | null } | undefined;
      const events = rows.map((row) => storedEvent(row, JSON.parse(row.body) as AnalyticsEvent));
      const audit = auditEntry(request, 'export', shopId, { events: events.length, identities: identity ? 1 : 0 });
      addAudit.run(audit);
      return {
        identity: identity ? { ...identity, metadata: identity.metadata ? JSON.parse(identity.metadata) : null } : null,
        events,
        audit,
      };
    },
    async deleteBefore(cutoff, limit) {
      return db.transaction(() => {
        const events = db
          .prepare(
            `DELETE FROM events WHERE receipt IN (SELECT receipt FROM events WHERE received_at < ? ORDER BY received_at LIMIT ?)`,
          )
          .run(cutoff, limit);
        const identities = db
          .prepare(`DELETE FROM identities WHERE rowid IN (SELECT rowid FROM identities WHERE last_seen < ? LIMIT ?)`)
          .run(cutoff, limit);
        return { events: events.changes, identities: identities.changes };
      })();
    },
    async audit(entry) {
      addAudit.run(entry);
    },
    async auditLog(limit) {
      const rows = db.prepare(`SELECT * FROM audit_log ORDER BY at DESC, rowid DESC LIMIT ?`).all(limit) as AuditRow[];
      return rows.map(auditFrom);
    },
  };
}
