import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { POSTGRES_SCHEMA_VERSION } from './postgresSchema.js';
import { openPostgresStore } from './postgresStore.js';
import { sampleEvent, startTestService } from './testing/testServer.js';
import { freshSchema } from './testing/postgresCluster.js';

const SECRET = 'migrations-test-secret-long-enough-for-hs256';
let schema: Awaited<ReturnType<typeof freshSchema>>;
beforeEach(async () => {
  schema = await freshSchema(inject('postgresUrl'));
});
afterEach(() => schema.drop());

async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: schema.url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('PostgreSQL schema', () => {
  it('records each migration once, however many processes start together', async () => {
    const stores = await Promise.all([1, 2, 3].map(() => openPostgresStore(schema.url, { poolSize: 2 })));
    await Promise.all(stores.map((store) => store.close()));
    const rows = await query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(
      Array.from({ length: POSTGRES_SCHEMA_VERSION }, (_, index) => index + 1),
    );
  });

  it('keeps events, identities, keys and de-duplication across service instances', async () => {
    const first = await startTestService({ databaseUrl: schema.url, secret: SECRET });
    const token = await first.identify('outdoor', 'visitor-1');
    const key = await first.issueKey('outdoor', 'read');
    const event = sampleEvent();
    await first.call('/v3/event', { token, json: event });
    await first.stop();

    const second = await startTestService({ databaseUrl: schema.url, secret: SECRET });
    try {
      expect((await second.call('/v3/events', { token: key })).body.events).toEqual([
        expect.objectContaining({ id: event.id, visitor_id: 'visitor-1' }),
      ]);
      expect((await second.call('/v3/event', { token, json: event })).body).toEqual({ id: event.id, duplicate: true });
    } finally {
      await second.stop();
    }
    const [identity] = await query<{ shop_id: string; sub: string }>('SELECT shop_id, sub FROM identities');
    expect(identity).toEqual({ shop_id: 'outdoor', sub: 'visitor-1' });
    const [stored] = await query<{ client_timestamp: Date; received_at: Date }>(
      'SELECT client_timestamp, received_at FROM events',
    );
    expect(stored!.client_timestamp.toISOString()).toBe(event.timestamp);
  });

  it('refuses a database a newer build has migrated, rather than guess at its shape', async () => {
    await (await openPostgresStore(schema.url, { poolSize: 1 })).close();
    await query(
      `INSERT INTO schema_migrations (version, name) VALUES (${POSTGRES_SCHEMA_VERSION + 1}, 'from the future')`,
    );
    await expect(openPostgresStore(schema.url, { poolSize: 1 })).rejects.toThrow(
      `newer than this build's ${POSTGRES_SCHEMA_VERSION}`,
    );
  });

  it('answers 503 while its database cannot be reached, and says so in readiness', async () => {
    const svc = await startTestService({ databaseUrl: schema.url, secret: SECRET });
    try {
      await svc.service.close();
      expect((await svc.call('/health/readiness')).status).toBe(503);
      expect((await svc.call('/v3/identity', { json: { shop_id: 'outdoor' } })).status).toBe(503);
    } finally {
      await svc.stop();
    }
  });
});
