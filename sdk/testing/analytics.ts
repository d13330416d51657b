/**
 * Test doubles for the analytics session: unsigned tokens, a scripted analytics service on top of
 * the fake transport, a lifecycle whose signals tests fire, and an in-process lock that behaves
 * like Web Locks shared by several tabs. Used by tests only, never by the embed.
 */
import type { FakeEnv, RecordedRequest } from './stores.js';
import { AnalyticsSession } from '../analytics/session.js';
import type { LifecycleAdapter, LockAdapter } from '../ports/lifecycle.js';
import type { AnalyticsEvent, AnalyticsSessionOptions } from '../analytics/types.js';

/** The shop and service of the unit tests. */
export const SHOP = 'maple';
export const HOST = 'http://analytics.test';

/** One scripted answer of the fake transport. */
export type Reply = Awaited<ReturnType<Parameters<FakeEnv['reply']>[0]>>;
/** An answer now, or later (a promise the test resolves or times). */
export type Scripted = Reply | Promise<Reply>;

/** An answer `ms` after now, through the (fake) timers. */
export const after = (ms: number, reply: Reply): Promise<Reply> =>
  new Promise((resolve) => setTimeout(() => resolve(reply), ms));

const base64url = (value: unknown): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A JWT-shaped token with `claims` (the client never checks the signature). */
export function fakeToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

/** The path of a recorded request, e.g. `/v3/event`. */
export const pathOf = (request: RecordedRequest): string => new URL(request.url).pathname;

/** A scripted `/v3/*` service: identity issues fresh tokens; event and batch answers can be queued. */
export function fakeService(env: FakeEnv, options: { sub?: string; ttlSeconds?: number } = {}) {
  const script = { identity: [] as Scripted[], event: [] as Scripted[], batch: [] as Scripted[] };
  let issued = 0;
  const token = (): string => {
    issued += 1;
    const iat = Math.floor(Date.now() / 1000);
    return fakeToken({
      sub: options.sub ?? 'visitor-1',
      shop_id: SHOP,
      iat,
      exp: iat + (options.ttlSeconds ?? 3600),
      n: issued,
    });
  };
  env.reply((request) => {
    const path = pathOf(request);
    if (path === '/v3/identity') return script.identity.shift() ?? { status: 200, json: { id: token() } };
    if (path === '/v3/event')
      return (
        script.event.shift() ?? {
          status: 202,
          json: { id: (request.init.body as AnalyticsEvent).id, duplicate: false },
        }
      );
    const events = (request.init.body as { events: AnalyticsEvent[] }).events;
    return (
      script.batch.shift() ?? { status: 202, json: { results: events.map((event) => ({ id: event.id, status: 202 })) } }
    );
  });
  return {
    script,
    /** Tokens issued so far. */
    issued: () => issued,
    /** The requests to one path, in order. */
    requests: (path: string) => env.requests.filter((request) => pathOf(request) === path),
    /** Event names of the single sends, in order. */
    sent: () => env.requests.filter((r) => pathOf(r) === '/v3/event').map((r) => (r.init.body as AnalyticsEvent).event),
  };
}

/** A lifecycle whose signals the test fires; counts the listeners still registered. */
export function fakeLifecycle(): Required<LifecycleAdapter> & {
  hide(): void;
  pageHide(): void;
  storageChange(key: string | null): void;
  listeners(): number;
} {
  const hidden = new Set<() => void>();
  const pageHide = new Set<() => void>();
  const storage = new Set<(key: string | null) => void>();
  const register = <T>(set: Set<T>, listener: T) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  return {
    onHidden: (callback) => register(hidden, () => callback()),
    onPageHide: (callback) => register(pageHide, () => callback()),
    onStorageChange: (callback) => register(storage, (key: string | null) => callback(key)),
    hide: () => hidden.forEach((listener) => listener()),
    pageHide: () => pageHide.forEach((listener) => listener()),
    storageChange: (key) => storage.forEach((listener) => listener(key)),
    listeners: () => hidden.size + pageHide.size + storage.size,
  };
}

/** An exclusive, queued lock shared by every session given the same instance (tabs of one browser). */
export function testLocks(): LockAdapter & { maxHolders: number } {
  const queues = new Map<string, Promise<unknown>>();
  let holders = 0;
  const locks = {
    maxHolders: 0,
    request(name: string, fn: () => Promise<void>, options: { signal?: AbortSignal } = {}) {
      const run = (queues.get(name) ?? Promise.resolve()).then(async () => {
        if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        holders += 1;
        locks.maxHolders = Math.max(locks.maxHolders, holders);
        try {
          await fn();
        } finally {
          holders -= 1;
        }
      });
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return locks;
}

/** A session over `env` for the unit tests (jitter fixed at half the ceiling). */
export function makeSession(env: FakeEnv, overrides: Partial<AnalyticsSessionOptions> = {}): AnalyticsSession {
  return new AnalyticsSession({
    env,
    shopId: SHOP,
    host: HOST,
    environment: 'development',
    lifecycle: fakeLifecycle(),
    locks: testLocks(),
    random: () => 0.5,
    ...overrides,
  });
}

/** mulberry32: a small seeded PRNG, so that a failing chaos run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
