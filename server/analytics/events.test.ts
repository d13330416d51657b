import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY, sampleEvent, startTestService, type TestService } from './testing/testServer.js';

const NOW = Date.UTC(2024, 4, 1, 12, 0, 0);
let svc: TestService;
beforeEach(async () => {
  svc = await startTestService({ now: () => NOW });
});
afterEach(() => svc.stop());

describe('POST /v3/event', () => {
  it('answers 202 and stores the event under the token shop and visitor', async () => {
    const token = await svc.identify('outdoor', 'visitor-1');
    const event = sampleEvent({ seq: 3 });
    const { status, body } = await svc.call('/v3/event', { token, json: event });
    expect(status).toBe(202);
    expect(body).toEqual({ id: event.id, duplicate: false });
    expect(await svc.service.stored('outdoor')).toEqual([
      { ...event, shop_id: 'outdoor', visitor_id: 'visitor-1', received_at: new Date(NOW).toISOString() },
    ]);
  });

  it('stores a repeated event id once and reports the repeat as a duplicate', async () => {
    const token = await svc.identify('outdoor');
    const event = sampleEvent();
    await svc.call('/v3/event', { token, json: event });
    const { status, body } = await svc.call('/v3/event', { token, json: { ...event, seq: 9 } });
    expect(status).toBe(202);
    expect(body).toEqual({ id: event.id, duplicate: true });
    expect(await svc.service.stored()).toHaveLength(1);
    expect((await svc.service.stored())[0]!.seq).toBe(0);
  });

  it('answers 401 without a token and stores nothing', async () => {
    const { status, body } = await svc.call('/v3/event', { json: sampleEvent() });
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'missing bearer token' });
    expect(await svc.service.stored()).toEqual([]);
  });

  it('drops fields outside the protocol and accepts null for optional data fields', async () => {
    const token = await svc.identify('outdoor');
    const event = sampleEvent({ extra: 'x', data: { page_type: null, metadata: { a: 1 } } });
    expect((await svc.call('/v3/event', { token, json: event })).status).toBe(202);
    const [stored] = await svc.service.stored();
    expect(stored).not.toHaveProperty('extra');
    expect(stored!.data).toEqual({ metadata: { a: 1 } });
  });
});

describe('event ids are unique per shop', () => {
  it('stores the same event id once for each shop, not as the second shop duplicate of the first', async () => {
    const outdoor = await svc.identify('outdoor', 'visitor-1');
    const garden = await svc.identify('garden', 'visitor-1');
    const event = sampleEvent();
    expect((await svc.call('/v3/event', { token: outdoor, json: event })).body).toEqual({
      id: event.id,
      duplicate: false,
    });
    expect((await svc.call('/v3/event', { token: garden, json: event })).body).toEqual({
      id: event.id,
      duplicate: false,
    });
    expect((await svc.call('/v3/event', { token: garden, json: event })).body).toEqual({
      id: event.id,
      duplicate: true,
    });
    expect((await svc.service.stored('outdoor')).map((stored) => stored.id)).toEqual([event.id]);
    expect((await svc.service.stored('garden')).map((stored) => stored.id)).toEqual([event.id]);
  });

  it('keeps one shop batch and server events apart from another shop with the same ids', async () => {
    const outdoor = await svc.identify('outdoor');
    const garden = await svc.identify('garden');
    const first = sampleEvent();
    const second = sampleEvent({ seq: 1 });
    await svc.call('/v3/batch', { token: outdoor, json: { events: [first, second] } });
    const { body } = await svc.call('/v3/batch', { token: garden, json: { events: [first, second] } });
    expect(body.results).toEqual([
      { id: first.id, status: 202, duplicate: false },
      { id: second.id, status: 202, duplicate: false },
    ]);
    const key = await svc.issueKey('hardware', 'server');
    const server = await svc.call('/v3/server-event', { token: key, json: { ...first, shop_id: 'hardware' } });
    expect(server.body).toEqual({ id: first.id, duplicate: false });
    expect((await svc.service.stored()).map((stored) => stored.shop_id)).toEqual([
      'outdoor',
      'outdoor',
      'garden',
      'garden',
      'hardware',
    ]);
  });

  it('lists an id stored by two shops under both, and finds it by id', async () => {
    const outdoor = await svc.identify('outdoor');
    const garden = await svc.identify('garden');
    const event = sampleEvent();
    await svc.call('/v3/event', { token: outdoor, json: event });
    await svc.call('/v3/event', { token: garden, json: { ...event, seq: 5 } });
    await svc.call('/v3/event', { token: garden, json: sampleEvent() });
    const listed = async (query: string): Promise<Array<{ shop_id: string; seq: number }>> => svc.list(query);
    expect((await listed(`?id=${event.id}`)).map(({ shop_id, seq }) => [shop_id, seq])).toEqual([
      ['outdoor', 0],
      ['garden', 5],
    ]);
    expect((await listed(`?id=${event.id}&shop_id=garden`)).map(({ shop_id, seq }) => [shop_id, seq])).toEqual([
      ['garden', 5],
    ]);
  });
});

describe('event ids compare as UUIDs, whatever their case', () => {
  it('stores an id sent in capitals in lower case and treats the lower-case id as its duplicate', async () => {
    const token = await svc.identify('outdoor');
    const event = sampleEvent();
    const id = event.id as string;
    const upper = await svc.call('/v3/event', { token, json: { ...event, id: id.toUpperCase() } });
    expect(upper.body).toEqual({ id, duplicate: false });
    expect((await svc.call('/v3/event', { token, json: event })).body).toEqual({ id, duplicate: true });
    expect((await svc.service.stored()).map((stored) => stored.id)).toEqual([id]);
  });

  it('reports a mixed-case repeat inside a batch as a duplicate and answers each id as it was sent', async () => {
    const token = await svc.identify('outdoor');
    const event = sampleEvent();
    const upper = (event.id as string).toUpperCase();
    const { body } = await svc.call('/v3/batch', { token, json: { events: [{ ...event, id: upper }, event] } });
    expect(body.results).toEqual([
      { id: upper, status: 202, duplicate: false },
      { id: event.id, status: 202, duplicate: true },
    ]);
    expect((await svc.service.stored()).map((stored) => stored.id)).toEqual([event.id]);
  });

  it('de-duplicates a legacy query event whose id differs only in case, and lists it by either case', async () => {
    const token = await svc.identify('outdoor');
    const event = sampleEvent();
    const id = event.id as string;
    await svc.call('/v3/event', { token, json: event });
    const legacy = await svc.call(`/trackEvent?token=${token}&event=e&url=u&id=${id.toUpperCase()}`);
    expect(legacy.body).toEqual({ id, duplicate: true });
    const listed = await svc.list(`?id=${id.toUpperCase()}`);
    expect(listed.map((stored: { id: string }) => stored.id)).toEqual([id]);
  });
});

describe('POST /v3/batch', () => {
  it('checks and stores each event on its own', async () => {
    const token = await svc.identify('outdoor', 'visitor-1');
    const seen = sampleEvent();
    await svc.call('/v3/event', { token, json: seen });
    const fresh = sampleEvent({ seq: 1 });
    const broken = sampleEvent({ seq: -1 });
    const { status, body } = await svc.call('/v3/batch', { token, json: { events: [fresh, broken, seen, 'junk'] } });
    expect(status).toBe(202);
    expect(body.results).toEqual([
      { id: fresh.id, status: 202, duplicate: false },
      { id: broken.id, status: 400, error: 'seq must be an integer >= 0' },
      { id: seen.id, status: 202, duplicate: true },
      { id: null, status: 400, error: 'event must be a JSON object' },
    ]);
    expect((await svc.service.stored()).map((event) => event.id)).toEqual([seen.id, fresh.id]);
  });

  it('reports the second of two equal ids in one batch as a duplicate', async () => {
    const token = await svc.identify('outdoor');
    const event = sampleEvent();
    const { body } = await svc.call('/v3/batch', { token, json: { events: [event, event] } });
    expect(body.results.map((result: { duplicate: boolean }) => result.duplicate)).toEqual([false, true]);
  });

  it.each([
    ['no events field', {}],
    ['an empty list', { events: [] }],
    ['more than 100 events', { events: Array.from({ length: 101 }, () => sampleEvent()) }],
    ['events that are not a list', { events: { 0: sampleEvent() } }],
  ])('refuses a batch with %s', async (_label, json) => {
    const token = await svc.identify('outdoor');
    const { status, body } = await svc.call('/v3/batch', { token, json });
    expect(status).toBe(400);
    expect(body.error).toBe('events must be an array of 1 to 100 events');
  });

  it('answers 401 without a token', async () => {
    expect((await svc.call('/v3/batch', { json: { events: [sampleEvent()] } })).status).toBe(401);
  });
});

describe('POST /v3/server-event', () => {
  it("stores an event for the server key's shop", async () => {
    const event = sampleEvent({ event: 'order:placed' });
    const { status, body } = await svc.call('/v3/server-event', {
      token: await svc.issueKey('outdoor', 'server'),
      json: { ...event, shop_id: 'outdoor', distinct_id: 'v-1' },
    });
    expect(status).toBe(202);
    expect(body).toEqual({ id: event.id, duplicate: false });
    expect((await svc.service.stored('outdoor'))[0]).toMatchObject({ event: 'order:placed', visitor_id: 'v-1' });
  });

  it('takes the shop from the key when the body names none', async () => {
    const event = sampleEvent();
    const token = await svc.issueKey('outdoor', 'server');
    expect((await svc.call('/v3/server-event', { token, json: event })).status).toBe(202);
    expect((await svc.service.stored('outdoor')).map((stored) => stored.id)).toEqual([event.id]);
  });
});

describe('GET /v3/events', () => {
  it('lists stored events in receipt order, filtered by shop, visitor and event', async () => {
    const outdoorA = await svc.identify('outdoor', 'a');
    const outdoorB = await svc.identify('outdoor', 'b');
    const garden = await svc.identify('garden', 'a');
    const sent = [
      [outdoorA, sampleEvent({ seq: 0 })],
      [garden, sampleEvent({ seq: 0 })],
      [outdoorB, sampleEvent({ seq: 0, event: 'ecommerce:product_click' })],
      [outdoorA, sampleEvent({ seq: 1 })],
    ] as const;
    for (const [token, event] of sent) await svc.call('/v3/event', { token, json: event });

    const ids = async (query: string): Promise<unknown[]> =>
      (await svc.list(query)).map((event: { id: string }) => event.id);
    expect(await ids('')).toEqual(sent.map(([, event]) => event.id));
    expect(await ids('?shop_id=outdoor')).toEqual([sent[0][1].id, sent[2][1].id, sent[3][1].id]);
    expect(await ids('?shop_id=outdoor&visitor=a')).toEqual([sent[0][1].id, sent[3][1].id]);
    expect(await ids('?event=ecommerce:product_click')).toEqual([sent[2][1].id]);
    expect(await ids('?shop_id=outdoor&limit=2')).toEqual([sent[2][1].id, sent[3][1].id]);
    expect(await ids('?shop_id=nowhere')).toEqual([]);

    const [first] = await svc.list('?shop_id=garden');
    expect(Object.keys(first).sort()).toEqual(
      ['data', 'environment', 'event', 'id', 'received_at', 'seq', 'shop_id', 'timestamp', 'url', 'visitor_id'].sort(),
    );
  });

  it.each(['0', '-1', '1.5', 'ten', '10001', '1e3', '0x10', '%205', '+5'])('refuses limit=%s', async (limit) => {
    const { status, body } = await svc.call(`/v3/events?limit=${limit}`, { token: ADMIN_KEY });
    expect(status).toBe(400);
    expect(body.error).toBe('limit must be an integer from 1 to 10000');
  });
});

describe('CORS', () => {
  it('grants nothing to an origin no shop allows, and refuses its calls before storing', async () => {
    const headers = { origin: 'https://evil.example' };
    const token = await svc.identify('outdoor');
    for (const answer of [
      await svc.call('/ping', { headers }),
      await svc.call('/v3/event', { headers, token, json: sampleEvent() }),
      await svc.call('/v3/identity', { headers, json: { shop_id: 'outdoor' } }),
    ]) {
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
    expect((await svc.call('/v3/event', { headers, token, json: sampleEvent() })).status).toBe(403);
    expect(await svc.service.stored()).toEqual([]);
  });

  it("grants a shop's own origins, for that shop only", async () => {
    const put = await svc.call('/v3/shops/outdoor/origins', {
      method: 'PUT',
      token: ADMIN_KEY,
      json: { origins: ['https://shop.example'] },
    });
    expect(put.body).toEqual({ shop_id: 'outdoor', origins: ['https://shop.example'] });
    const headers = { origin: 'https://shop.example' };
    const identity = await svc.call('/v3/identity', { headers, json: { shop_id: 'outdoor' } });
    expect(identity.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const sent = await svc.call('/v3/event', { headers, token: identity.body.id, json: sampleEvent() });
    expect(sent.status).toBe(202);
    expect(sent.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    // The same page asking for another shop's identity is refused, and cannot read the refusal's details.
    const other = await svc.call('/v3/identity', { headers, json: { shop_id: 'garden' } });
    expect(other.status).toBe(403);
    // A refusal before the shop is known stays readable, so the page can renew an expired token.
    const unauthorised = await svc.call('/v3/event', { headers, json: sampleEvent() });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });

  it('answers a preflight from an allowed origin allowing content-type and authorization, and one from elsewhere with no grant', async () => {
    await svc.call('/v3/shops/outdoor/origins', {
      method: 'PUT',
      token: ADMIN_KEY,
      json: { origins: ['https://shop.example'] },
    });
    const preflight = (origin: string) =>
      fetch(`${svc.base}/v3/event`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight('https://shop.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type, authorization');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it("treats a page of the service's own host as same-origin", async () => {
    const headers = { origin: new URL(svc.base).origin };
    const identity = await svc.call('/v3/identity', { headers, json: { shop_id: 'outdoor' } });
    expect(identity.status).toBe(200);
    expect(identity.headers.get('access-control-allow-origin')).toBe(headers.origin);
  });
});
