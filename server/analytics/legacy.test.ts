import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from './config.js';
import { createAnalyticsService } from './service.js';
import {
  sharedDatabase,
  startTestService,
  testStore,
  type SharedDatabase,
  type TestService,
} from './testing/testServer.js';

let svc: TestService | undefined;
let database: SharedDatabase | undefined;
afterEach(async () => {
  await svc?.stop();
  await database?.drop();
  svc = database = undefined;
});

const trackByUrl = (token: string) => `/trackEvent?token=${token}&event=navigate:visit_page&url=http://shop/x`;

describe('the legacy paths, which an operator can switch off', () => {
  it('serves every legacy path by default', async () => {
    svc = await startTestService();
    const token = await svc.identify('outdoor');
    expect((await svc.call(trackByUrl(token))).status).toBe(202);
    expect((await svc.call('/getIdentity?shop_id=outdoor')).status).toBe(200);
  });

  it('with ANALYTICS_LEGACY_PATHS=post, answers the GET paths (tokens in URLs) 410 saying what to use instead', async () => {
    svc = await startTestService({ env: { ANALYTICS_LEGACY_PATHS: 'post' } });
    const token = await svc.identify('outdoor');
    expect(await svc.call(trackByUrl(token))).toMatchObject({
      status: 410,
      body: {
        error: '/trackEvent is switched off on this service; use POST /v3/event with Authorization: Bearer <token>',
      },
    });
    expect(await svc.call('/getIdentity?shop_id=outdoor')).toMatchObject({
      status: 410,
      body: { error: '/getIdentity is switched off on this service; use POST /v3/identity' },
    });
    expect((await svc.list()).length).toBe(0);
    const posted = await svc.call('/v2/trackEvent', {
      json: { token, event: 'navigate:visit_page', url: 'http://shop/x' },
    });
    expect(posted.status).toBe(202);
  });

  it('with legacy paths none, answers the POST ones 410 too', async () => {
    svc = await startTestService({ legacyPaths: 'none' });
    const token = await svc.identify('outdoor');
    const posted = await svc.call('/v2/trackEvent', {
      json: { token, event: 'navigate:visit_page', url: 'http://shop/x' },
    });
    expect(posted.status).toBe(410);
    expect((await svc.call('/v2/getIdentity', { json: { shop_id: 'outdoor' } })).status).toBe(410);
  });

  it('refuses to start with a setting it does not know', () => {
    expect(() =>
      createAnalyticsService({ dbPath: ':memory:', development: true, env: { ANALYTICS_LEGACY_PATHS: 'get' } }),
    ).toThrow(ConfigError);
  });

  it('keeps a token sent in a URL out of its own log when such a request fails', async () => {
    database = await sharedDatabase();
    svc = await startTestService(database.options);
    const token = await svc.identify('outdoor');
    await dropEvents(database);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await svc.call(trackByUrl(token))).status).toBe(500);
    const text = logged.mock.calls.flat().map(String).join(' ');
    expect(text).toContain('GET /analytics/trackEvent?token=[redacted]&event=navigate:visit_page');
    expect(text).not.toContain(token);
  });
});

// A fault of the service's own making (its table gone), not an outage: the request fails with 500.
async function dropEvents(shared: SharedDatabase): Promise<void> {
  if (testStore === 'sqlite') {
    const other = new Database(shared.options.dbPath);
    other.exec('DROP TABLE events');
    other.close();
    return;
  }
  const client = new pg.Client({ connectionString: shared.options.databaseUrl });
  await client.connect();
  await client.query('DROP TABLE events');
  await client.end();
}
