import pg from 'pg';
import { afterEach, beforeEach, expect, inject, it } from 'vitest';
import { freshSchema } from './testing/postgresCluster.js';
import { expectOrderMigrated, storeOrder } from './testing/conversionsMigration.js';
import { startTestService } from './testing/testServer.js';

const SECRET = 'conversions-migration-secret-long-enough-for-hs256';
let schema: Awaited<ReturnType<typeof freshSchema>>;
beforeEach(async () => {
  schema = await freshSchema(inject('postgresUrl'));
});
afterEach(() => schema.drop());

async function query(text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: schema.url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

it('counts the purchases a database at migration 4 holds, and de-duplicates their orders from then on', async () => {
  const first = await startTestService({ databaseUrl: schema.url, secret: SECRET });
  await storeOrder(first);
  await first.stop();
  // The database as migration 4 left it: no order ids, no conversions' aggregate.
  await query(`
    DROP TABLE report_conversions; DROP INDEX events_by_shop_and_order; ALTER TABLE events DROP COLUMN order_id;
    DELETE FROM schema_migrations WHERE version = 5;`);

  const second = await startTestService({ databaseUrl: schema.url, secret: SECRET });
  try {
    await expectOrderMigrated(second);
  } finally {
    await second.stop();
  }
  expect(await query('SELECT max(version) AS version FROM schema_migrations')).toEqual([{ version: 5 }]);
});
