/**
 * The chaos script against a deployment's shape: three analytics processes over one PostgreSQL
 * behind a round-robin proxy, one of them killed (SIGKILL) a third of the way through, right after
 * it stored a request whose answer is then lost, and started again at two thirds. The client sends
 * what it never heard back about again, through another process: every event must still be stored
 * exactly once, and in order.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { StoredEvent } from '../../server/analytics/index.js';
import { DEV_ANALYTICS_ADMIN_KEY } from '../../server/analytics/keys.js';
import { freshSchema } from '../../server/analytics/testing/postgresCluster.js';
import {
  startRoundRobinProxy,
  startServiceProcess,
  type RoundRobinProxy,
  type ServiceProcess,
} from '../../server/analytics/testing/processes.js';
import { checkDelivery, drainChaos, runChaos } from '../testing/chaosScript.js';

const EVENTS = Number(process.env.AISLE_CHAOS_EVENTS) || 400;
const SEED = Number(process.env.AISLE_CHAOS_SEED) || 7;
const SHOP = 'chaos-cluster';

let schema: Awaited<ReturnType<typeof freshSchema>>;
let processes: ServiceProcess[] = [];
let proxy: RoundRobinProxy;

beforeAll(async () => {
  schema = await freshSchema(inject('postgresUrl'));
  const env = {
    NODE_ENV: 'development',
    AISLE_ANALYTICS_DATABASE_URL: schema.url,
    ANALYTICS_SECRET: 'chaos-cluster-secret-shared-by-every-process',
    AISLE_ANALYTICS_POOL_SIZE: '4',
    // Faults are what this test injects; rate limits have their own test (server/analytics/rateLimits.test.ts).
    ANALYTICS_RATE_VISITOR: 'off',
    ANALYTICS_RATE_SHOP: 'off',
    ANALYTICS_RATE_ADDRESS: 'off',
  };
  // The first process runs the migrations; the others then find the schema ready.
  processes = [await startServiceProcess(env)];
  processes.push(...(await Promise.all([startServiceProcess(env), startServiceProcess(env)])));
  proxy = await startRoundRobinProxy(processes.map((child) => child.port));
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(processes.map((child) => child.stop()));
  await schema?.drop();
});

it(
  `stores ${EVENTS} events exactly once through three processes, one killed and restarted mid-run`,
  { timeout: 120_000 + EVENTS * 50 },
  async () => {
    const started = Date.now();
    const victim = processes[1]!;
    let killedAt = -1;
    let restartedAt = -1;
    let lostAnswers = 0;
    const run = await runChaos({
      host: proxy.base,
      shop: SHOP,
      events: EVENTS,
      seed: SEED,
      timeoutMs: 1000,
      disturbRate: 0,
      disturb: async () => undefined,
      async onStep(step) {
        if (killedAt < 0 && step >= EVENTS / 3) {
          killedAt = step;
          // Killed between doing the work and answering: the worst moment for exactly-once.
          proxy.onAnswer = async (port) => {
            if (port !== victim.port) return 'pass';
            proxy.onAnswer = undefined;
            await victim.kill();
            lostAnswers += 1;
            return 'drop';
          };
        } else if (killedAt >= 0 && restartedAt < 0 && step >= (2 * EVENTS) / 3) {
          restartedAt = step;
          await victim.restart();
        }
      },
    });
    await drainChaos(run, 60_000, SEED);
    const response = await fetch(`${proxy.base}/v3/events?shop_id=${SHOP}&limit=10000`, {
      headers: { authorization: `Bearer ${DEV_ANALYTICS_ADMIN_KEY}` },
    });
    const stored = ((await response.json()) as { events: StoredEvent[] }).events;
    checkDelivery(run, stored, SEED);
    expect(restartedAt).toBeGreaterThan(killedAt);
    expect(lostAnswers, 'the victim was killed with an answer in flight').toBe(1);
    // Every process took part, the victim before it was killed and after it came back.
    for (const child of processes) expect(proxy.served.get(child.port) ?? 0).toBeGreaterThan(0);
    console.log(
      `[chaos-cluster] seed=${SEED} events=${run.tracked.length} stored=${stored.length} killed@${killedAt} (answers lost: ${lostAnswers}) restarted@${restartedAt} ` +
        `served=${[...proxy.served.values()].join('/')} logged-errors=${run.stats.errors} duration=${Date.now() - started}ms`,
    );
  },
);
