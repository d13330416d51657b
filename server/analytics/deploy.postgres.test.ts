import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgresStore } from './postgresStore.js';
import { ADMIN_KEY, sampleEvent, startTestService, TEST_NOW } from './testing/testServer.js';

// The deployment's own SQL, run as a superuser would run it, on the test run's server.
const SQL = 'deploy/postgres/create-database.sql';
let server: URL;
const as = (role: string): string => {
  const url = new URL(server);
  url.username = role;
  url.pathname = '/aisle_analytics';
  return url.toString();
};

async function superuser(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(() => {
  server = new URL(inject('postgresUrl'));
  const run = spawnSync(
    'psql',
    [
      server.toString(),
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-v',
      'owner_password=o',
      '-v',
      'service_password=s',
      '-f',
      SQL,
    ],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
});
afterAll(async () => {
  await superuser('DROP DATABASE IF EXISTS aisle_analytics WITH (FORCE)');
  await superuser('DROP ROLE IF EXISTS aisle_analytics; DROP ROLE IF EXISTS aisle_analytics_owner');
});

describe('the deployment database and its least-privileged role', () => {
  it("refuses to migrate as the service's role, which may create nothing", async () => {
    await expect(openPostgresStore(as('aisle_analytics'))).rejects.toThrow(/permission denied/);
  });

  it('serves events, reports and keys as the service role once the owner has migrated', async () => {
    await (await openPostgresStore(as('aisle_analytics_owner'))).close();
    const svc = await startTestService({ databaseUrl: as('aisle_analytics'), dbPath: 'unused', poolSize: 2 });
    try {
      const token = await svc.identify('outdoor');
      expect((await svc.call('/v3/event', { token, json: sampleEvent() })).status).toBe(202);
      expect((await svc.call('/v3/batch', { token, json: { events: [sampleEvent()] } })).status).toBe(202);
      expect((await svc.issueKey('outdoor', 'read')).startsWith('aisle_read_')).toBe(true);
      const day = `from=${new Date(TEST_NOW - 86_400_000).toISOString()}&to=${new Date(TEST_NOW).toISOString()}`;
      expect((await svc.call(`/v3/report?shop_id=outdoor&${day}`, { token: ADMIN_KEY })).status).toBe(200);
      expect((await svc.list()).length).toBe(2);
    } finally {
      await svc.stop();
    }
    const service = new pg.Client({ connectionString: as('aisle_analytics') });
    await service.connect();
    try {
      for (const ddl of [
        'DROP TABLE events',
        'CREATE TABLE stolen (a int)',
        'TRUNCATE events',
        'ALTER TABLE events ADD x int',
      ])
        await expect(service.query(ddl), ddl).rejects.toThrow(/permission denied|must be owner/);
    } finally {
      await service.end();
    }
  });
});
