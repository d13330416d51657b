import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { visitorCode } from '../../sdk/core/visitorCode.js';
import { LiveVisitorStore } from './LiveVisitorStore.js';
import { subjectOfToken } from './visitorLookup.js';

const service = { analyticsHost: 'http://127.0.0.1:4173/analytics', key: 'k-1234' };
const token = (claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode('a secret the panel never has, 32+ chars'));
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const stored = (visitor: string) =>
  json(200, { events: [{ id: `e-${visitor}`, seq: 1, event: 'search:sort', visitor_id: visitor }] });

/** A live store on fake timers whose service answers by path. */
function live(answer: (url: URL) => Response) {
  const pending: Array<() => void> = [];
  const fetch = vi.fn(async (url: string, _init: RequestInit) => answer(new URL(url)));
  const store = new LiveVisitorStore({
    query: (shopId, visitorId) => (shopId ? { ...service, shopId, visitorId } : 'name the shop (its tenant id)'),
    fetch,
    timers: { setTimeout: (cb) => pending.push(cb), clearTimeout: () => void pending.splice(0) },
    now: () => 5_000,
  });
  return { store, fetch, pending };
}

describe("following a pasted token's subject", () => {
  it('reads the subject and shop without verifying, follows them, and keeps the token nowhere', async () => {
    const pasted = await token({ sub: 'v-from-token', shop_id: 'maple', exp: 1 });
    const { store, fetch } = live(() => stored('v-from-token'));
    await store.followToken(`  Bearer ${pasted} `);
    expect(store).toMatchObject({ shopId: 'maple', visitorId: 'v-from-token', following: true, error: '' });
    expect(store.foundBy).toBe('token subject');
    expect(new URL(fetch.mock.calls[0]![0]).searchParams.get('visitor')).toBe('v-from-token');
    expect(JSON.stringify(fetch.mock.calls)).not.toContain(pasted);
    expect(JSON.stringify(store)).not.toContain(pasted.split('.')[1]);
  });

  it('says why a bad token names nobody, and the visitor followed so far stays followed', async () => {
    const { store } = live(() => stored('v1'));
    store.setShop('maple');
    store.setVisitor('v1');
    await store.follow();
    for (const [bad, why] of [
      ['', 'paste the visitor token first'],
      ['not a token', 'this is not a visitor token'],
      ['a.b.c', 'this is not a visitor token'],
      [await token({ shop_id: 'maple' }), 'names no visitor'],
      [await token({ sub: 'x'.repeat(101) }), 'names no visitor'],
    ]) {
      await store.followToken(bad!);
      expect(store.error, bad).toContain(why);
      expect(store).toMatchObject({ shopId: 'maple', visitorId: 'v1', following: true });
      expect(store.events.map((e) => e.id)).toEqual(['e-v1']);
    }
  });

  it('keeps the typed shop when the token names none', async () => {
    expect(subjectOfToken(await token({ sub: 'v9' }))).toEqual({ visitorId: 'v9', shopId: null });
  });
});

describe('following the visitor a code names', () => {
  const code = visitorCode('maple', 'v-coded');

  it('asks the service with the read key, then follows the one visitor it names', async () => {
    const { store, fetch } = live((url) =>
      url.pathname.includes('/visitor-codes/')
        ? json(200, { visitors: [{ visitor_id: 'v-coded', last_received_at: '2025-03-01T12:00:00.000Z' }] })
        : stored('v-coded'),
    );
    store.setShop('maple');
    await store.followCode(code.toLowerCase().replace('-', ' '));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${service.analyticsHost}/v3/visitor-codes/${code}?shop_id=maple`);
    expect(init).toMatchObject({ headers: { Authorization: 'Bearer k-1234' }, credentials: 'omit' });
    expect(store).toMatchObject({ visitorId: 'v-coded', following: true, foundBy: `code ${code}`, error: '' });
    expect(store.events.map((e) => e.id)).toEqual(['e-v-coded']);
  });

  it('lists the visitors a code names when it names several, and follows the one picked', async () => {
    const { store } = live((url) =>
      url.pathname.includes('/visitor-codes/')
        ? json(200, { visitors: [{ visitor_id: 'v-a' }, { visitor_id: 'v-b', last_received_at: 'x' }, { no: 1 }] })
        : stored('v-b'),
    );
    store.setShop('maple');
    await store.followCode(code);
    expect(store.candidates.map((c) => c.visitorId)).toEqual(['v-a', 'v-b']);
    expect(store.following).toBe(false);
    await store.pick('v-b');
    expect(store).toMatchObject({ visitorId: 'v-b', following: true, foundBy: `code ${code}`, candidates: [] });
  });

  it('refuses a misheard code without asking, and says in words what the service answered', async () => {
    const { store, fetch } = live(() => json(404, { error: 'none' }));
    store.setShop('maple');
    store.setVisitor('v1');
    await store.followCode('K0M-4QX');
    expect(store.error).toContain('without I, L and O');
    expect(fetch).not.toHaveBeenCalled();
    await store.followCode(code);
    expect(store.error).toBe(`no visitor of maple with code ${code} has sent events lately`);
    expect(store.visitorId).toBe('v1');
    for (const [status, words] of [
      [401, 'refused the key'],
      [403, 'reads another shop'],
      [503, 'HTTP 503'],
    ] as const) {
      const other = live(() => json(status, {}));
      other.store.setShop('maple');
      await other.store.followCode(code);
      expect(other.store.error).toContain(words);
    }
  });

  it('asks nothing without a shop or a key, and says why', async () => {
    const { store, fetch } = live(() => json(200, {}));
    await store.followCode(code);
    expect(store.error).toBe('name the shop (its tenant id)');
    expect(fetch).not.toHaveBeenCalled();
  });
});
