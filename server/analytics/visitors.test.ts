import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY, sampleEvent, startTestService, type TestService } from './testing/testServer.js';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService();
});
afterEach(() => svc.stop());

/** Two events of visitor `ann` and one of `bob` in shop outdoor, one of `ann` in shop garden. */
async function seed(): Promise<void> {
  for (const [shop, visitor, count] of [
    ['outdoor', 'ann', 2],
    ['outdoor', 'bob', 1],
    ['garden', 'ann', 1],
  ] as const) {
    const token = await svc.identify(shop, visitor);
    for (let i = 0; i < count; i++)
      expect((await svc.call('/v3/event', { token, json: sampleEvent() })).status).toBe(202);
  }
}
const visitorsOf = async (shop: string) => (await svc.list(`?shop_id=${shop}`)).map((e) => e.visitor_id);

describe('erasing one visitor of one shop', () => {
  it('removes every event and the identity of that visitor, and nothing of anyone else', async () => {
    await seed();
    const server = await svc.issueKey('outdoor', 'server');
    const answer = await svc.call('/v3/visitors/ann?shop_id=outdoor&reference=DSR-2026-17', {
      method: 'DELETE',
      token: server,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ shop_id: 'outdoor', erased: { events: 2, identities: 1 } });
    expect(await visitorsOf('outdoor')).toEqual(['bob']);
    expect(await visitorsOf('garden')).toEqual(['ann']);
    const exported = await svc.call('/v3/visitors/ann/events?shop_id=outdoor', { token: ADMIN_KEY });
    expect(exported.body).toMatchObject({ identity: null, events: [] });
    const again = await svc.call('/v3/visitors/ann?shop_id=outdoor', { method: 'DELETE', token: ADMIN_KEY });
    expect(again.body.erased).toEqual({ events: 0, identities: 0 });
  });

  it.each([
    ['no key', undefined, 'outdoor', 401],
    ['a read key', 'read', 'outdoor', 403],
    ['another shop’s server key', 'server-garden', 'outdoor', 403],
    ['no shop', 'admin', '', 400],
  ])('is refused with %s', async (_, credential, shop, status) => {
    await seed();
    const token =
      credential === 'admin'
        ? ADMIN_KEY
        : credential === 'read'
          ? await svc.issueKey('outdoor', 'read')
          : credential === 'server-garden'
            ? await svc.issueKey('garden', 'server')
            : undefined;
    const query = shop ? `?shop_id=${shop}` : '';
    expect((await svc.call(`/v3/visitors/ann${query}`, { method: 'DELETE', token })).status).toBe(status);
    expect(await visitorsOf('outdoor')).toContain('ann');
  });

  it('refuses a reference that could carry personal data, and erases nothing', async () => {
    await seed();
    const answer = await svc.call('/v3/visitors/ann?shop_id=outdoor&reference=ann%40example.com', {
      method: 'DELETE',
      token: ADMIN_KEY,
    });
    expect(answer.status).toBe(400);
    expect(await visitorsOf('outdoor')).toContain('ann');
  });
});

describe('exporting one visitor’s data, and the audit log', () => {
  it('gives the visitor’s events and identity, for the shop’s server key', async () => {
    await seed();
    const server = await svc.issueKey('outdoor', 'server');
    const answer = await svc.call('/v3/visitors/ann/events?shop_id=outdoor', { token: server });
    expect(answer.status).toBe(200);
    expect(answer.body.visitor_id).toBe('ann');
    expect(answer.body.events).toHaveLength(2);
    expect(answer.body.events.every((e: { visitor_id: string }) => e.visitor_id === 'ann')).toBe(true);
    expect(answer.body.identity).toMatchObject({ first_seen: expect.any(String), last_seen: expect.any(String) });
  });

  it('audits each erasure and export with no personal data: never the visitor id', async () => {
    await seed();
    const server = await svc.issueKey('outdoor', 'server');
    await svc.call('/v3/visitors/ann/events?shop_id=outdoor&reference=DSR-1', { token: server });
    await svc.call('/v3/visitors/ann?shop_id=outdoor&reference=DSR-2', { method: 'DELETE', token: ADMIN_KEY });
    const log = await svc.call('/v3/audit', { token: ADMIN_KEY });
    expect(log.body.entries.map((e: { action: string; reference: string }) => [e.action, e.reference])).toEqual([
      ['erase', 'DSR-2'],
      ['export', 'DSR-1'],
    ]);
    expect(log.body.entries[1]).toMatchObject({ shopId: 'outdoor', actor: expect.stringMatching(/^key:/), events: 2 });
    expect(log.body.entries[0]).toMatchObject({ actor: 'admin', events: 2, identities: 1 });
    expect(JSON.stringify(log.body)).not.toContain('ann');
    expect((await svc.call('/v3/audit', { token: server })).status).toBe(403);
  });
});
