import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_SEED_ANSWERS, reportSeedEvents } from './reportSeed.js';
import { ADMIN_KEY, startTestService, TEST_NOW, type TestService } from './testing/testServer.js';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService();
});
afterEach(() => svc.stop());

const DAY = 86_400_000;
// The hand-counted set is small: every product it holds is ranked.
const period = `from=${new Date(TEST_NOW - DAY).toISOString()}&to=${new Date(TEST_NOW).toISOString()}&min_sample=1`;

async function seed(shop: string): Promise<void> {
  const token = await svc.identify(shop);
  const answer = await svc.call('/v3/batch', { token, json: { events: reportSeedEvents(shop, TEST_NOW) } });
  expect(answer.status).toBe(202);
}

describe('GET /v3/report', () => {
  it("computes a seeded shop's known answers: CTR by position, most and least clicked, empty result sets, p75 vitals", async () => {
    await seed('outdoor');
    await seed('garden');
    const answer = await svc.call(`/v3/report?shop_id=outdoor&${period}`, { token: ADMIN_KEY });
    expect(answer.status).toBe(200);
    const { listings, vitals } = answer.body as {
      listings: Array<
        Record<string, unknown> & {
          mostClicked: Array<{ productId: string }>;
          leastClicked: Array<{ productId: string }>;
        }
      >;
      vitals: unknown[];
    };
    expect(
      listings.map((l) => ({
        ...l,
        mostClicked: l.mostClicked.map((p) => p.productId),
        leastClicked: l.leastClicked.map((p) => p.productId),
      })),
    ).toEqual(REPORT_SEED_ANSWERS.listings);
    expect(listings[0]!.mostClicked[0]).toEqual({
      listing: '/outdoor/boots',
      productId: 'b1',
      name: 'Ridge hiking boot',
      impressions: 3,
      clicks: 2,
      ctr: 0.6667,
      ctrLow: 0.2077,
      ctrHigh: 0.9385,
    });
    expect(vitals).toEqual(REPORT_SEED_ANSWERS.vitals);
    expect(answer.body.sales).toEqual(REPORT_SEED_ANSWERS.sales);
  });

  it('holds a read key to its own shop, and refuses a missing key or a bad period', async () => {
    await seed('outdoor');
    const key = await svc.issueKey('outdoor', 'read');
    const mine = await svc.call(`/v3/report?${period}`, { token: key });
    expect(mine.status).toBe(200);
    expect(mine.body.shopId).toBe('outdoor');
    expect(mine.body.listings).toHaveLength(2);
    expect((await svc.call(`/v3/report?shop_id=garden&${period}`, { token: key })).status).toBe(403);
    expect((await svc.call(`/v3/report?shop_id=outdoor&${period}`)).status).toBe(401);
    expect((await svc.call('/v3/report?shop_id=outdoor&from=yesterday&to=2024-05-01', { token: key })).status).toBe(
      400,
    );
    expect((await svc.call('/v3/report?shop_id=outdoor&from=2024-05-02&to=2024-05-01', { token: key })).status).toBe(
      400,
    );
  });

  it('is empty for a period without events', async () => {
    await seed('outdoor');
    const answer = await svc.call('/v3/report?shop_id=outdoor&from=2023-01-01&to=2023-02-01', { token: ADMIN_KEY });
    expect(answer.body).toMatchObject({ listings: [], vitals: [] });
  });
});
