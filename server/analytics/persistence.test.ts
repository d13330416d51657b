import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleEvent, startTestService } from './testing/testServer.js';

const SECRET = 'persistence-test-secret-long-enough-for-hs256';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'aisle-analytics-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('file storage', () => {
  it('keeps events, identities and de-duplication across service instances', async () => {
    const dbPath = join(dir, 'nested', 'analytics.sqlite');
    const first = await startTestService({ dbPath, secret: SECRET });
    const token = await first.identify('outdoor', 'visitor-1');
    const event = sampleEvent();
    await first.call('/v3/event', { token, json: event });
    await first.stop();

    const second = await startTestService({ dbPath, secret: SECRET });
    try {
      expect(await second.service.stored('outdoor')).toEqual([
        expect.objectContaining({ id: event.id, visitor_id: 'visitor-1' }),
      ]);
      expect((await second.call('/v3/event', { token, json: event })).body).toEqual({ id: event.id, duplicate: true });
      const next = sampleEvent({ seq: 1 });
      await second.call('/v3/event', { token, json: next });
      expect((await second.service.stored()).map((stored) => stored.id)).toEqual([event.id, next.id]);
    } finally {
      await second.stop();
    }

    const db = new Database(dbPath, { readonly: true });
    const identities = db.prepare('SELECT shop_id, sub, first_seen, last_seen FROM identities').all();
    db.close();
    expect(identities).toEqual([expect.objectContaining({ shop_id: 'outdoor', sub: 'visitor-1' })]);
  });

  it('starts on a database made by the schema that had ids unique across shops, and keeps ids per shop', async () => {
    const dbPath = join(dir, 'analytics.sqlite');
    const old = new Database(dbPath);
    old.exec(OLD_SCHEMA);
    const first = sampleEvent();
    const second = sampleEvent({ seq: 1 });
    const insert = old.prepare(
      `INSERT INTO events (id, shop_id, visitor_id, event, body, received_at) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    // The old service kept ids in the case the client sent them.
    for (const event of [{ ...first, id: (first.id as string).toUpperCase() }, second]) {
      insert.run(event.id, 'outdoor', 'visitor-1', event.event, JSON.stringify(event), '2024-05-01T10:00:00.000Z');
    }
    // A reset empties the table but the receipt counter must keep counting past what was deleted.
    old.exec(`DELETE FROM events WHERE id = '${second.id as string}'`);
    old.close();

    const svc = await startTestService({ dbPath, secret: SECRET });
    try {
      expect(await svc.service.stored('outdoor')).toEqual([
        expect.objectContaining({ id: first.id, visitor_id: 'visitor-1' }),
      ]);
      const outdoor = await svc.identify('outdoor');
      const garden = await svc.identify('garden');
      expect((await svc.call('/v3/event', { token: garden, json: first })).body).toEqual({
        id: first.id,
        duplicate: false,
      });
      expect((await svc.call('/v3/event', { token: outdoor, json: first })).body).toEqual({
        id: first.id,
        duplicate: true,
      });
      expect((await svc.service.stored()).map((event) => [event.shop_id, event.id])).toEqual([
        ['outdoor', first.id],
        ['garden', first.id],
      ]);
    } finally {
      await svc.stop();
    }

    const db = new Database(dbPath, { readonly: true });
    const receipts = db.prepare('SELECT receipt FROM events ORDER BY receipt').pluck().all() as number[];
    db.close();
    // Receipt 2 was the deleted event's: it is never handed out again.
    expect(receipts[0]).toBe(1);
    expect(receipts[1]).toBeGreaterThan(2);

    // Opening the migrated file again changes nothing.
    const again = await startTestService({ dbPath, secret: SECRET });
    try {
      expect(await again.service.stored()).toHaveLength(2);
    } finally {
      await again.stop();
    }
  });

  it('keeps de-duplicating after rebuilding a file whose version mark was lost', async () => {
    const dbPath = join(dir, 'analytics.sqlite');
    const first = await startTestService({ dbPath, secret: SECRET });
    await first.stop();
    // As if a second service had read the old version before the first one finished upgrading.
    const db = new Database(dbPath);
    db.pragma('user_version = 0');
    db.close();

    const svc = await startTestService({ dbPath, secret: SECRET });
    try {
      const token = await svc.identify('outdoor');
      const event = sampleEvent();
      await svc.call('/v3/event', { token, json: event });
      expect((await svc.call('/v3/event', { token, json: event })).body).toEqual({ id: event.id, duplicate: true });
      expect(await svc.service.stored()).toHaveLength(1);
    } finally {
      await svc.stop();
    }
  });
});

// The events table as the first release created it: one id for every shop.
const OLD_SCHEMA = `
  CREATE TABLE IF NOT EXISTS identities (
    shop_id TEXT NOT NULL,
    sub TEXT NOT NULL,
    metadata TEXT,
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL,
    PRIMARY KEY (shop_id, sub)
  );
  CREATE TABLE IF NOT EXISTS events (
    receipt INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    shop_id TEXT NOT NULL,
    visitor_id TEXT,
    event TEXT NOT NULL,
    body TEXT NOT NULL,
    received_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS events_by_shop ON events (shop_id, receipt);
`;
