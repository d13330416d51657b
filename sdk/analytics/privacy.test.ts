import { describe, expect, it } from 'vitest';
import { fakeEnv, testContext } from '../testing/stores.js';
import { outboxKeys } from './outbox.js';
import { makeSession } from '../testing/analytics.js';
import { recordVisitNow } from './visitNow.js';

const ADDRESS = 'http://shop.test/maple/dresses?email=ann%40example.com&sort=price_asc&store=7#phone=514-555-0199';
const stored = (env: ReturnType<typeof fakeEnv>) =>
  JSON.parse(env.store.get(outboxKeys('maple').outbox) ?? '[]') as Array<{
    url: string;
    data: Record<string, unknown>;
  }>;

describe('no personal data is written to the device or sent', () => {
  it('the session cuts the address to the tenant’s parameters before the outbox sees it', () => {
    const env = fakeEnv(ADDRESS);
    const session = makeSession(env, { shopId: 'maple', queryParams: ['sort', 'store'] });
    session.track('search:sort', { page_title: 'Hi ann@example.com', metadata: { sort: 'price_asc' } });
    const [event] = stored(env);
    expect(event!.url).toBe('http://shop.test/maple/dresses?sort=price_asc&store=7');
    expect(event!.data.page_title).toBe('Hi [email]');
    expect(JSON.stringify([...env.store.values()])).not.toMatch(/ann|555-0199/);
    session.dispose();
  });

  it('keeps only the listing’s parameters when the tenant declares none', () => {
    const env = fakeEnv(ADDRESS);
    const session = makeSession(env, { shopId: 'maple' });
    session.track('search:sort', {});
    expect(stored(env)[0]!.url).toBe('http://shop.test/maple/dresses?sort=price_asc');
    session.dispose();
  });

  it('the visit written at mount obeys the tenant’s list too', () => {
    const env = fakeEnv(ADDRESS);
    const context = testContext({ analyticsHost: 'http://analytics.test', queryParams: ['store'] });
    recordVisitNow(
      { env, context, locale: 'en', region: 'us' },
      { routeName: 'dlp', url: ADDRESS, redirectedFrom: null },
    );
    expect(stored(env)[0]!.url).toBe('http://shop.test/maple/dresses?sort=price_asc&store=7');
  });

  it('the identity request carries the first referrer without its query', async () => {
    const env = fakeEnv();
    env.host.referrer = () => 'https://mail.example/read?to=ann@example.com';
    const session = makeSession(env, { shopId: 'maple' });
    await session.init().catch(() => undefined);
    const identity = env.requests.find((request) => request.url.endsWith('/v3/identity'));
    expect(JSON.stringify(identity?.init)).toContain('https://mail.example/read');
    expect(JSON.stringify(identity?.init)).not.toContain('ann');
    session.dispose();
  });
});
