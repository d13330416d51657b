/**
 * A report query that runs past its limit is cancelled by PostgreSQL itself (the client giving up
 * would leave it running), and the answer says why and what to ask for instead.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HttpError } from './http.js';
import { limitedQuery } from './reportPostgres.js';
import { freshSchema } from './testing/postgresCluster.js';

let schema: Awaited<ReturnType<typeof freshSchema>>;
let pool: pg.Pool;

beforeAll(async () => {
  schema = await freshSchema(inject('postgresUrl'));
  pool = new pg.Pool({ connectionString: schema.url, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await schema?.drop();
});

describe('a report query on PostgreSQL', () => {
  it('is cancelled by the server at its limit, with a 503 that names the limit and whole days', async () => {
    const refused = await limitedQuery(pool, 'SELECT pg_sleep(5)', [], 50).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, message: expect.stringContaining('whole days') });
    // Cancelled at the server: nothing of it is still running.
    const running = await pool.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5)' AND state = 'active'",
    );
    expect(running.rows[0].n).toBe(0);
  });

  it('answers within the limit, and leaves the connection without it', async () => {
    expect((await limitedQuery(pool, 'SELECT $1::int AS one', [1])).rows).toEqual([{ one: 1 }]);
    // SET LOCAL ends with the transaction: the pooled connections keep the server's default.
    const shown = await Promise.all([pool.query('SHOW statement_timeout'), pool.query('SHOW statement_timeout')]);
    expect(shown.map((answer) => answer.rows[0].statement_timeout)).toEqual(['0', '0']);
  });
});
