import { createConnection } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY, sampleEvent, startTestService, type TestService } from './testing/testServer.js';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService();
});
afterEach(() => svc.stop());

describe('reading events takes a key', () => {
  it('refuses a listing without a key, with a wrong key, or with a visitor token (401)', async () => {
    const token = await svc.identify('outdoor');
    await svc.call('/v3/event', { token, json: sampleEvent() });
    for (const credential of [undefined, 'not-a-key', `${ADMIN_KEY}x`, token]) {
      const answer = await svc.call('/v3/events?shop_id=outdoor', { token: credential });
      expect(answer.status, String(credential)).toBe(401);
      expect(answer.body.events).toBeUndefined();
    }
  });

  it("lets a shop's read key list that shop only, whatever shop the query names", async () => {
    const outdoor = await svc.identify('outdoor');
    const garden = await svc.identify('garden');
    const mine = sampleEvent();
    await svc.call('/v3/event', { token: outdoor, json: mine });
    await svc.call('/v3/event', { token: garden, json: sampleEvent() });
    const key = await svc.issueKey('outdoor', 'read');
    const all = await svc.call('/v3/events', { token: key });
    expect(all.body.events.map((event: { id: string }) => event.id)).toEqual([mine.id]);
    expect((await svc.call('/v3/events?shop_id=garden', { token: key })).status).toBe(403);
  });

  it('stops a revoked key at once, and keeps listing keys without their secrets', async () => {
    const key = await svc.issueKey('outdoor', 'read');
    const [listed] = (await svc.call('/v3/keys?shop_id=outdoor', { token: ADMIN_KEY })).body.keys;
    expect(listed).toMatchObject({ shopId: 'outdoor', kind: 'read', revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(key.split('_').at(-1));
    expect(listed.hash).toBeUndefined();
    expect((await svc.call(`/v3/keys/${listed.id}`, { method: 'DELETE', token: ADMIN_KEY })).status).toBe(200);
    expect((await svc.call('/v3/events', { token: key })).status).toBe(401);
  });

  it('keeps key management to the admin key', async () => {
    const read = await svc.issueKey('outdoor', 'read');
    expect((await svc.call('/v3/keys', { json: { shop_id: 'outdoor', kind: 'read' } })).status).toBe(401);
    expect((await svc.call('/v3/keys', { token: read, json: { shop_id: 'outdoor', kind: 'server' } })).status).toBe(
      403,
    );
    expect((await svc.call('/v3/keys', { token: ADMIN_KEY, json: { shop_id: 'outdoor', kind: 'owner' } })).status).toBe(
      400,
    );
  });
});

describe('server events take a server key of that shop', () => {
  it('refuses a server event without a key, with a read key or with the admin key, and stores nothing', async () => {
    const read = await svc.issueKey('outdoor', 'read');
    for (const [credential, status] of [
      [undefined, 401],
      ['aisle_server_0123456789abcdef_' + 'A'.repeat(43), 401],
      [read, 403],
      [ADMIN_KEY, 403],
    ] as const) {
      const answer = await svc.call('/v3/server-event', {
        token: credential,
        json: { ...sampleEvent(), shop_id: 'outdoor' },
      });
      expect(answer.status, String(credential)).toBe(status);
    }
    expect(await svc.service.stored()).toEqual([]);
  });

  it("refuses a server key's event for another shop (403)", async () => {
    const key = await svc.issueKey('outdoor', 'server');
    const answer = await svc.call('/v3/server-event', { token: key, json: { ...sampleEvent(), shop_id: 'garden' } });
    expect(answer).toMatchObject({
      status: 403,
      body: { error: 'this server key sends events for shop outdoor only' },
    });
    expect(await svc.service.stored()).toEqual([]);
  });
});

describe('time bounds', () => {
  const received = Date.parse('2024-05-01T12:00:00.000Z');
  it.each([
    ['year 0', '0000-01-01T00:00:00Z', 'timestamp is more than 30 days before the event was received'],
    ['1970', '1970-01-01T00:00:00Z', 'timestamp is more than 30 days before the event was received'],
    ['31 days before receipt', '2024-03-31T11:59:59Z', 'timestamp is more than 30 days before the event was received'],
    ['year 9999', '9999-12-31T23:59:59Z', 'timestamp is more than 1 hour after the event was received'],
    ['61 minutes after receipt', '2024-05-01T13:01:00Z', 'timestamp is more than 1 hour after the event was received'],
  ])('refuses an event dated %s (400)', async (_label, timestamp, error) => {
    const token = await svc.identify('outdoor');
    expect(await svc.call('/v3/event', { token, json: sampleEvent({ timestamp }) })).toMatchObject({
      status: 400,
      body: { error },
    });
    expect(await svc.service.stored()).toEqual([]);
  });

  it('accepts the edges of the window and stores the receipt time beside the timestamp', async () => {
    const token = await svc.identify('outdoor');
    const edges = [new Date(received - 30 * 86_400_000).toISOString(), new Date(received + 3_600_000).toISOString()];
    for (const timestamp of edges)
      expect((await svc.call('/v3/event', { token, json: sampleEvent({ timestamp }) })).status).toBe(202);
    expect((await svc.service.stored()).map((event) => [event.timestamp, event.received_at])).toEqual(
      edges.map((timestamp) => [timestamp, new Date(received).toISOString()]),
    );
  });

  it('refuses a batch event out of the window on its own, storing the others', async () => {
    const token = await svc.identify('outdoor');
    const good = sampleEvent();
    const { body } = await svc.call('/v3/batch', {
      token,
      json: { events: [sampleEvent({ timestamp: '1970-01-01T00:00:00Z' }), good] },
    });
    expect(body.results.map((result: { status: number }) => result.status)).toEqual([400, 202]);
    expect((await svc.service.stored()).map((event) => event.id)).toEqual([good.id]);
  });
});

describe('field bounds', () => {
  it.each([
    ['url', { url: `https://shop.example/${'a'.repeat(2048)}` }, 'url must be at most 2048 characters'],
    ['page_title', { data: { page_title: 't'.repeat(1001) } }, 'data.page_title must be at most 1000 characters'],
    ['referrer', { data: { referrer: 'r'.repeat(2049) } }, 'data.referrer must be at most 2048 characters'],
    ['page_type', { data: { page_type: 'p'.repeat(101) } }, 'data.page_type must be at most 100 characters'],
    [
      'metadata',
      { data: { metadata: { ids: 'x'.repeat(40_000) } } },
      'data.metadata must be at most 32768 bytes as JSON',
    ],
    ['a NUL in the title', { data: { page_title: 'a\u0000b' } }, 'text must not contain NUL characters'],
    [
      'half a surrogate pair',
      { data: { metadata: { q: '\ud800' } } },
      'text must be well-formed Unicode (an unpaired surrogate was sent)',
    ],
  ])('refuses an oversized or unstorable %s, naming the field (400)', async (_label, change, error) => {
    const token = await svc.identify('outdoor');
    expect(await svc.call('/v3/event', { token, json: sampleEvent(change) })).toMatchObject({
      status: 400,
      body: { error },
    });
  });

  it('accepts a url of exactly 2048 characters', async () => {
    const token = await svc.identify('outdoor');
    const url = `https://shop.example/${'a'.repeat(2048 - 'https://shop.example/'.length)}`;
    expect((await svc.call('/v3/event', { token, json: sampleEvent({ url }) })).status).toBe(202);
  });
});

describe('a refused body closes its connection', () => {
  it('answers a body declared over the limit with 413 and closes, so its bytes never become the next request', async () => {
    const token = await svc.identify('outdoor');
    const { port } = new URL(svc.base);
    const socket = createConnection(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // The declared length is a lie: what follows the headers is a second request, smuggled as body.
    const smuggled = 'GET /analytics/v3/events HTTP/1.1\r\nHost: x\r\n\r\n';
    socket.write(
      `POST /analytics/v3/event HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\n\r\n${smuggled}`,
    );
    await closed;
    const text = Buffer.concat(received).toString();
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('closes the connection after refusing a request whose body it did not read (401 before the body)', async () => {
    const { port } = new URL(svc.base);
    const socket = createConnection(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const smuggled = 'GET /analytics/ping HTTP/1.1\r\nHost: x\r\n\r\n';
    socket.write(`POST /analytics/v3/event HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n${smuggled}`);
    await closed;
    const text = Buffer.concat(received).toString();
    expect(text).toMatch(/^HTTP\/1\.1 401/);
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });
});
