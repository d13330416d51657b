import { afterEach, describe, expect, it } from 'vitest';
import { sampleEvent, startTestService, type TestService } from './testing/testServer.js';

let svc: TestService | undefined;
afterEach(() => svc?.stop());

/** An event as a forged or old client might send it, full of personal data. */
const hostile = (): Record<string, unknown> =>
  sampleEvent({
    url: 'http://shop.test/u/ann%40example.com/boots?email=ann@example.com&sort=price_asc&store=7#tel:+15145550199',
    data: {
      page_title: 'Hello ann@example.com',
      referrer: 'https://mail.example/read?to=ann%2540example.com',
      metadata: { note: 'call 514-555-0199', list: ['bob@example.org'] },
    },
  });

const CLEAN = {
  url: 'http://shop.test/u/%5Bemail%5D/boots?sort=price_asc',
  data: {
    page_title: 'Hello [email]',
    referrer: 'https://mail.example/read',
    metadata: { note: 'call [phone]', list: ['[email]'] },
  },
};

describe('the service stores no personal data, whatever a client sends', () => {
  it('cleans single events, batches, server events and legacy events alike', async () => {
    svc = await startTestService();
    const token = await svc.identify('outdoor');
    const server = await svc.issueKey('outdoor', 'server');
    expect((await svc.call('/v3/event', { token, json: hostile() })).status).toBe(202);
    expect((await svc.call('/v3/batch', { token, json: { events: [hostile()] } })).status).toBe(202);
    expect((await svc.call('/v3/server-event', { token: server, json: hostile() })).status).toBe(202);
    const legacy = `/trackEvent?token=${token}&event=legacy&url=${encodeURIComponent('http://shop.test/x?email=a@b.co')}`;
    expect((await svc.call(legacy)).status).toBe(202);
    const stored = await svc.list('?shop_id=outdoor');
    expect(stored).toHaveLength(4);
    const legacyEvent = stored.find((event: { event: string }) => event.event === 'legacy');
    for (const event of stored.filter((e: { event: string }) => e !== legacyEvent)) expect(event).toMatchObject(CLEAN);
    expect(legacyEvent.url).toBe('http://shop.test/x');
    expect(JSON.stringify(stored)).not.toMatch(/ann|bob|555-0199/);
  });

  it('keeps the parameters the deployment declares in ANALYTICS_QUERY_PARAMS', async () => {
    svc = await startTestService({ env: { NODE_ENV: 'test', ANALYTICS_QUERY_PARAMS: 'store, lang' } });
    const token = await svc.identify('outdoor');
    await svc.call('/v3/event', { token, json: hostile() });
    const [event] = await svc.list('?shop_id=outdoor');
    expect(event.url).toBe('http://shop.test/u/%5Bemail%5D/boots?sort=price_asc&store=7');
  });
});
