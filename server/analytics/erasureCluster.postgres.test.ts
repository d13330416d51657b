/**
 * Erasure in a deployment's shape: three analytics processes over one PostgreSQL. A visitor's events
 * and identity reach the database through every process; one process erases the visitor; none of
 * them holds a row of that visitor afterwards, and every other visitor is untouched.
 */
import { v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DEV_ANALYTICS_ADMIN_KEY } from './keys.js';
import { freshSchema } from './testing/postgresCluster.js';
import { startServiceProcess, type ServiceProcess } from './testing/processes.js';

const SHOP = 'erasure-cluster';
let schema: Awaited<ReturnType<typeof freshSchema>>;
let processes: ServiceProcess[] = [];

beforeAll(async () => {
  schema = await freshSchema(inject('postgresUrl'));
  const env = {
    // Development, asked for explicitly: a test's secret and the published admin key are accepted.
    NODE_ENV: 'development',
    AISLE_ANALYTICS_DATABASE_URL: schema.url,
    ANALYTICS_SECRET: 'erasure-cluster-secret-shared-by-every-process',
    AISLE_ANALYTICS_POOL_SIZE: '2',
  };
  processes = [await startServiceProcess(env)];
  processes.push(...(await Promise.all([startServiceProcess(env), startServiceProcess(env)])));
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((child) => child.stop()));
  await schema?.drop();
});

async function call(
  process: ServiceProcess,
  path: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
) {
  const { token, json, ...rest } = init;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`http://127.0.0.1:${process.port}${path}`, {
    ...rest,
    method: rest.method ?? (json === undefined ? 'GET' : 'POST'),
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- read field by field
}

const event = () => ({
  id: uuidv4(),
  seq: 0,
  event: 'search:sort',
  data: { metadata: { sort: 'price_asc' } },
  url: 'https://shop.example/outdoor/boots',
  timestamp: new Date().toISOString(),
  environment: 'production',
});

it('erasing a visitor through one of three processes leaves no row of them in any', { timeout: 60_000 }, async () => {
  for (const visitor of ['ann', 'bob']) {
    for (const [index, process] of processes.entries()) {
      const identity = await call(process, '/v3/identity', { json: { shop_id: SHOP, distinct_id: visitor } });
      const token = identity.body.id as string;
      // Each token's events go through another process than the one that issued it.
      const other = processes[(index + 1) % processes.length]!;
      for (let i = 0; i < 5; i++) expect((await call(other, '/v3/event', { token, json: event() })).status).toBe(202);
    }
  }
  const keyAnswer = await call(processes[0]!, '/v3/keys', {
    token: DEV_ANALYTICS_ADMIN_KEY,
    json: { shop_id: SHOP, kind: 'server' },
  });
  const serverKey = keyAnswer.body.key as string;
  // Another visitor's events keep arriving through the other processes while the erasure runs.
  const bobToken = (await call(processes[0]!, '/v3/identity', { json: { shop_id: SHOP, distinct_id: 'bob' } })).body
    .id as string;
  const arriving = Promise.all(
    Array.from({ length: 20 }, (_, i) => call(processes[i % 3]!, '/v3/event', { token: bobToken, json: event() })),
  );
  const erased = await call(processes[1]!, `/v3/visitors/ann?shop_id=${SHOP}`, { method: 'DELETE', token: serverKey });
  expect(erased.body.erased).toEqual({ events: 15, identities: 1 });
  expect((await arriving).map((answer) => answer.status)).toEqual(Array(20).fill(202));
  for (const process of processes) {
    const listed = await call(process, `/v3/events?shop_id=${SHOP}`, { token: DEV_ANALYTICS_ADMIN_KEY });
    const visitors = (listed.body.events as Array<{ visitor_id: string }>).map((e) => e.visitor_id);
    expect(visitors.filter((v) => v === 'ann')).toHaveLength(0);
    expect(visitors.filter((v) => v === 'bob')).toHaveLength(35);
    const exported = await call(process, `/v3/visitors/ann/events?shop_id=${SHOP}`, { token: serverKey });
    expect(exported.body).toMatchObject({ identity: null, events: [] });
  }
});
