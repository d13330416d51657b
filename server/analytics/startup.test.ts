import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ANALYTICS_ADMIN_KEY } from './keys.js';
import { outage } from './testing/outages.js';
import { freePort } from './testing/postgresCluster.js';
import { runUntilExit, startServiceProcess } from './testing/processes.js';
import { sharedDatabase } from './testing/testServer.js';
import { DEV_ANALYTICS_SECRET } from './tokens.js';

const SECRET = 'a-production-secret-of-at-least-32-characters';
let database: Record<string, string>;
let drop: () => Promise<void>;

// The process is pointed at a real database of the run's store, as a production process would be.
beforeAll(async () => {
  const shared = await sharedDatabase();
  database = shared.env;
  drop = shared.drop;
});
afterAll(() => drop());

describe('npm run analytics started while its database is down', () => {
  it('stays up, answers liveness 200 and readiness 503, and turns ready once the database is back', async () => {
    const down = await outage();
    try {
      down.begin();
      const port = await freePort();
      const env = { ...down.env, NODE_ENV: 'production', ANALYTICS_SECRET: SECRET };
      const starting = startServiceProcess(env, port);
      starting.catch(() => undefined);
      const at = `http://127.0.0.1:${port}`;
      // A real process: its first answer is awaited (its start takes a second or two), not slept for.
      const live = await waitFor(() =>
        fetch(`${at}/health/liveness`).then(
          (answer) => answer.status,
          () => 0,
        ),
      );
      expect(live).toBe(200);
      const waiting = await fetch(`${at}/health/readiness`);
      expect(waiting.status).toBe(503);
      expect(waiting.headers.get('retry-after')).toBe('5');
      down.end();
      const child = await starting;
      expect((await fetch(`${at}/health/readiness`)).status).toBe(200);
      await child.stop();
    } finally {
      await down.drop();
    }
  });
});

/** The first non-zero result of `probe`, asked every 50 ms for up to 20 s. */
async function waitFor(probe: () => Promise<number>): Promise<number> {
  for (let tries = 0; tries < 400; tries += 1) {
    const result = await probe();
    if (result !== 0) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return 0;
}

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
