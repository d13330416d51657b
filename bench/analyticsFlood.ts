/**
 * `npm run bench:flood`: does one flooding visitor slow other shops down? One service process over a
 * durable PostgreSQL (as deployed) takes shoppers' events from 100 visitors of 20 shops on a fixed
 * schedule (AISLE_FLOOD_RATE events/s, default 200), each from its own address (sent in
 * X-Forwarded-For by a trusted proxy), for AISLE_FLOOD_SECONDS (default 15) per phase:
 * quiet (shoppers only), flood (one visitor sending batches of 100 as fast as 16 connections allow)
 * with the default limits, and the same flood with the limits off. Prints the shoppers' p50/p99
 * (from the scheduled moment) and what the flooder got and stored.
 */
import pg from 'pg';
import { v4 as uuidv4 } from 'uuid';
import { startFlooder } from './flooder.js';
import { startPostgresCluster } from '../server/analytics/testing/postgresCluster.js';
import { startServiceProcess } from '../server/analytics/testing/processes.js';

const SECONDS = Number(process.env.AISLE_FLOOD_SECONDS ?? 15);
const RATE = Number(process.env.AISLE_FLOOD_RATE ?? 200);
const SECRET = 'analytics-flood-benchmark-secret-32-characters';
const FLOOD_CONNECTIONS = 16;

type Phase = 'quiet' | 'flood, limits on' | 'flood, limits off';

const event = () => ({
  id: uuidv4(),
  seq: 0,
  event: 'search:sort',
  data: { metadata: { sort: 'price_asc' } },
  url: 'https://shop.example/boots',
  timestamp: new Date().toISOString(),
  environment: 'production',
});

async function call(base: string, path: string, address: string, body: unknown, token?: string): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': address };
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = await fetch(`${base}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await answer.text();
  if (path === '/v3/identity') return JSON.parse(text).id;
  return answer.status;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function phase(base: string, name: Phase, shoppers: Array<{ token: string; address: string }>) {
  const flood = { address: '198.51.100.66', token: '' };
  flood.token = String(await call(base, '/v3/identity', flood.address, { shop_id: 'flood-shop' }));
  const latencies: number[] = [];
  let refusedShoppers = 0;
  // The flooder runs in a process of its own (bench/floodSender.ts), as it would on its own machine.
  const flooder =
    name === 'quiet'
      ? undefined
      : await startFlooder({
          url: `${base}/v3/batch`,
          token: flood.token,
          address: flood.address,
          connections: FLOOD_CONNECTIONS,
        });
  const start = performance.now();
  const end = start + SECONDS * 1000;
  const sends: Array<Promise<void>> = [];
  for (let n = 0; ; n += 1) {
    const due = start + (n * 1000) / RATE;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const shopper = shoppers[n % shoppers.length]!;
    sends.push(
      call(base, '/v3/event', shopper.address, event(), shopper.token).then((status) => {
        if (status === 202) latencies.push(performance.now() - due);
        else refusedShoppers += 1;
      }),
    );
  }
  await Promise.all(sends);
  const statuses = flooder ? await flooder.stop() : new Map<number, number>();
  latencies.sort((a, b) => a - b);
  const [p50, p99] = [percentile(latencies, 0.5), percentile(latencies, 0.99)];
  return { name, shopperEvents: latencies.length, refusedShoppers, p50, p99, statuses, floodStored: 0 };
}

const cluster = await startPostgresCluster({ durable: true });
try {
  const results = [];
  for (const name of ['quiet', 'flood, limits on', 'flood, limits off'] as Phase[]) {
    const limitsOff = name === 'flood, limits off';
    const child = await startServiceProcess({
      NODE_ENV: 'production',
      ANALYTICS_SECRET: SECRET,
      AISLE_ANALYTICS_DATABASE_URL: cluster.url,
      ANALYTICS_TRUSTED_PROXIES: '127.0.0.1',
      ...(limitsOff
        ? { ANALYTICS_RATE_VISITOR: 'off', ANALYTICS_RATE_SHOP: 'off', ANALYTICS_RATE_ADDRESS: 'off' }
        : {}),
    });
    const base = `http://127.0.0.1:${child.port}`;
    const shoppers = [];
    for (let i = 0; i < 100; i += 1) {
      const address = `203.0.113.${i + 1}`;
      shoppers.push({
        address,
        token: String(await call(base, '/v3/identity', address, { shop_id: `shop-${i % 20}` })),
      });
    }
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query(`DELETE FROM events WHERE shop_id = 'flood-shop'`);
    results.push(await phase(base, name, shoppers));
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE shop_id = 'flood-shop'`);
    await client.end();
    results.at(-1)!.floodStored = Number(rows[0]!.n);
    await child.stop();
  }
  console.log(
    `| phase | shoppers' events (refused) | p50 | p99 | flooder's batches (status: count) | flood events stored |`,
  );
  console.log('| --- | ---: | ---: | ---: | --- | ---: |');
  for (const r of results) {
    const flooder = [...r.statuses].map(([status, count]) => `${status}: ${count}`).join(', ') || '—';
    const [p50, p99] = [r.p50.toFixed(1), r.p99.toFixed(1)];
    console.log(
      `| ${r.name} | ${r.shopperEvents} (${r.refusedShoppers}) | ${p50} ms | ${p99} ms | ${flooder} | ${r.floodStored} |`,
    );
  }
} finally {
  await cluster.stop();
}
