import { describe, expect, it } from 'vitest';
import { rankProducts, wilson } from './reportRank.js';
import type { ProductRow } from './reportTypes.js';

const product = (productId: string, impressions: number, clicks: number): ProductRow => ({
  listing: '/l',
  productId,
  name: null,
  impressions,
  clicks,
  ctr: clicks / impressions,
});

describe('ranking most and least clicked', () => {
  it("computes Wilson's 95 % interval", () => {
    const [low, high] = wilson(2, 3);
    expect(low).toBeCloseTo(0.2077, 4);
    expect(high).toBeCloseTo(0.9385, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
    expect(wilson(5, 5)[1]).toBe(1);
  });

  it('lets a large sample with a good rate lead over one lucky click, and leaves out small samples', () => {
    const lucky = product('lucky', 1, 1);
    const steady = product('steady', 400, 120);
    const small = product('small', 29, 20);
    const { mostClicked, leastClicked } = rankProducts([lucky, steady, small, product('dud', 300, 3)], 1);
    // 20 in 29 is surely better than 30 %; one click in one view (100 %) is not.
    expect(mostClicked.map((p) => p.productId)).toEqual(['small', 'steady', 'lucky', 'dud']);
    expect(leastClicked).toEqual([]);
    const sampled = rankProducts([lucky, steady, small, product('dud', 300, 0)], 30);
    expect(sampled.mostClicked.map((p) => p.productId)).toEqual(['steady']);
    expect(sampled.leastClicked.map((p) => p.productId)).toEqual(['dud']);
    expect(sampled.leastClicked[0]).toMatchObject({ impressions: 300, clicks: 0, ctrLow: 0, ctrHigh: 0.0126 });
  });

  it('lists at most five of each, surely poor first among the least clicked', () => {
    const rows = Array.from({ length: 8 }, (_, i) => product(`p${i}`, 50 + i * 10, 0));
    const { leastClicked } = rankProducts(rows, 30);
    expect(leastClicked.map((p) => p.productId)).toEqual(['p7', 'p6', 'p5', 'p4', 'p3']);
  });
});
