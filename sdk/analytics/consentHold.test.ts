import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageConsent } from '../core/consent.js';
import type { TenantConfig } from '../core/types.js';
import { RootStore } from '../stores/RootStore.js';
import { fakeEnv, testContext, type FakeEnv } from '../testing/stores.js';
import { followConsent } from './consentHold.js';
import { analyticsKeys } from './erase.js';
import { fakeService, makeSession, SHOP } from '../testing/analytics.js';
import type { RunningAnalytics } from './wire.js';
import { eventFor } from './wire.js';

/** A tab's session storage, enough for what consent removes from it. */
function fakeSessionStorage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}

let env: FakeEnv;
let consent: PageConsent;
let started: RunningAnalytics[];
let session: Storage;

function follow(config: Partial<TenantConfig> = { consent: 'required' }) {
  env.consent = consent;
  const root = new RootStore(env, testContext({ id: SHOP, analyticsHost: 'http://analytics.test', ...config }), 1280);
  const start = (): RunningAnalytics => {
    const running = makeSession(env);
    const started_ = {
      session: running,
      sink: vi.fn(async () => true),
      dispose: vi.fn(() => running.dispose()),
    };
    started.push(started_);
    return started_;
  };
  const connection = followConsent(root, { sessionStorage: session } as unknown as Window, start, (intent) =>
    eventFor(intent, root),
  );
  return { root, connection };
}

const analyticsRequests = () => env.requests.filter((request) => request.url.startsWith('http://analytics.test'));
const outbox = () => JSON.parse(env.store.get(`aisle-outbox:${SHOP}`) ?? '[]') as Array<Record<string, unknown>>;

beforeEach(() => {
  vi.useFakeTimers();
  env = fakeEnv();
  fakeService(env);
  consent = new PageConsent(false);
  started = [];
  session = fakeSessionStorage({ [`aisle-impressions:${SHOP}:/maple/dresses`]: '{}', 'host-key': 'kept' });
});
afterEach(() => vi.useRealTimers());

describe('analytics waits for the shopper’s consent where the tenant requires it', () => {
  it('writes nothing, sends nothing and answers at once while consent is not given', async () => {
    const { root, connection } = follow();
    const before = connection.held();
    const answer = await root.tracker.track({ kind: 'sort', sort: 'price_asc' });
    expect(answer).toBe(false);
    expect(started).toHaveLength(0);
    expect(env.store.size).toBe(0);
    expect(analyticsRequests()).toEqual([]);
    expect(connection.held()).toBe(before + 1);
    expect(env.events.map((e) => e.detail)).toContainEqual(expect.objectContaining({ phase: 'consent_held' }));
  });

  it('records the held events once, with the moment and address they happened at, when consent comes', async () => {
    const { root, connection } = follow();
    const at = env.now();
    await root.tracker.track({ kind: 'sort', sort: 'price_asc' });
    env.url.href = 'http://shop.test/maple/dresses?sort=price_desc';
    vi.advanceTimersByTime(5000);
    consent.set({ analytics: true });
    expect(started).toHaveLength(1);
    expect(connection.held()).toBe(0);
    const sorts = outbox().filter((event) => event.event === 'search:sort');
    expect(sorts).toHaveLength(1);
    const [event] = sorts;
    expect(event).toMatchObject({ url: 'http://shop.test/maple/dresses' });
    expect(Date.parse(event!.timestamp as string)).toBe(at);
    consent.set({ analytics: false });
    consent.set({ analytics: true });
    // A second grant starts a new session with nothing left to repeat.
    expect(started).toHaveLength(2);
    expect(outbox()).toEqual([]);
  });

  it("holds the page's conversions (Aisle.track) like every event, and records them once consent comes", async () => {
    const { root, connection } = follow();
    const items = [{ product_id: 'b1', quantity: 2, price: 59.9 }];
    const before = connection.held();
    await root.tracker.track({
      kind: 'conversion',
      event: 'purchase',
      conversion: { items, currency: 'EUR', order_id: 'A-1' },
    });
    expect(env.store.size).toBe(0);
    expect(connection.held()).toBe(before + 1);
    consent.set({ analytics: true });
    const [purchase] = outbox().filter((event) => event.event === 'ecommerce:purchase');
    expect(purchase).toMatchObject({
      data: { metadata: { items, currency: 'EUR', order_id: 'A-1' } },
    });
  });

  it('a withdrawal stops the session at once and removes the visitor id, the token, the outbox and the impressions', async () => {
    consent.set({ analytics: true });
    const { root } = follow();
    await started[0]!.session.init();
    started[0]!.session.track('search:sort', {});
    env.store.set('host-own-key', 'kept');
    expect(analyticsKeys(SHOP).some((key) => env.store.has(key))).toBe(true);
    consent.set({ analytics: false });
    expect(started[0]!.dispose).toHaveBeenCalledTimes(1);
    expect([...env.store.keys()]).toEqual(['host-own-key']);
    expect(session.length).toBe(1);
    expect(session.getItem('host-key')).toBe('kept');
    await root.tracker.track({ kind: 'sort', sort: 'price_asc' });
    expect(started).toHaveLength(1);
  });

  it('keeps nothing, not even in memory, for a shopper who refused', async () => {
    consent.set({ analytics: false });
    env.store.set(`aisle-outbox:${SHOP}`, '[]');
    const { root, connection } = follow();
    expect(env.store.size).toBe(0);
    await root.tracker.track({ kind: 'sort', sort: 'price_asc' });
    expect(connection.held()).toBe(0);
  });

  it('hands what the tracker buffered to the session, not to memory, when analytics may run', async () => {
    const { root, connection } = follow({});
    await root.tracker.track({ kind: 'sort', sort: 'price_asc' });
    expect(connection.held()).toBe(0);
    const kinds = vi.mocked(started[0]!.sink).mock.calls.map(([intent]) => intent.kind);
    expect(kinds).toContain('visit');
    expect(kinds).toContain('sort');
    expect(outbox()).toEqual([]);
  });

  it('starts at once under the implied mode, and for a region the setting does not name', () => {
    follow({ consent: { ca: 'required' }, region: 'us' });
    follow({});
    expect(started).toHaveLength(2);
  });
});
