import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { ADMIN_KEY, sampleEvent, startTestService, type TestService } from './testing/testServer.js';

let svc: TestService;
let token: string;
beforeEach(async () => {
  svc = await startTestService();
  token = await svc.identify('outdoor', 'visitor-1');
});
afterEach(() => svc.stop());

const deep = (levels: number): unknown => Array.from({ length: levels }).reduce<unknown>((inner) => ({ inner }), 1);

describe('malformed event bodies answer 400 with what is wrong', () => {
  it.each<[string, string | undefined, string]>([
    ['an empty body', '', 'body is empty: expected a JSON object'],
    ['a body that is not JSON', '{"id": ', 'body is not valid JSON'],
    ['a JSON array', '[]', 'body must be a JSON object'],
    ['JSON null', 'null', 'body must be a JSON object'],
    ['a JSON string', '"event"', 'body must be a JSON object'],
  ])('%s', async (_label, body, error) => {
    const answer = await svc.call('/v3/event', { token, method: 'POST', body });
    expect(answer).toMatchObject({ status: 400, body: { error } });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no id', { id: undefined }, 'id must be a UUID string'],
    ['an id that is not a UUID', { id: 'event-1' }, 'id must be a UUID string'],
    ['no seq', { seq: undefined }, 'seq must be an integer >= 0'],
    ['a negative seq', { seq: -1 }, 'seq must be an integer >= 0'],
    ['a fractional seq', { seq: 1.5 }, 'seq must be an integer >= 0'],
    ['a seq given as text', { seq: '1' }, 'seq must be an integer >= 0'],
    ['an empty event name', { event: '' }, 'event must be a string of 1 to 100 characters'],
    ['an event name of 101 characters', { event: 'e'.repeat(101) }, 'event must be a string of 1 to 100 characters'],
    ['no data', { data: undefined }, 'data must be an object'],
    ['data as a list', { data: [] }, 'data must be an object'],
    ['a numeric page_type', { data: { page_type: 3 } }, 'data.page_type must be a string'],
    ['a page_title object', { data: { page_title: {} } }, 'data.page_title must be a string'],
    ['a boolean referrer', { data: { referrer: true } }, 'data.referrer must be a string'],
    ['metadata as text', { data: { metadata: 'x' } }, 'data.metadata must be an object'],
    [
      'metadata nested 17 levels deep',
      { data: { metadata: deep(17) } },
      'data.metadata is nested deeper than 16 levels',
    ],
    ['a numeric url', { url: 42 }, 'url must be a string'],
    ['a timestamp that is not a date', { timestamp: 'yesterday' }, 'timestamp must be an ISO 8601 date-time string'],
    ['a date without a time', { timestamp: '2024-05-01' }, 'timestamp must be an ISO 8601 date-time string'],
    ['an impossible date', { timestamp: '2024-13-45T10:00:00Z' }, 'timestamp must be an ISO 8601 date-time string'],
    ['an empty environment', { environment: '' }, 'environment must be a string of 1 to 100 characters'],
  ])('an event with %s', async (_label, change, error) => {
    const answer = await svc.call('/v3/event', { token, json: sampleEvent(change) });
    expect(answer).toMatchObject({ status: 400, body: { error } });
    expect(await svc.service.stored()).toEqual([]);
  });

  it.each([
    ['the 30th of February', '2026-02-30T10:00:00Z'],
    ['the 31st of April', '2026-04-31T10:00:00.000Z'],
    ['the 29th of February in a common year', '2023-02-29T10:00:00Z'],
    ['month 13', '2026-13-01T10:00:00Z'],
    ['month 0', '2026-00-10T10:00:00Z'],
    ['day 0', '2026-01-00T10:00:00Z'],
    ['hour 24', '2026-01-01T24:00:00Z'],
    ['hour 25', '2026-01-01T25:00:00Z'],
    ['minute 60', '2026-01-01T10:60:00Z'],
    ['second 60', '2026-01-01T10:00:60Z'],
    ['a zone offset of 24 hours', '2026-01-01T10:00:00+24:00'],
    ['a zone offset with 60 minutes', '2026-01-01T10:00:00+05:60'],
  ])('refuses an impossible timestamp: %s', async (_label, timestamp) => {
    const answer = await svc.call('/v3/event', { token, json: sampleEvent({ timestamp }) });
    expect(answer).toMatchObject({ status: 400, body: { error: 'timestamp must be an ISO 8601 date-time string' } });
    expect(await svc.service.stored()).toEqual([]);
  });

  it.each([
    '2024-02-29T23:59:59Z',
    '2026-12-31T00:00:00.123456789Z',
    '2026-04-30T10:00+05:30',
    '2026-01-01T00:00:00-23:59',
  ])('accepts the real timestamp %s', async (timestamp) => {
    // Received the moment it was made, so only the calendar is being checked here.
    await svc.stop();
    svc = await startTestService({ now: () => Date.parse(timestamp) });
    token = await svc.identify('outdoor', 'visitor-1');
    const answer = await svc.call('/v3/event', { token, json: sampleEvent({ timestamp }) });
    expect(answer.status).toBe(202);
    expect((await svc.service.stored())[0]!.timestamp).toBe(timestamp);
  });

  it('accepts metadata nested exactly 16 levels deep', async () => {
    expect((await svc.call('/v3/event', { token, json: sampleEvent({ data: { metadata: deep(16) } }) })).status).toBe(
      202,
    );
  });

  it('answers 413 to a body over 256 KiB', async () => {
    const answer = await svc.call('/v3/event', { token, json: sampleEvent({ url: 'x'.repeat(300 * 1024) }) });
    expect(answer).toMatchObject({ status: 413, body: { error: 'body larger than 262144 bytes' } });
  });
});

describe('compressed bodies', () => {
  const eventJson = (): string => JSON.stringify(sampleEvent());
  const post = (body: Uint8Array | string, encoding: string): ReturnType<TestService['call']> =>
    svc.call('/v3/event', {
      token,
      method: 'POST',
      // A copy, so the bytes sit in a plain ArrayBuffer as fetch's typings ask.
      body: typeof body === 'string' ? body : new Uint8Array(body),
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    });

  it.each<[string, (text: string) => Buffer]>([
    ['gzip', (text) => gzipSync(text)],
    ['x-gzip', (text) => gzipSync(text)],
    ['GZIP', (text) => gzipSync(text)],
    ['deflate', (text) => deflateSync(text)],
    ['br', (text) => brotliCompressSync(text)],
    ['identity', (text) => Buffer.from(text)],
  ])('stores an event sent with content-encoding %s', async (encoding, encode) => {
    const answer = await post(encode(eventJson()), encoding);
    expect(answer.status).toBe(202);
    expect(await svc.service.stored()).toHaveLength(1);
  });

  it.each<[string, string, () => Uint8Array | string]>([
    ['plain JSON labelled gzip', 'gzip', eventJson],
    ['a gzip body cut short', 'gzip', () => gzipSync(eventJson()).subarray(0, 20)],
    ['an empty body labelled gzip', 'gzip', () => ''],
    ['gzip labelled deflate', 'deflate', () => gzipSync(eventJson())],
    ['plain JSON labelled br', 'br', eventJson],
  ])('answers 400 to %s and stores nothing', async (_label, encoding, body) => {
    const answer = await post(body(), encoding);
    expect(answer).toMatchObject({ status: 400, body: { error: `body is not valid ${encoding}` } });
    expect(await svc.service.stored()).toEqual([]);
  });

  it.each(['gzip', 'deflate', 'br'])('answers 413 to a %s body that inflates past 256 KiB', async (encoding) => {
    const huge = JSON.stringify(sampleEvent({ url: 'x'.repeat(300 * 1024) }));
    const compress = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync }[encoding]!;
    const body = compress(huge);
    expect(body.length).toBeLessThan(64 * 1024);
    const answer = await post(body, encoding);
    expect(answer).toMatchObject({ status: 413, body: { error: 'body larger than 262144 bytes once decompressed' } });
    expect(await svc.service.stored()).toEqual([]);
  });

  it('answers 415 to an encoding the service cannot decode', async () => {
    const answer = await post(eventJson(), 'compress');
    expect(answer).toMatchObject({ status: 415, body: { error: 'content-encoding compress is not supported' } });
    expect(await svc.service.stored()).toEqual([]);
  });
});

describe('malformed identity bodies answer 400 with what is wrong', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['no shop_id', {}, 'shop_id is required'],
    ['an empty shop_id', { shop_id: '' }, 'shop_id must be a string of 1 to 100 characters'],
    ['a shop_id of 101 characters', { shop_id: 's'.repeat(101) }, 'shop_id must be a string of 1 to 100 characters'],
    ['a numeric shop_id', { shop_id: 7 }, 'shop_id must be a string of 1 to 100 characters'],
    ['metadata as a list', { shop_id: 'outdoor', metadata: [] }, 'metadata must be an object'],
    [
      'a screen width in words',
      { shop_id: 'outdoor', metadata: { screen_width: 'wide' } },
      'metadata.screen_width must be a number >= 0',
    ],
    [
      'a numeric user agent',
      { shop_id: 'outdoor', metadata: { user_agent: 5 } },
      'metadata.user_agent must be a string',
    ],
  ])('%s', async (_label, json, error) => {
    expect(await svc.call('/v3/identity', { json })).toMatchObject({ status: 400, body: { error } });
  });
});

// A seeded generator keeps any failure reproducible.
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('garbage never crashes the service', () => {
  it('answers 300 garbage requests without a 5xx and keeps serving', async () => {
    await svc.stop();
    svc = await startTestService({ controls: true });
    token = await svc.identify('outdoor', 'visitor-1');
    const errors = vi.spyOn(console, 'error');
    const rand = random(20240501);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    const scalars = [
      null,
      true,
      false,
      0,
      -1,
      1.5,
      1e308,
      -0,
      '',
      'x',
      '\ud800',
      '💥',
      '2024-05-01T10:00:00Z',
      '__proto__',
    ];
    const value = (depth: number): unknown => {
      const roll = rand();
      if (depth > 3 || roll < 0.5) return pick(scalars);
      if (roll < 0.75) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      const keys = [
        'id',
        'seq',
        'event',
        'data',
        'url',
        'metadata',
        'shop_id',
        'events',
        'token',
        '__proto__',
        'constructor',
      ];
      return Object.fromEntries(Array.from({ length: Math.floor(rand() * 5) }, () => [pick(keys), value(depth + 1)]));
    };
    const mutated = (): unknown => {
      const event: Record<string, unknown> = { ...sampleEvent(), shop_id: 'outdoor', token };
      const field = pick([...Object.keys(event), 'data']);
      if (rand() < 0.3) delete event[field];
      else event[field] = value(1);
      return rand() < 0.3 ? { events: [event, value(0)] } : event;
    };
    const bodies = [
      () => Buffer.from(Array.from({ length: Math.floor(rand() * 600) }, () => Math.floor(rand() * 256))),
      () => JSON.stringify(value(0)),
      () => JSON.stringify(mutated()),
      () => JSON.stringify(mutated()).slice(0, Math.floor(rand() * 80)),
      () => `{"data":{"metadata":${'['.repeat(5000)}${']'.repeat(5000)}}}`,
    ];
    const posts = [
      '/v3/event',
      '/v3/batch',
      '/v3/identity',
      '/v3/server-event',
      '/v2/getIdentity',
      '/v2/trackEvent',
      '/__control/faults',
    ];
    const gets = ['/getIdentity', '/trackEvent', '/v3/events', '/v3/identity'];
    const query = (): string =>
      ['shop_id', 'distinct_id', 'token', 'event', 'url', 'id', 'limit', 'visitor']
        .filter(() => rand() < 0.5)
        // Lone surrogates cannot be percent-encoded, so they travel as raw broken escapes instead.
        .map(
          (key) =>
            `${key}=${encodeURIComponent(String(value(3)).replace(/[\ud800-\udfff]/g, ''))}${pick(['', '%', '%zz', '&&='])}`,
        )
        .join('&');

    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i += 1) {
      const auth = rand() < 0.5 ? { token } : rand() < 0.5 ? { token: 'x.y.z' } : {};
      const answer =
        rand() < 0.8
          ? await svc.call(pick(posts), { ...auth, method: 'POST', body: pick(bodies)() })
          : await svc.call(`${pick(gets)}?${query()}`, auth);
      expect(answer.status, `request ${i}`).toBeLessThan(500);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 400) expect(typeof answer.body.error).toBe('string');
    }
    expect((await svc.call('/ping')).body).toEqual({ pong: true });
    expect(errors).not.toHaveBeenCalled();
    // The garbage must reach both the refusals and the storing paths to prove anything.
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 202, 400, 401]));
  });
});

describe('garbage headers, methods and paths never crash the service', () => {
  it('answers 400 garbage header and path combinations without a 5xx and keeps serving', async () => {
    await svc.stop();
    svc = await startTestService({ controls: true });
    token = await svc.identify('outdoor', 'visitor-1');
    const errors = vi.spyOn(console, 'error');
    const rand = random(20261123);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    const json = (): string => JSON.stringify({ ...sampleEvent(), shop_id: 'outdoor', events: [sampleEvent()] });
    const bodies: Array<() => Uint8Array | string> = [
      json,
      () => gzipSync(json()),
      () => gzipSync(json()).subarray(0, Math.floor(rand() * 40)),
      () => deflateSync(json()),
      () => brotliCompressSync(json()),
      () => gzipSync(gzipSync(json())),
      () => gzipSync(Buffer.from(Array.from({ length: 200 }, () => Math.floor(rand() * 256)))),
      () => Buffer.from(Array.from({ length: Math.floor(rand() * 300) }, () => Math.floor(rand() * 256))),
      () => '',
    ];
    const encodings = [
      undefined,
      '',
      'gzip',
      'GZip',
      'x-gzip',
      'deflate',
      'br',
      'identity',
      'gzip, gzip',
      'gzip, identity',
      'gzip,,',
      ',',
      'gzip, br, deflate',
      'compress',
      'zstd',
      '*',
      'gzip;q=1',
      'constructor',
      '__proto__',
      'toString',
    ];
    const serverKey = await svc.issueKey('outdoor', 'server');
    // The good credentials come up more often, so that garbage bodies also reach the storing paths.
    const authorizations = [
      undefined,
      `Bearer ${token}`,
      `Bearer ${token}`,
      `Bearer ${serverKey}`,
      `Bearer ${serverKey}`,
      `Bearer ${ADMIN_KEY}`,
      `Bearer ${serverKey.slice(0, -1)}x`,
      `bearer   ${token}  `,
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Bearer ..',
      `Bearer ${'x'.repeat(4000)}`,
      'Basic dXNlcjpwYXNz',
      `Bearer ${token} extra`,
    ];
    const contentTypes = [undefined, 'application/json', 'text/plain', 'application/x-www-form-urlencoded', '*/*;;='];
    const paths = [
      '/v3/event',
      '/v3/batch',
      '/v3/server-event',
      '/v3/identity',
      '/v2/getIdentity',
      '/v2/trackEvent',
      '/trackEvent?token=x&event=e&url=u&id=%zz',
      '/getIdentity?shop_id=%E0%A4%A',
      '/v3/events?limit=1e3&id=%00',
      '/v3/events?id=ABC',
      '/v3/event/',
      '//v3//event',
      '/v3/%2e%2e/event',
      '/%zz',
      '/__control/faults',
      '/__control/reset',
      '/health/readiness',
      '/',
    ];
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i += 1) {
      const method = pick(methods);
      const headers: Record<string, string> = {};
      const encoding = pick(encodings);
      if (encoding !== undefined) headers['content-encoding'] = encoding;
      const authorization = pick(authorizations);
      if (authorization !== undefined) headers.authorization = authorization;
      const contentType = pick(contentTypes);
      if (contentType !== undefined) headers['content-type'] = contentType;
      const raw = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies)();
      const body = raw === undefined || typeof raw === 'string' ? raw : new Uint8Array(raw);
      const path = pick(paths);
      const answer = await svc.call(path, { method, headers, body });
      expect(answer.status, `request ${i}`).toBeLessThan(500);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 400 && method !== 'HEAD') expect(typeof answer.body.error).toBe('string');
    }
    // Each storing path with its own credential under every encoding: the garbage reaches the storing code.
    const credentials = { '/v3/event': token, '/v3/batch': token, '/v3/server-event': serverKey };
    for (const [path, credential] of Object.entries(credentials)) {
      for (const encoding of encodings) {
        const headers: Record<string, string> = { authorization: `Bearer ${credential}` };
        if (encoding !== undefined) headers['content-encoding'] = encoding;
        const raw = pick(bodies)();
        const answer = await svc.call(path, {
          method: 'POST',
          headers,
          body: typeof raw === 'string' ? raw : new Uint8Array(raw),
        });
        expect(answer.status, `${path} ${encoding}`).toBeLessThan(500);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }
    expect((await svc.call('/ping')).body).toEqual({ pong: true });
    expect(errors).not.toHaveBeenCalled();
    // The garbage must reach the storing paths and each kind of refusal to prove anything.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 202, 400, 401, 404, 405, 415]));
  });
});
