import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchRequest } from '../core/types.js';
import { RootStore } from './RootStore.js';
import { fakeEnv, fakeProduct, fakeResponse, testContext, type FakeEnv } from '../testing/stores.js';

configure({ enforceActions: 'always' });

/** A 400-item listing as a backend answers it: the page asked for, `start` echoed, counts of the listing. */
function listing(request: SearchRequest, filtered = 400) {
  const start = Number(request.start);
  const size = Number(request.size);
  const count = Math.max(0, Math.min(size, filtered - start));
  return {
    status: 200,
    json: {
      ...fakeResponse(),
      products: Array.from({ length: count }, (_, i) => fakeProduct(`p${start + i}`)),
      payload: { total: filtered, filtered, shown: Math.min(start + size, filtered) },
      start,
      size,
    },
  };
}

let env: FakeEnv;
const bodies = () => env.requests.map((r) => r.init.body as SearchRequest);

beforeEach(() => {
  vi.useFakeTimers();
  env = fakeEnv('http://shop.test/maple/dresses?pageNumber=10000');
  env.reply((request) => listing(request.init.body as SearchRequest));
});
afterEach(() => vi.useRealTimers());

describe('a stale link to a page past the end of a paged listing', () => {
  it('counts only what the backend holds and shows the last page, with the address corrected', async () => {
    const root = new RootStore(env, testContext({}, { data: undefined }), 1280);
    await root.loadScreen();
    await vi.runAllTimersAsync();
    expect(bodies().map((b) => b.pageNumber)).toEqual([10000, 17]);
    expect(root.dlp.data?.payload).toEqual({ total: 400, filtered: 400, shown: 400 });
    expect(root.dlp.pageCount).toBe(17);
    expect(root.dlp.data?.products.map((p) => p.product_id)).toEqual(
      Array.from({ length: 16 }, (_, i) => `p${384 + i}`),
    );
    expect(env.url.href).toBe('http://shop.test/maple/dresses?pageNumber=17');
    expect(env.history.at(-1)?.mode).toBe('replace');
    expect(root.dlp.pageCorrection).toEqual({ asked: 10000, shown: 17 });
  });

  it('reports the results of the page shown, not the empty page asked for', async () => {
    const root = new RootStore(env, testContext({}, { data: undefined }), 1280);
    const reported: unknown[] = [];
    root.tracker.attach(async (intent) => {
      if (intent.kind === 'results') reported.push({ page: intent.pageNumber, count: intent.resultCount });
      return true;
    });
    await root.loadScreen();
    await vi.runAllTimersAsync();
    expect(reported).toEqual([{ page: 17, count: 400 }]);
  });

  it('with no counts in the reply, goes back to page 1', async () => {
    env.reply((request) => {
      const reply = listing(request.init.body as SearchRequest);
      return { ...reply, json: { ...reply.json, payload: undefined } };
    });
    const root = new RootStore(env, testContext({}, { data: undefined }), 1280);
    await root.loadScreen();
    await vi.runAllTimersAsync();
    expect(bodies().map((b) => b.pageNumber)).toEqual([10000, 1]);
    expect(env.url.href).toBe('http://shop.test/maple/dresses');
    expect(root.dlp.pageCorrection).toEqual({ asked: 10000, shown: 1 });
  });

  it('data that came with the page past the end is corrected the same way', async () => {
    const stale = {
      ...fakeResponse(),
      products: [],
      start: 479_952,
      payload: { total: 400, filtered: 400, shown: 400 },
    };
    const root = new RootStore(env, testContext({}, { data: stale }), 1280);
    await vi.runAllTimersAsync();
    expect(bodies().map((b) => b.pageNumber)).toEqual([17]);
    expect(root.dlp.data?.products).toHaveLength(16);
    expect(env.url.href).toBe('http://shop.test/maple/dresses?pageNumber=17');
  });

  it('the notice goes with the next change the shopper makes', async () => {
    const root = new RootStore(env, testContext({}, { data: undefined }), 1280);
    await root.loadScreen();
    await vi.runAllTimersAsync();
    root.dlp.goToPage(3);
    await vi.runAllTimersAsync();
    expect(root.dlp.pageCorrection).toBeNull();
    expect(env.url.href).toBe('http://shop.test/maple/dresses?pageNumber=3');
  });

  it('an empty page within the listing, or page 1, is left as it is', async () => {
    env.url.href = 'http://shop.test/maple/dresses?pageNumber=3';
    env.reply(() => ({ status: 200, json: { ...fakeResponse(), products: [], payload: { filtered: 400 } } }));
    const root = new RootStore(env, testContext({}, { data: undefined }), 1280);
    await root.loadScreen();
    await vi.runAllTimersAsync();
    expect(env.requests).toHaveLength(1);
    expect(root.dlp.pageCorrection).toBeNull();
  });
});
