/**
 * Chaos test: the real analytics service over HTTP, real fetch, real time, and sessions that share
 * one storage the way a shop's tabs share localStorage. A seeded PRNG mixes reloads, a second tab,
 * keepalive flushes and injected faults (401, 5xx, time-outs, refused connections, identity outages)
 * into the tracking; at the end every event must be stored once, and in order.
 * AISLE_CHAOS_EVENTS (default 500) and AISLE_CHAOS_SEED (default 1) steer it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createAnalyticsService,
  NO_RATE_LIMITS,
  type AnalyticsService,
  type StoredEvent,
} from '../../server/analytics/index.js';
import { ADMIN_KEY } from '../../server/analytics/testing/testServer.js';
import { checkDelivery, drainChaos, runChaos } from '../testing/chaosScript.js';

const EVENTS = Number(process.env.AISLE_CHAOS_EVENTS) || 500;
const SEED = Number(process.env.AISLE_CHAOS_SEED) || 1;
const SHOP = 'chaos-shop';
const TIMEOUT_MS = 120;

let server: Server;
let service: AnalyticsService;
let host: string;
const served: Record<string, number> = {};

beforeAll(async () => {
  service = createAnalyticsService({
    dbPath: ':memory:',
    tokenTtlSeconds: 2,
    controls: true,
    development: true,
    // Faults are what this test injects; rate limits have their own test (server/analytics/rateLimits.test.ts).
    rateLimits: NO_RATE_LIMITS,
  });
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    served[path] = (served[path] ?? 0) + 1;
    void service.handle(req, res, path);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

interface QueuedFault {
  mode: string;
  status?: number;
  paths: string[];
  count: number;
}

/** Which of the script's fault kinds a queued fault is. */
function kindOf(fault: QueuedFault): string {
  if (fault.mode !== 'status') return fault.mode === 'delay' ? 'timeout' : 'refused';
  return fault.status === 401 ? '401' : fault.paths.length === 1 ? 'identity' : '5xx';
}

it(
  `delivers ${EVENTS} events exactly once and in order through reloads, tabs and faults`,
  { timeout: 60_000 + EVENTS * 30 },
  async () => {
    const started = Date.now();
    const faults: Record<string, number> = { '401': 0, '5xx': 0, timeout: 0, refused: 0, identity: 0 };
    const run = await runChaos({
      host,
      shop: SHOP,
      events: EVENTS,
      seed: SEED,
      timeoutMs: TIMEOUT_MS,
      disturbRate: 0.1,
      async disturb(rand) {
        const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
        const kind = pick(['401', '5xx', 'timeout', 'refused', 'identity'] as const);
        const count = 1 + Math.floor(rand() * 3);
        const body = {
          '401': { mode: 'status', status: 401, paths: ['/v3/event', '/v3/batch'] },
          '5xx': { mode: 'status', status: pick([500, 502, 503, 429]), retryAfter: rand() < 0.3 ? 0 : undefined },
          timeout: { mode: 'delay', delayMs: TIMEOUT_MS * 2 },
          refused: { mode: 'refuse' },
          identity: { mode: 'status', status: 503, paths: ['/v3/identity'] },
        }[kind];
        const response = await fetch(`${host}/__control/faults`, {
          method: 'POST',
          body: JSON.stringify({ ...body, count }),
        });
        expect(response.status, await response.text()).toBeLessThan(300);
        faults[kind]! += count;
      },
    });

    // Let everything drain: the faults not used up are dropped, the outbox must empty out.
    const unused = ((await (await fetch(`${host}/__control/faults`)).json()) as { faults: QueuedFault[] }).faults;
    for (const fault of unused) faults[kindOf(fault)]! -= fault.count;
    await fetch(`${host}/__control/faults`, { method: 'DELETE' });
    await drainChaos(run, 45_000, SEED);

    const stored: StoredEvent[] =
      EVENTS < 9000
        ? (
            (await (
              await fetch(`${host}/v3/events?shop_id=${SHOP}&limit=10000`, {
                headers: { authorization: `Bearer ${ADMIN_KEY}` },
              })
            ).json()) as { events: StoredEvent[] }
          ).events
        : await service.stored(SHOP);
    checkDelivery(run, stored, SEED);

    const faultText = Object.entries(faults)
      .map(([kind, n]) => `${kind}:${n}`)
      .join(' ');
    const requests = ['/v3/event', '/v3/batch', '/v3/identity']
      .map((path) => `${path.slice(4)}:${served[path] ?? 0}`)
      .join(' ');
    const { stats } = run;
    console.log(
      `[chaos] seed=${SEED} events=${run.tracked.length} stored=${stored.length} pages=${stats.pages} reloads=${stats.reloads} second-tabs=${stats.tabsOpened} ` +
        `flushes=${stats.flushes} faults-hit(${faultText}) requests(${requests}) logged-errors=${stats.errors} backlog-pauses=${stats.paused} duration=${Date.now() - started}ms`,
    );
  },
);
