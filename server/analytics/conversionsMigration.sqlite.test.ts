import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { expectOrderMigrated, storeOrder } from './testing/conversionsMigration.js';
import { startTestService } from './testing/testServer.js';

const SECRET = 'conversions-migration-secret-long-enough-for-hs256';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'aisle-conversions-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('counts the purchases a schema-3 file holds, and de-duplicates their orders from then on', async () => {
  const dbPath = join(dir, 'analytics.sqlite');
  const first = await startTestService({ dbPath, secret: SECRET });
  await storeOrder(first);
  await first.stop();
  // The file as schema 3 left it: no order ids, no conversions' aggregate.
  const old = new Database(dbPath);
  old.exec(`
    DROP TRIGGER report_conversions_on_insert; DROP TRIGGER report_conversions_on_delete;
    DROP TABLE report_conversions; DROP INDEX events_by_shop_and_order; ALTER TABLE events DROP COLUMN order_id;
    PRAGMA user_version = 3;`);
  old.close();

  const second = await startTestService({ dbPath, secret: SECRET });
  try {
    await expectOrderMigrated(second);
  } finally {
    await second.stop();
  }
  const db = new Database(dbPath, { readonly: true });
  expect(db.pragma('user_version', { simple: true })).toBe(4);
  db.close();
});
