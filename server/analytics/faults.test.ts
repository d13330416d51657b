import { afterEach, describe, expect, it } from 'vitest';
import { sampleEvent, startTestService, type TestService } from './testing/testServer.js';

let svc: TestService;
afterEach(() => svc.stop());

async function withControls(): Promise<string> {
  svc = await startTestService({ controls: true });
  return svc.identify('outdoor', 'visitor-1');
}
const queue = (json: Record<string, unknown>) => svc.call('/__control/faults', { json });
const send = (token: string, event = sampleEvent()) => svc.call('/v3/event', { token, json: event });

describe('fault injection', () => {
  it('is absent unless the service is created with controls', async () => {
    svc = await startTestService();
    expect((await queue({ mode: 'refuse', count: 1 })).status).toBe(404);
    expect((await svc.call('/__control/reset', { method: 'POST' })).status).toBe(404);
  });

  it('answers the given status with Retry-After for exactly count requests, storing nothing', async () => {
    const token = await withControls();
    expect((await queue({ mode: 'status', status: 503, retryAfter: 2, count: 2 })).status).toBe(201);
    for (let i = 0; i < 2; i += 1) {
      const answer = await send(token, sampleEvent());
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(answer.body.error).toBe('injected fault: status 503');
    }
    expect(await svc.service.stored()).toEqual([]);
    expect((await send(token)).status).toBe(202);
    expect(await svc.service.stored()).toHaveLength(1);
  });

  it('delays exactly count requests by the asked time, then handles them normally', async () => {
    // The wait is injected so the test decides when it ends, instead of sleeping and timing.
    const waits: Array<{ ms: number; end: () => void }> = [];
    svc = await startTestService({
      controls: true,
      wait: (ms) => new Promise<void>((end) => void waits.push({ ms, end })),
    });
    const token = await svc.identify('outdoor', 'visitor-1');
    await queue({ mode: 'delay', delayMs: 500, count: 1 });
    let answered = false;
    const slow = send(token).then((answer) => {
      answered = true;
      return answer;
    });
    await expect.poll(() => waits.length).toBe(1);
    expect(waits[0]!.ms).toBe(500);
    expect(answered).toBe(false);
    expect(await svc.service.stored()).toEqual([]);
    waits[0]!.end();
    expect((await slow).status).toBe(202);
    expect((await send(token)).status).toBe(202);
    expect(waits).toHaveLength(1);
    expect(await svc.service.stored()).toHaveLength(2);
  });

  it('drops the connection for exactly count requests', async () => {
    const token = await withControls();
    await queue({ mode: 'refuse', count: 2 });
    await expect(send(token)).rejects.toThrow();
    await expect(svc.call('/v3/identity', { json: { shop_id: 'outdoor' } })).rejects.toThrow();
    expect((await send(token)).status).toBe(202);
  });

  it('touches only the listed paths, and never preflights or controls', async () => {
    const token = await withControls();
    await queue({ mode: 'status', status: 500, count: 1, paths: ['/v3/batch'] });
    expect((await send(token)).status).toBe(202);
    const preflight = await fetch(`${svc.base}/v3/batch`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect((await svc.call('/__control/faults')).body.faults).toHaveLength(1);
    expect((await svc.call('/v3/batch', { token, json: { events: [sampleEvent()] } })).status).toBe(500);
    expect((await svc.call('/v3/batch', { token, json: { events: [sampleEvent()] } })).status).toBe(202);
  });

  it('applies queued faults oldest first', async () => {
    const token = await withControls();
    await queue({ mode: 'status', status: 429, count: 1 });
    await queue({ mode: 'status', status: 500, count: 1 });
    expect((await send(token)).status).toBe(429);
    expect((await send(token)).status).toBe(500);
    expect((await send(token)).status).toBe(202);
  });

  it('lists what remains and clears on DELETE', async () => {
    const token = await withControls();
    await queue({ mode: 'status', status: 503, count: 3 });
    await send(token);
    const { body } = await svc.call('/__control/faults');
    expect(body.faults).toEqual([
      expect.objectContaining({ mode: 'status', status: 503, count: 2, paths: expect.arrayContaining(['/v3/event']) }),
    ]);
    expect((await svc.call('/__control/faults', { method: 'DELETE' })).body).toEqual({ faults: [] });
    expect((await send(token)).status).toBe(202);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ mode: 'explode', count: 1 }, 'mode must be one of status, delay, refuse'],
    [{ mode: 'refuse', count: 0 }, 'count must be an integer from 1 to 1000'],
    [{ mode: 'status', count: 1 }, 'status must be an integer from 200 to 599 for mode status'],
    [{ mode: 'status', status: 503, retryAfter: -1, count: 1 }, 'retryAfter must be a whole number of seconds'],
    [{ mode: 'delay', count: 1 }, 'delayMs must be an integer from 0 to 60000 for mode delay'],
    [
      { mode: 'refuse', count: 1, paths: ['/__control/faults'] },
      'paths must be a non-empty array of paths such as "/v3/event" (controls excluded)',
    ],
  ])('refuses the fault %j', async (json, error) => {
    await withControls();
    expect(await queue(json)).toMatchObject({ status: 400, body: { error } });
  });

  it('empties events and identities on reset', async () => {
    const token = await withControls();
    await send(token);
    expect((await svc.call('/__control/reset', { method: 'POST' })).status).toBe(200);
    expect(await svc.service.stored()).toEqual([]);
    // Tokens are self-contained, so one issued before the reset still works.
    expect((await send(token)).status).toBe(202);
  });
});
