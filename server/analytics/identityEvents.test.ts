import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleEvent, startTestService, type TestService } from './testing/testServer.js';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService();
});
afterEach(() => svc.stop());

describe('an identity request may carry the page’s events (a page whose storage is full)', () => {
  it('issues the token and stores the events for its visitor, once each', async () => {
    const events = [sampleEvent(), sampleEvent({ event: 'ecommerce:product_click' })];
    const body = { shop_id: 'outdoor', distinct_id: 'visitor-9', events };
    const first = await svc.call('/v3/identity', { json: body });
    expect(first.status).toBe(200);
    expect(typeof first.body.id).toBe('string');
    expect(first.body.results.map((r: { status: number }) => r.status)).toEqual([202, 202]);
    const again = await svc.call('/v3/identity', { json: body });
    expect(again.body.results.map((r: { duplicate: boolean }) => r.duplicate)).toEqual([true, true]);
    const stored = await svc.list('?shop_id=outdoor');
    expect(stored.map((e) => [e.event, e.visitor_id])).toEqual([
      ['navigate:visit_page', 'visitor-9'],
      ['ecommerce:product_click', 'visitor-9'],
    ]);
  });

  it('refuses a malformed list before issuing anything, and answers a bad event on its own', async () => {
    expect((await svc.call('/v3/identity', { json: { shop_id: 'outdoor', events: [] } })).status).toBe(400);
    expect((await svc.call('/v3/identity', { json: { shop_id: 'outdoor', events: 'x' } })).status).toBe(400);
    const mixed = await svc.call('/v3/identity', {
      json: { shop_id: 'outdoor', events: [{ id: 'x' }, sampleEvent()] },
    });
    expect(mixed.body.results.map((r: { status: number }) => r.status)).toEqual([400, 202]);
  });
});
