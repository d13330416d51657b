import { afterEach, describe, expect, it } from 'vitest';
import { OUTAGE_RETRY_AFTER_SECONDS } from './outage.js';
import { outage, type Outage } from './testing/outages.js';
import { sampleEvent, startTestService, testStore, type TestService } from './testing/testServer.js';

/** A `wait` the test releases by hand: the service's retries happen when the test says. */
function handWait(): { wait(ms: number): Promise<void>; next(): Promise<number>; release(): void } {
  const waiting: Array<() => void> = [];
  let asked: ((ms: number) => void) | undefined;
  return {
    wait: (ms) =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        asked?.(ms);
      }),
    next: () => new Promise<number>((resolve) => (asked = resolve)),
    release: () => waiting.shift()?.(),
  };
}

let svc: TestService | undefined;
let down: Outage | undefined;
afterEach(async () => {
  await svc?.stop();
  await down?.drop();
  svc = down = undefined;
});

describe('a database outage is answered truthfully', () => {
  it('answers 503 with Retry-After while the database is out, and stores the event once it is back', async () => {
    down = await outage();
    svc = await startTestService(down.options);
    const token = await svc.identify('outdoor');
    const event = sampleEvent();
    down.begin();
    const refused = await svc.call('/v3/event', { token, json: event });
    expect(refused).toMatchObject({ status: 503, body: { error: 'analytics database unavailable' } });
    expect(refused.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    const batch = await svc.call('/v3/batch', { token, json: { events: [sampleEvent()] } });
    expect(batch.status).toBe(503);
    expect(batch.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    if (testStore === 'postgres') {
      expect(await svc.call('/health/readiness')).toMatchObject({ status: 503, body: { status: 'error' } });
      expect((await svc.call('/v3/identity', { json: { shop_id: 'outdoor' } })).status).toBe(503);
    }
    expect((await svc.call('/health/liveness')).status).toBe(200);
    down.end();
    expect(await svc.call('/v3/event', { token, json: event })).toMatchObject({
      status: 202,
      body: { duplicate: false },
    });
    expect((await svc.call('/health/readiness')).status).toBe(200);
  });

  it.runIf(testStore === 'postgres')(
    'turns readiness to 503 while PostgreSQL is paused rather than hanging, and back to 200 after',
    async () => {
      const paused = await outage();
      down = paused;
      svc = await startTestService(paused.options);
      paused.proxy!.pause();
      // The probe gives up after 0.8 s: a load balancer's health check gets its answer in time.
      expect(await svc.call('/health/readiness')).toMatchObject({ status: 503 });
      expect(await svc.call('/health/downstream')).toMatchObject({ status: 503, body: { database: 'error' } });
      paused.proxy!.restore();
      expect((await svc.call('/health/readiness')).status).toBe(200);
    },
    // Not a measure of speed: a probe that waited on the frozen database would take 10 s or more.
    5_000,
  );

  it('comes up once the database is back when started while it is down, answering 503 meanwhile', async () => {
    down = await outage();
    down.begin();
    const retries = handWait();
    const firstRetry = retries.next();
    svc = await startTestService({ ...down.options, wait: retries.wait }, { waitUntilReady: false });
    expect(await firstRetry).toBeGreaterThan(0);
    expect((await svc.call('/health/liveness')).status).toBe(200);
    const waiting = await svc.call('/health/readiness');
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect((await svc.call('/v3/identity', { json: { shop_id: 'outdoor' } })).status).toBe(503);
    down.end();
    retries.release();
    await svc.service.ready;
    expect((await svc.call('/health/readiness')).status).toBe(200);
    const token = await svc.identify('outdoor');
    expect((await svc.call('/v3/event', { token, json: sampleEvent() })).status).toBe(202);
  });
});
