import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ANALYTICS_ADMIN_KEY } from './keys.js';
import { runUntilExit, startServiceProcess } from './testing/processes.js';
import { isolatedStore, testStore } from './testServer.js';
import { DEV_ANALYTICS_SECRET } from './tokens.js';

const SECRET = 'a-production-secret-of-at-least-32-characters';
let database: Record<string, string>;
let drop: () => Promise<void>;

// The process is pointed at a real database of the run's store, as a production process would be.
beforeAll(async () => {
  if (testStore === 'postgres') {
    const isolated = await isolatedStore();
    database = { AISLE_ANALYTICS_DATABASE_URL: isolated.options.databaseUrl! };
    drop = isolated.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-startup-'));
    database = { AISLE_ANALYTICS_DB_PATH: join(dir, 'analytics.sqlite') };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(() => drop());

describe('npm run analytics refuses to start unsafely, in one line saying what to set', () => {
  it.each<[string, Record<string, string>, string]>([
    [
      'NODE_ENV unset and no secret',
      {},
      'ANALYTICS_SECRET is not set and NODE_ENV is unset, which counts as production',
    ],
    [
      'NODE_ENV unset and the published keys',
      { ANALYTICS_SECRET: DEV_ANALYTICS_SECRET, ANALYTICS_ADMIN_KEY: DEV_ANALYTICS_ADMIN_KEY },
      'ANALYTICS_SECRET holds a published development key',
    ],
    [
      'NODE_ENV=test and the published admin key',
      { NODE_ENV: 'test', ANALYTICS_SECRET: SECRET, ANALYTICS_ADMIN_KEY: DEV_ANALYTICS_ADMIN_KEY },
      'ANALYTICS_ADMIN_KEY holds a published development key and NODE_ENV is test',
    ],
    [
      'a secret shorter than 32 characters',
      { NODE_ENV: 'production', ANALYTICS_SECRET: 'too-short' },
      'ANALYTICS_SECRET holds a key of 9 characters: set it to a random key of at least 32 characters',
    ],
  ])('%s', async (_label, env, reason) => {
    const { code, stderr } = await runUntilExit({ ...database, ...env });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(`[analytics] not started: ${reason}`)]);
    expect(stderr).not.toContain('cannot open the database');
  });

  it('starts with the published keys when development is asked for explicitly', async () => {
    const child = await startServiceProcess({ ...database, NODE_ENV: 'development' });
    const answer = await fetch(`http://127.0.0.1:${child.port}/v3/events?limit=1`, {
      headers: { authorization: `Bearer ${DEV_ANALYTICS_ADMIN_KEY}` },
    });
    expect(answer.status).toBe(200);
    await child.stop();
  });
});
