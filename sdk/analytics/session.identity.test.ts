import { configure, reaction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, type FakeEnv } from '../testing/stores.js';
import { DISTINCT_ID_KEY, TOKEN_KEY } from './identity.js';
import { fakeService, fakeToken, makeSession, pathOf, SHOP } from '../testing/analytics.js';
import { visitorCode } from '../core/visitorCode.js';

configure({ enforceActions: 'always' });

let env: FakeEnv;
const nowS = () => Math.floor(Date.now() / 1000);
const identityBodies = () =>
  env.requests.filter((r) => pathOf(r) === '/v3/identity').map((r) => r.init.body as Record<string, unknown>);
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T12:00:00Z'));
  env = fakeEnv();
});
afterEach(() => vi.useRealTimers());

describe('session status', () => {
  it('goes created → pending → ready once a token is obtained', async () => {
    fakeService(env);
    const session = makeSession(env);
    const seen: string[] = [];
    const stop = reaction(
      () => session.status,
      (status) => seen.push(status),
    );
    expect(session.status).toBe('created');
    const ready = session.init();
    expect(session.status).toBe('pending');
    await expect(ready).resolves.toEqual({ visitorId: 'visitor-1', tokenExp: nowS() + 3600 });
    expect(seen).toEqual(['pending', 'ready']);
    stop();
    await expect(session.init()).resolves.toEqual({ visitorId: 'visitor-1', tokenExp: nowS() + 3600 });
    expect(identityBodies()).toHaveLength(1);
  });

  it('a second init while pending polls every 100 ms and resolves once ready', async () => {
    fakeService(env);
    const slow = env.transport.request.bind(env.transport);
    env.transport.request = (url, init) => new Promise((resolve) => setTimeout(() => resolve(slow(url, init)), 250));
    const session = makeSession(env);
    void session.init();
    let second: unknown = 'waiting';
    void session.init().then((value) => (second = value));
    await vi.advanceTimersByTimeAsync(260);
    expect(session.status).toBe('ready');
    expect(second).toBe('waiting'); // the next poll is at 300 ms
    await vi.advanceTimersByTimeAsync(40);
    expect(second).toEqual({ visitorId: 'visitor-1', tokenExp: expect.any(Number) });
  });

  it('a second init while pending resolves null after the time-out', async () => {
    env.reply(() => new Promise(() => undefined));
    const session = makeSession(env, { timeoutMs: 1000 });
    const first = session.init().catch((error: Error) => error.message);
    let second: unknown = 'waiting';
    void session.init().then((value) => (second = value));
    await vi.advanceTimersByTimeAsync(900);
    expect(second).toBe('waiting');
    await vi.advanceTimersByTimeAsync(100);
    expect(second).toBeNull();
    await expect(first).resolves.toBe('timed out after 1000 ms');
    session.dispose();
  });
});

describe('stored token', () => {
  it('reuses a stored token that parses and has not expired, without an identity request', async () => {
    fakeService(env);
    env.store.set(TOKEN_KEY, fakeToken({ sub: 'stored-visitor', shop_id: SHOP, exp: nowS() + 60 }));
    const session = makeSession(env);
    await expect(session.init()).resolves.toEqual({ visitorId: 'stored-visitor', tokenExp: nowS() + 60 });
    expect(env.requests).toHaveLength(0);
  });

  it('asks for a new identity with the expired token as bearer and its sub as distinct id', async () => {
    fakeService(env, { sub: 'stored-visitor' });
    const expired = fakeToken({ sub: 'stored-visitor', shop_id: SHOP, exp: nowS() });
    env.store.set(TOKEN_KEY, expired);
    const session = makeSession(env);
    await session.init();
    const [request] = env.requests;
    expect(request!.url).toBe('http://analytics.test/v3/identity');
    expect(request!.init.headers).toEqual({ Authorization: `Bearer ${expired}` });
    expect(request!.init.credentials).toBe('same-origin');
    expect(request!.init.body).toEqual({
      shop_id: SHOP,
      distinct_id: 'stored-visitor',
      metadata: { initial_referrer: '', screen_height: 800, screen_width: 1280, user_agent: 'test-agent' },
    });
    expect(env.store.get(TOKEN_KEY)).not.toBe(expired);
    expect(session.tokenExp).toBe(nowS() + 3600);
  });

  it('does not reuse a token issued for another shop', async () => {
    fakeService(env);
    env.store.set(TOKEN_KEY, fakeToken({ sub: 'v', shop_id: 'birch', exp: nowS() + 600 }));
    await makeSession(env).init();
    expect(identityBodies()).toHaveLength(1);
  });

  it('sends no bearer when the stored value is not a token', async () => {
    fakeService(env);
    env.store.set(TOKEN_KEY, 'garbage');
    await makeSession(env).init();
    expect(env.requests[0]!.init.headers).toBeUndefined();
  });
});

describe('visitor id', () => {
  it("prefers the stored token's sub over the stored visitor id", async () => {
    fakeService(env, { sub: 'from-token' });
    env.store.set(TOKEN_KEY, fakeToken({ sub: 'from-token', exp: 1 }));
    env.store.set(DISTINCT_ID_KEY, 'from-storage');
    await makeSession(env).init();
    expect(identityBodies()[0]!.distinct_id).toBe('from-token');
  });

  it('uses the stored visitor id when there is no token', async () => {
    fakeService(env, { sub: 'from-storage' });
    env.store.set(DISTINCT_ID_KEY, 'from-storage');
    await makeSession(env).init();
    expect(identityBodies()[0]!.distinct_id).toBe('from-storage');
  });

  it('generates a UUID v4 and stores it when there is neither', async () => {
    env.reply(() => ({ status: 200, json: { id: fakeToken({ exp: nowS() + 60 }) } }));
    const session = makeSession(env);
    await session.init();
    const generated = identityBodies()[0]!.distinct_id as string;
    expect(generated).toMatch(UUID_V4);
    expect(env.store.get(DISTINCT_ID_KEY)).toBe(generated);
    expect(session.visitorId).toBe(generated); // a token without sub keeps the generated id
  });
});

describe('identity failures', () => {
  it.each([
    ['no id field', { ok: true }],
    ['an id that is not a token', { id: 'not-a-jwt' }],
  ])("raises 'Could not parse token' for %s and does not retry", async (_, json) => {
    env.reply(() => ({ status: 200, json }));
    const session = makeSession(env);
    await expect(session.init()).rejects.toThrow('Could not parse token');
    expect(session.status).toBe('created');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(env.requests).toHaveLength(1);
  });

  it('throws a transient failure, then retries after a back-off and sends what was queued', async () => {
    const service = fakeService(env);
    service.script.identity.push({ status: 503 });
    const session = makeSession(env);
    session.track('navigate:visit_page');
    await expect(session.init()).rejects.toThrow('identity request failed: HTTP 503');
    expect(session.status).toBe('created');
    expect(env.lines.error).toContain('Analytics identity failed identity request failed: HTTP 503');
    await vi.advanceTimersByTimeAsync(499);
    expect(identityBodies()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.status).toBe('ready');
    expect(service.sent()).toEqual(['navigate:visit_page']);
  });

  it('adopts a live token another tab stored instead of refreshing its own', async () => {
    const service = fakeService(env);
    const session = makeSession(env);
    await session.init();
    const fresher = fakeToken({ sub: 'visitor-1', shop_id: SHOP, exp: nowS() + 7200 });
    env.store.set(TOKEN_KEY, fresher);
    session.track('search:sort');
    await vi.advanceTimersByTimeAsync(0);
    expect(service.requests('/v3/event')[0]!.init.headers).toEqual({ Authorization: `Bearer ${fresher}` });
    expect(session.tokenExp).toBe(nowS() + 7200);
  });
});

describe('the visitor code of the debug snapshot', () => {
  it('is null before a visitor is known, then the code of this shop and visitor, never the id itself', async () => {
    fakeService(env);
    const session = makeSession(env);
    expect(session.snapshot().visitorCode).toBeNull();
    await session.init();
    const { visitorId, visitorCode: code } = session.snapshot();
    expect(code).toBe(visitorCode(SHOP, visitorId!));
    expect(code).not.toContain(visitorId!.slice(0, 6));
    session.dispose();
  });
});
