import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { visitorCode } from '../../sdk/core/visitorCode.js';
import { ADMIN_KEY, sampleEvent, startTestService, type TestService } from './testing/testServer.js';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService();
});
afterEach(() => svc.stop());

/** A visitor of `shop` who has sent one event. */
async function visitor(shop: string, id: string): Promise<void> {
  const token = await svc.identify(shop, id);
  expect((await svc.call('/v3/event', { token, json: sampleEvent() })).status).toBe(202);
}

const lookup = (code: string, shop: string, token?: string) =>
  svc.call(`/v3/visitor-codes/${encodeURIComponent(code)}?shop_id=${shop}`, { token });

describe('finding a visitor by the code their page shows', () => {
  it("answers a shop's read key with the visitor, however the code was typed", async () => {
    await visitor('outdoor', 'shopper-on-the-phone');
    await visitor('outdoor', 'someone-else');
    const key = await svc.issueKey('outdoor', 'read');
    const code = visitorCode('outdoor', 'shopper-on-the-phone');
    for (const typed of [code, code.toLowerCase(), code.replace('-', ' ')]) {
      const answer = await lookup(typed, 'outdoor', key);
      expect(answer, typed).toMatchObject({
        status: 200,
        body: { shop_id: 'outdoor', code, visitors: [{ visitor_id: 'shopper-on-the-phone' }] },
      });
      expect(answer.body.visitors).toHaveLength(1);
    }
    expect((await lookup(code, 'outdoor', ADMIN_KEY)).body.visitors[0].visitor_id).toBe('shopper-on-the-phone');
  });

  it('refuses no key, a wrong key, a visitor token, a server key and another shop\u2019s read key', async () => {
    await visitor('outdoor', 'v1');
    await visitor('garden', 'v1');
    const code = visitorCode('outdoor', 'v1');
    const token = await svc.identify('outdoor', 'v1');
    const server = await svc.issueKey('outdoor', 'server');
    const gardenRead = await svc.issueKey('garden', 'read');
    for (const [credential, status] of [
      [undefined, 401],
      ['not-a-key', 401],
      [token, 401],
      [server, 403],
      [gardenRead, 403],
    ] as const) {
      const answer = await lookup(code, 'outdoor', credential);
      expect(answer.status, String(credential)).toBe(status);
      expect(JSON.stringify(answer.body)).not.toContain('"v1"');
    }
  });

  it("does not find another shop's visitor, and says so (404)", async () => {
    await visitor('garden', 'v1');
    const key = await svc.issueKey('outdoor', 'read');
    const answer = await lookup(visitorCode('outdoor', 'v1'), 'outdoor', key);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toContain('no visitor of shop outdoor with code');
  });

  it('refuses a misheard code or a missing shop in words (400)', async () => {
    const key = await svc.issueKey('outdoor', 'read');
    expect((await lookup('AB0-CDE', 'outdoor', key)).body.error).toContain('without I, L and O');
    expect((await lookup('ABC', 'outdoor', key)).status).toBe(400);
    expect((await svc.call('/v3/visitor-codes/ABC-DEF', { token: ADMIN_KEY })).status).toBe(400);
  });
});
