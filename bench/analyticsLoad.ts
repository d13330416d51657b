/**
 * `npm run bench:analytics`: sustained ingest of the analytics service over HTTP on 127.0.0.1, for
 * SQLite (one process) and PostgreSQL (one and three processes, fsync on as deployed). Each run is
 * bounded in time (AISLE_LOAD_SECONDS, default 60) and count (AISLE_LOAD_MAX_EVENTS, default 2,000,000).
 * Traffic is a shop's: single events (a click, a filter) and batches (an outbox flushed on leaving),
 * from many visitors of many shops, with a share of retries that send ids already sent. Prints new
 * events/s, p50/p99 latency per request, and the stored count checked against what was sent.
 * AISLE_LOAD_ONLY=sqlite|pg1|pg3|deploy runs one configuration; `deploy`, run last, is the deployment
 * recipe (deploy/run-local.ts: HAProxy, three supervised processes, one killed mid-load, nothing lost). Traffic arrives at AISLE_LOAD_RATE new events/s
 * (default 5,000, the goal) on a fixed schedule, and a request's latency counts from when the schedule
 * meant to send it, so a service that falls behind shows it; AISLE_LOAD_RATE=0 sends as fast as the
 * answers come back (the ceiling, where latency is mostly queueing).
 * AISLE_LOAD_EXPIRED=N first stores N events received 500 days ago (past the default retention of 395
 * days): every process's retention run at its start deletes them, batch by batch, while the load is
 * driven, so the p99 shows what retention costs ingest; the line says how many were left.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { v4 as uuidv4 } from 'uuid';
import { startPostgresCluster } from '../server/analytics/testing/postgresCluster.js';
import { startServiceProcess, type ServiceProcess } from '../server/analytics/testing/processes.js';

const SECONDS = Number(process.env.AISLE_LOAD_SECONDS ?? 60);
const MAX_EVENTS = Number(process.env.AISLE_LOAD_MAX_EVENTS ?? 2_000_000);
const CLIENTS = Number(process.env.AISLE_LOAD_CLIENTS ?? 48);
const RATE = Number(process.env.AISLE_LOAD_RATE ?? 5000);
/** Share of requests that are batches, and their sizes. */
const BATCH_SHARE = Number(process.env.AISLE_LOAD_BATCH_SHARE ?? 0.5);
const BATCH_SIZES = [5, 10, 20];
/** Share of requests that resend a request already acknowledged (a client that missed the answer). */
const RETRY_SHARE = 0.03;
const SHOPS = 20;
const VISITORS_PER_SHOP = 10;
const SECRET = 'analytics-load-benchmark-secret-32-characters';

interface Result {
  config: string;
  /** Expired events still stored after the run (AISLE_LOAD_EXPIRED), else null. */
  expiredLeft: number | null;
  seconds: number;
  requests: number;
  newEvents: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  stored: number;
  expected: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

function post(port: number, path: string, token: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function event(seq: number): Record<string, unknown> {
  return {
    id: uuidv4(),
    seq,
    event: seq % 7 === 0 ? 'ecommerce:product_click' : 'search:display_results',
    data: {
      page_type: 'dlp',
      page_title: 'Rain jackets',
      referrer: '',
      metadata: { page_number: 1, result_count: 48 },
    },
    url: 'https://shop.example/outdoor/rain-jackets?filters=color%3Ablue',
    timestamp: new Date().toISOString(),
    environment: 'production',
  };
}

/** Drives the service on `ports` (round robin, as a load balancer would) and returns the figures. */
async function drive(config: string, ports: number[], countStored: () => Promise<number>): Promise<Result> {
  const tokens: string[] = [];
  for (let shop = 0; shop < SHOPS; shop += 1)
    for (let visitor = 0; visitor < VISITORS_PER_SHOP; visitor += 1) {
      const answer = await post(
        ports[tokens.length % ports.length]!,
        '/v3/identity',
        '',
        JSON.stringify({ shop_id: `load-${shop}`, distinct_id: `v${visitor}` }),
      );
      tokens.push((JSON.parse(answer.text) as { id: string }).id);
    }
  const latencies: number[] = [];
  const acked = new Set<string>();
  const sent: Array<{ path: string; body: string; token: string }> = [];
  let requests = 0;
  let failures = 0;
  let newEvents = 0;
  let next = 0;
  let scheduled = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const started = performance.now();
  // When the schedule sends the next `count` events: the clock of an open arrival process.
  const slot = (count: number): number => {
    const at = started + (scheduled / RATE) * 1000;
    scheduled += count;
    return at;
  };

  async function client(index: number): Promise<void> {
    let seq = 0;
    while (Date.now() < deadline && newEvents < MAX_EVENTS) {
      const token = tokens[(index * 7 + seq) % tokens.length]!;
      let job: { path: string; body: string; token: string };
      let ids: string[] = [];
      if (sent.length > 0 && Math.random() < RETRY_SHARE) {
        job = sent[Math.floor(Math.random() * sent.length)]!;
      } else if (Math.random() < BATCH_SHARE) {
        const events = Array.from({ length: BATCH_SIZES[seq % BATCH_SIZES.length]! }, () => event(seq++));
        ids = events.map((one) => one.id as string);
        job = { path: '/v3/batch', body: JSON.stringify({ events }), token };
      } else {
        const one = event(seq++);
        ids = [one.id as string];
        job = { path: '/v3/event', body: JSON.stringify(one), token };
      }
      const port = ports[next++ % ports.length]!;
      let begin = performance.now();
      if (RATE > 0) {
        begin = slot(ids.length); // a retry rides in the current slot: the schedule counts new events
        const wait = begin - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (Date.now() >= deadline) break;
      }
      try {
        const answer = await post(port, job.path, job.token, job.body);
        latencies.push(performance.now() - begin);
        requests += 1;
        if (answer.status !== 202) throw new Error(`status ${answer.status}: ${answer.text.slice(0, 200)}`);
        for (const id of ids) {
          if (acked.has(id)) continue;
          acked.add(id);
          newEvents += 1;
        }
        if (ids.length > 0 && sent.length < 10_000) sent.push(job);
      } catch (error) {
        failures += 1;
        if (failures <= 3) console.warn(`[load] ${config}: ${(error as Error).message}`);
      }
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return {
    config,
    expiredLeft: null,
    seconds: Math.round(seconds * 10) / 10,
    requests,
    newEvents,
    eventsPerSecond: Math.round(newEvents / seconds),
    p50: at(0.5),
    p99: at(0.99),
    failures,
    stored: await countStored(),
    expected: acked.size,
  };
}

const env = {
  NODE_ENV: 'production',
  ANALYTICS_SECRET: SECRET,
  ANALYTICS_ADMIN_KEY: `${SECRET}-admin`,
  // The synthetic visitors send far faster than shoppers and from one address: the limits are still
  // counted (their cost is part of the figures) but set above the offered load.
  ANALYTICS_RATE_VISITOR: '1000000/60',
  ANALYTICS_RATE_SHOP: '100000000/60',
  ANALYTICS_RATE_ADDRESS: 'off',
};

/** Events past the retention period, seeded before the run (AISLE_LOAD_EXPIRED). */
const EXPIRED = Number(process.env.AISLE_LOAD_EXPIRED ?? 0);
const EXPIRED_AT = new Date(Date.now() - 500 * 24 * 3600 * 1000).toISOString();
const EXPIRED_SHOP = 'load-expired';
/** A run of the service with retention pushed out of reach, so that the schema exists to seed. */
const noRetention = { ANALYTICS_RETENTION_DAYS: '3650' };

async function sqliteRun(): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-load-'));
  const dbPath = join(dir, 'analytics.sqlite');
  const count = (where: string): number => {
    const db = new Database(dbPath, { readonly: true });
    const { n } = db.prepare(`SELECT count(*) AS n FROM events WHERE ${where}`).get() as { n: number };
    db.close();
    return n;
  };
  if (EXPIRED > 0) {
    await (await startServiceProcess({ ...env, ...noRetention, AISLE_ANALYTICS_DB_PATH: dbPath })).stop();
    const db = new Database(dbPath);
    const insert = db.prepare(
      `INSERT INTO events (id, shop_id, visitor_id, event, body, received_at) VALUES (?, ?, 'v', 'navigate:visit_page', '{}', ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < EXPIRED; i += 1) insert.run(`expired-${i}`, EXPIRED_SHOP, EXPIRED_AT);
    })();
    db.close();
  }
  const service = await startServiceProcess({ ...env, AISLE_ANALYTICS_DB_PATH: dbPath });
  try {
    const result = await drive('SQLite, 1 process', [service.port], async () =>
      count(`shop_id LIKE 'load-%' AND shop_id != '${EXPIRED_SHOP}'`),
    );
    return { ...result, expiredLeft: EXPIRED > 0 ? count(`shop_id = '${EXPIRED_SHOP}'`) : null };
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresRun(processes: number): Promise<Result> {
  const cluster = await startPostgresCluster({ durable: true });
  const children: ServiceProcess[] = [];
  const count = async (where: string): Promise<number> => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE ${where}`);
    await client.end();
    return Number(rows[0]!.n);
  };
  try {
    const serviceEnv = { ...env, AISLE_ANALYTICS_DATABASE_URL: cluster.url, AISLE_ANALYTICS_POOL_SIZE: '8' };
    if (EXPIRED > 0) {
      await (await startServiceProcess({ ...serviceEnv, ...noRetention })).stop();
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query(
        `INSERT INTO events (id, shop_id, visitor_id, event, body, client_timestamp, received_at)
         SELECT 'expired-' || n, $1, 'v', 'navigate:visit_page', '{}'::jsonb, $2, $2 FROM generate_series(1, $3) AS n`,
        [EXPIRED_SHOP, EXPIRED_AT, EXPIRED],
      );
      await client.end();
    }
    children.push(await startServiceProcess(serviceEnv));
    for (let i = 1; i < processes; i += 1) children.push(await startServiceProcess(serviceEnv));
    const result = await drive(
      `PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}`,
      children.map((child) => child.port),
      () => count(`shop_id LIKE 'load-%' AND shop_id != '${EXPIRED_SHOP}'`),
    );
    return { ...result, expiredLeft: EXPIRED > 0 ? await count(`shop_id = '${EXPIRED_SHOP}'`) : null };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await cluster.stop();
  }
}

const only = process.env.AISLE_LOAD_ONLY;
const runs: Array<[string, () => Promise<Result>]> = [
  ['sqlite', sqliteRun],
  ['pg1', () => postgresRun(1)],
  ['pg3', () => postgresRun(3)],
];
console.log(
  `analytics load: ${SECONDS} s per run, ${RATE > 0 ? `${RATE} new events/s offered` : 'as fast as answered'}, up to ${CLIENTS} requests in flight, ${Math.round(BATCH_SHARE * 100)}% batches of ${BATCH_SIZES.join('/')}, ` +
    `${RETRY_SHARE * 100}% retries; ${cpus().length} cores, load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
);
const results: Result[] = [];
for (const [name, run] of runs) {
  if (only && only !== name) continue;
  const result = await run();
  results.push(result);
  const check = result.stored === result.expected ? 'exactly once' : `MISMATCH: ${result.stored - result.expected}`;
  console.log(
    `${result.config.padEnd(24)} ${String(result.eventsPerSecond).padStart(6)} new events/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ` +
      `${result.requests} requests, ${result.failures} failed  stored ${result.stored} / sent ${result.expected} (${check})` +
      (result.expiredLeft === null ? '' : `  expired events left ${result.expiredLeft} of ${EXPIRED}`),
  );
}
agent.destroy();
console.log(JSON.stringify({ loadAfter: loadavg(), results }));
if (results.some((result) => result.stored !== result.expected)) process.exitCode = 1;
// Last, the deployment recipe as a whole (deploy/run-local.ts): HAProxy, three supervised processes,
// one killed mid-load, nothing lost.
if (!only || only === 'deploy') {
  console.log(
    `deployment recipe (npm run deploy:local), load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}:`,
  );
  const recipe = spawnSync(process.execPath, ['--import', 'tsx', 'deploy/run-local.ts'], { stdio: 'inherit' });
  if (recipe.status !== 0) {
    console.log(`deployment recipe FAILED (exit ${recipe.status ?? recipe.signal})`);
    process.exitCode = 1;
  }
}
