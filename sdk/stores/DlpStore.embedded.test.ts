import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchRequest } from '../core/types.js';
import { RootStore } from './RootStore.js';
import { fakeEnv, fakeResponse, testContext, type FakeEnv } from '../testing/stores.js';

configure({ enforceActions: 'always' });

let env: FakeEnv;
const infinite = (data = fakeResponse()) => ({ ...testContext({ infiniteLoading: true }), data });

beforeEach(() => {
  vi.useFakeTimers();
  env = fakeEnv('http://shop.test/maple/dresses?pageNumber=2');
  env.reply(() => ({ status: 200, json: fakeResponse({ shown: 48 }) }));
});
afterEach(() => vi.useRealTimers());

describe('an infinite listing whose page came with fewer results than its address asks for', () => {
  it('asks at once for every page up to the address, appended, and shows them without moving the address', async () => {
    const root = new RootStore(env, infinite(), 1280);
    expect(root.search.loading).toBe(true);
    expect(root.search.refresh).toBe(false);
    expect(env.requests).toHaveLength(1);
    expect(env.requests[0]!.init.body as SearchRequest).toMatchObject({ pageNumber: 2, start: 0, size: 48 });
    await vi.runAllTimersAsync();
    expect(root.search.response?.products).toHaveLength(48);
    expect(root.dlp.state.pageNumber).toBe(2);
    expect(env.history).toEqual([]);
  });

  it('keeps the products on show as they are: the rest comes below them', async () => {
    const root = new RootStore(env, infinite(), 1280);
    const first = root.search.response!.products.slice();
    await vi.runAllTimersAsync();
    expect(root.search.response!.products.slice(0, 24)).toEqual(first);
  });

  it('asks nothing when the page came with every result its address asks for, or every one there is', () => {
    new RootStore(env, infinite(fakeResponse({ shown: 48 })), 1280);
    new RootStore(env, infinite(fakeResponse({ shown: 20, filtered: 20 })), 1280);
    env.url.href = 'http://shop.test/maple/dresses';
    new RootStore(env, infinite(), 1280);
    expect(env.requests).toHaveLength(0);
  });

  it('asks nothing for a paged listing, which shows the page the data holds', () => {
    new RootStore(env, { ...testContext(), data: fakeResponse() }, 1280);
    expect(env.requests.filter((r) => (r.init.body as SearchRequest).size === 48)).toHaveLength(0);
  });
});

describe('a return to such a listing', () => {
  it('keeps its restore waiting until the rest has come, so the opened card can be found', async () => {
    const record = {
      path: '/maple/dresses',
      search: '?pageNumber=2',
      y: 2400,
      product: 'p30',
      offset: 120,
      focus: true,
    };
    env.entry = { memory: record, arrival: 'back_forward' };
    const root = new RootStore(env, infinite(), 1280);
    const view = () => ({ loading: root.search.loading, hasProducts: true });
    expect(root.restore?.due(view())).toBeNull();
    // Well within the restore's wait: the reply comes at once.
    await vi.advanceTimersByTimeAsync(10);
    expect(root.restore?.due(view())).toEqual(record);
    expect(root.search.response?.products.some((p) => p.product_id === 'p30')).toBe(true);
  });
});
