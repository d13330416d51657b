import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from './RootStore.js';
import { fakeEnv, testContext, type FakeEnv } from '../testing/stores.js';

configure({ enforceActions: 'always' });

let env: FakeEnv;
const settle = () => vi.runAllTimersAsync();

beforeEach(() => {
  vi.useFakeTimers();
  env = fakeEnv('http://shop.test/maple/dresses');
});
afterEach(() => vi.useRealTimers());

/** A listing shown, with the frame after each click held until `env.frame.paint()`. */
async function shownListing(): Promise<RootStore> {
  const root = new RootStore(env, testContext(), 1280);
  await settle();
  env.frame.hold = true;
  return root;
}

describe('DlpStore writes the address after the click is painted', () => {
  it('searches at once but writes the address once the frame is painted', async () => {
    const root = await shownListing();
    root.dlp.toggleFilter('color', 'black');
    expect(env.requests).toHaveLength(1);
    expect(root.dlp.selectedCount).toBe(1);
    expect(env.history).toEqual([]);
    env.frame.paint();
    expect(env.history).toEqual([{ url: '/maple/dresses?filters=color~black', mode: 'push' }]);
  });

  it('folds a replacement into the waiting write, which writes the latest state', async () => {
    const root = await shownListing();
    env.reply(() => ({ status: 500 }));
    root.dlp.toggleFilter('color', 'black');
    // The search fails: the state goes back to what is shown, before the frame is painted.
    await vi.runAllTimersAsync();
    expect(root.dlp.selectedCount).toBe(0);
    env.frame.paint();
    expect(env.history).toEqual([{ url: '/maple/dresses', mode: 'push' }]);
  });

  it('lets a waiting write go first when another push comes, so history keeps both entries', async () => {
    const root = await shownListing();
    root.dlp.setSort('price_asc');
    root.dlp.setSort('price_desc');
    expect(env.history).toEqual([{ url: '/maple/dresses?sort=price_asc', mode: 'push' }]);
    env.frame.paint();
    expect(env.history.map((h) => h.url)).toEqual(['/maple/dresses?sort=price_asc', '/maple/dresses?sort=price_desc']);
  });

  it('drops the write when the address moved meanwhile (Back, or the retailer’s router)', async () => {
    const root = await shownListing();
    root.dlp.toggleFilter('color', 'black');
    env.url.href = 'http://shop.test/maple/dresses?sort=price_asc';
    env.frame.paint();
    expect(env.history).toEqual([]);
    expect(env.url.href).toBe('http://shop.test/maple/dresses?sort=price_asc');
  });

  it('writes a waiting address at once when the shopper leaves for a product', async () => {
    const root = await shownListing();
    root.dlp.toggleFilter('color', 'black');
    await settle();
    root.dlp.keepAddressInStep();
    expect(env.history).toEqual([{ url: '/maple/dresses?filters=color~black', mode: 'push' }]);
    env.frame.paint();
    expect(env.history).toHaveLength(1);
  });
});
