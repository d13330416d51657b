/**
 * `npm run bench:report`: the report (`GET /v3/report`, a month of one shop) at 1 and 10 million
 * events, on PostgreSQL and SQLite, through a real service process. Events are seeded in bulk by SQL
 * (bench/reportSeedSql.ts) and pass through the report's triggers as stored events do. Prints the
 * seeding time, each report's time (median of AISLE_REPORT_RUNS, default 5), the longest and p99
 * `/ping` while a report runs, one report of a period given with times (which reads its first and last
 * days' events), the time to rebuild the aggregates from the events (first size only,
 * checking the report is unchanged by it), and the machine's load.
 * AISLE_REPORT_SIZES=1000000,10000000 (cumulative) and AISLE_REPORT_ONLY=postgres|sqlite narrow it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openAnalyticsStore, type StoreLocation } from '../server/analytics/openStore.js';
import { freshSchema, startPostgresCluster } from '../server/analytics/testing/postgresCluster.js';
import { startServiceProcess } from '../server/analytics/testing/processes.js';
import { POSTGRES_SEED, SQLITE_SEED, type SeedRange } from './reportSeedSql.js';
import { median, percentile, round } from './stats.js';

const SIZES = (process.env.AISLE_REPORT_SIZES ?? '1000000,10000000').split(',').map(Number);
const ONLY = process.env.AISLE_REPORT_ONLY;
const RUNS = Number(process.env.AISLE_REPORT_RUNS ?? 5);
const CHUNK = 500_000;
const SHOP = 'bench-shop';
const START = '2026-10-01T00:00:00.000Z';
const DAYS = 30;
const PERIOD = `shop_id=${SHOP}&from=2026-10-01&to=2026-10-31`;
const TIMED_PERIOD = `shop_id=${SHOP}&from=2026-10-01T06:00:00Z&to=2026-10-30T18:00:00Z`;
const SECRET = 'analytics-report-benchmark-secret-32-chars';
const ENV = {
  NODE_ENV: 'production',
  ANALYTICS_SECRET: SECRET,
  ANALYTICS_ADMIN_KEY: `${SECRET}-admin`,
  ANALYTICS_RETENTION_DAYS: '3650',
};

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const seconds = (since: number) => round((performance.now() - since) / 1000, 1);

/** Seeds events [from, to) of the shop as one stage spread over the month, chunk by chunk. */
async function seedStage(write: (range: SeedRange) => Promise<void>, from: number, to: number, start: string | number) {
  for (let lo = from; lo < to; lo += CHUNK) {
    await write({ shop: SHOP, lo, hi: Math.min(to, lo + CHUNK) - 1, first: from, total: to - from, start, days: DAYS });
  }
}

/** Times the report of `period` `runs` times while asking `/ping` every 5 ms; the report's JSON of the last run. */
async function measure(
  port: number,
  period = PERIOD,
  runs = RUNS,
): Promise<{ times: number[]; pings: number[]; body: string }> {
  const base = `http://127.0.0.1:${port}`;
  const times: number[] = [];
  const pings: number[] = [];
  let body = '';
  for (let run = 0; run < runs; run++) {
    let done = false;
    const started = performance.now();
    const report = fetch(`${base}/v3/report?${period}`, {
      headers: { authorization: `Bearer ${ENV.ANALYTICS_ADMIN_KEY}` },
    })
      .then(async (answer) => {
        body = await answer.text();
        if (!answer.ok) throw new Error(`report answered ${answer.status}: ${body.slice(0, 200)}`);
        times.push(performance.now() - started);
      })
      .finally(() => void (done = true));
    // Awaited once the pings stop; handled now so that a failed report is an answer, not a crash.
    report.catch(() => undefined);
    while (!done) {
      const sent = performance.now();
      await fetch(`${base}/ping`).then((answer) => answer.text());
      pings.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await report;
  }
  return { times, pings, body };
}

async function runStore(
  kind: 'postgres' | 'sqlite',
  location: StoreLocation,
  write: (range: SeedRange) => Promise<void>,
  start: string | number,
  after: () => Promise<void>,
) {
  // Opening the store creates the schema (tables, aggregates, triggers) the seed writes into.
  await (await openAnalyticsStore(location)).close();
  let seeded = 0;
  for (const [index, size] of SIZES.entries()) {
    const began = performance.now();
    await seedStage(write, seeded, size, start);
    await after();
    const seedTime = seconds(began);
    seeded = size;
    const env = {
      ...ENV,
      ...(location.databaseUrl
        ? { AISLE_ANALYTICS_DATABASE_URL: location.databaseUrl }
        : { AISLE_ANALYTICS_DB_PATH: location.dbPath }),
    };
    const service = await startServiceProcess(env);
    const loadBefore = load();
    const { times, pings, body } = await measure(service.port);
    // A period given with times reads its first and last days' events (the aggregates hold whole days).
    const timed = await measure(service.port, TIMED_PERIOD, 1).catch((error: Error) => error);
    await service.stop();
    const listings = (JSON.parse(body) as { listings: unknown[] }).listings.length;
    console.log(
      `${kind} ${size.toLocaleString('en')} events: seeded in ${seedTime} s; report (30 days, ${listings} listings) median ${round(median(times), 0)} ms ` +
        `[${times.map((t) => round(t, 0)).join(', ')}]; /ping during it max ${round(Math.max(...pings), 1)} ms, p99 ${round(percentile(pings, 99), 1)} ms over ${pings.length}; load ${loadBefore}`,
    );
    console.log(
      timed instanceof Error
        ? `${kind} ${size.toLocaleString('en')} events: report with times (${TIMED_PERIOD}) failed: ${timed.message}`
        : `${kind} ${size.toLocaleString('en')} events: report with times (06:00 on day 1 to 18:00 on day 30) ${round(timed.times[0]!, 0)} ms; ` +
            `/ping during it max ${round(Math.max(...timed.pings), 1)} ms`,
    );
    if (index === 0) {
      const store = await openAnalyticsStore(location);
      const month = (): Promise<string> => store.report(SHOP, START, '2026-10-31T00:00:00.000Z').then(JSON.stringify);
      const before = await month();
      const rebuilt = performance.now();
      await store.rebuildReport();
      const rebuildTime = seconds(rebuilt);
      const same = (await month()) === before;
      await store.close();
      console.log(
        `${kind} ${size.toLocaleString('en')} events: rebuilt the aggregates in ${rebuildTime} s; report unchanged: ${same}`,
      );
    }
  }
}

if (!ONLY || ONLY === 'postgres') {
  const cluster = await startPostgresCluster();
  const schema = await freshSchema(cluster.url);
  const pool = new pg.Pool({ connectionString: schema.url, max: 2 });
  // A connection still closing when the server stops reports it; nothing is lost by then.
  pool.on('error', () => undefined);
  try {
    await runStore(
      'postgres',
      { databaseUrl: schema.url, dbPath: '' },
      async (r) => {
        await pool.query(POSTGRES_SEED, [r.shop, r.lo, r.hi, r.first, r.total, r.start, r.days]);
      },
      START,
      async () => void (await pool.query('ANALYZE')),
    );
  } finally {
    await pool.end();
    await cluster.stop();
  }
}
if (!ONLY || ONLY === 'sqlite') {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-report-bench-'));
  const dbPath = join(dir, 'analytics.sqlite');
  try {
    await runStore(
      'sqlite',
      { dbPath },
      async (r) => {
        const db = new Database(dbPath);
        db.pragma('journal_mode = WAL');
        db.transaction(() => db.prepare(SQLITE_SEED).run(r))();
        db.close();
      },
      Date.parse(START) / 1000,
      async () => undefined,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
