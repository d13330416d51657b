import { configure, when } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from './RootStore.js';
import {
  ListingRestore,
  planRestore,
  readRestoreRecord,
  RESTORE_WAIT_MS,
  scrollTarget,
  type RestoreRecord,
} from './restore.js';
import { fakeEnv, fakeResponse, testContext, type FakeEnv } from '../testing/stores.js';
import type { TrackIntent } from './Tracker.js';
import { browserTimers } from '../host/timers.js';

configure({ enforceActions: 'always' });

const record: RestoreRecord = {
  path: '/maple/dresses',
  search: '?pageNumber=3',
  y: 2400,
  product: 'p40',
  offset: 180,
  focus: true,
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('reading what a history entry remembers', () => {
  it('keeps a well-formed record', () => {
    expect(readRestoreRecord({ ...record, extra: 'ignored' })).toEqual(record);
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'p40'],
    ['an array', [record]],
    ['a relative path', { ...record, path: 'maple/dresses' }],
    ['a missing query', { ...record, search: undefined }],
    ['a negative scroll position', { ...record, y: -5 }],
    ['a scroll position that is not a number', { ...record, y: '2400' }],
    ['an offset that is not finite', { ...record, offset: Infinity }],
    ['a product id that is not a string', { ...record, product: 40 }],
    ['an absurdly long product id', { ...record, product: 'x'.repeat(500) }],
  ])('ignores %s', (_, raw) => {
    expect(readRestoreRecord(raw)).toBeNull();
  });

  it('never focuses without a card to focus', () => {
    expect(readRestoreRecord({ ...record, product: null })).toEqual({ ...record, product: null, focus: false });
  });
});

describe('deciding whether a page load restores', () => {
  const here = { pathname: '/maple/dresses', search: '?pageNumber=3' };

  it('restores on back, forward and reload of the same address', () => {
    expect(planRestore(record, here, 'back_forward')).toBe(record);
    expect(planRestore(record, here, 'reload')).toBe(record);
  });

  it('does not restore a fresh visit, even of the same address', () => {
    expect(planRestore(record, here, 'navigate')).toBeNull();
    expect(planRestore(record, here, 'unknown')).toBeNull();
  });

  it('does not restore a record taken at another address of the entry', () => {
    expect(planRestore(record, { ...here, search: '?pageNumber=2' }, 'back_forward')).toBeNull();
    expect(planRestore(record, { ...here, pathname: '/maple/boots' }, 'back_forward')).toBeNull();
  });
});

describe('where the view goes', () => {
  it('puts the card back at its offset from the top of the viewport', () => {
    // The card is now 3000 px down the document; it was 180 px below the viewport's top.
    expect(scrollTarget(record, { top: 3000 }, 0)).toBe(2820);
    expect(scrollTarget(record, { top: 500 }, 2500)).toBe(2820);
  });

  it('falls back to the old scroll position when the card is gone, and never above the top', () => {
    expect(scrollTarget(record, null, 0)).toBe(2400);
    expect(scrollTarget({ ...record, offset: 900 }, { top: 100 }, 0)).toBe(0);
  });
});

describe('a restore in progress', () => {
  it('waits for the listing, then applies once', () => {
    const restore = new ListingRestore(record, browserTimers());
    expect(restore.due({ loading: true, hasProducts: true })).toBeNull();
    expect(restore.due({ loading: false, hasProducts: false })).toBeNull();
    expect(restore.due({ loading: false, hasProducts: true })).toBe(record);
    restore.finish();
    expect(restore.status).toBe('done');
    expect(restore.due({ loading: false, hasProducts: true })).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives way to a shopper who scrolls before it lands', () => {
    const restore = new ListingRestore(record, browserTimers());
    restore.giveWay();
    expect(restore.status).toBe('abandoned');
    expect(restore.due({ loading: false, hasProducts: true })).toBeNull();
    restore.finish();
    expect(restore.status).toBe('abandoned');
  });

  it('gives up when the listing has not come after the wait', () => {
    const restore = new ListingRestore(record, browserTimers());
    vi.advanceTimersByTime(RESTORE_WAIT_MS - 1);
    expect(restore.status).toBe('waiting');
    vi.advanceTimersByTime(1);
    expect(restore.status).toBe('abandoned');
  });
});

describe('coming back to a listing (stores)', () => {
  let env: FakeEnv;
  const intents: TrackIntent[] = [];
  const kinds = () => intents.map((i) => i.kind);
  const attach = (root: RootStore) =>
    root.tracker.attach(async (intent) => {
      intents.push(intent);
      return true;
    });

  beforeEach(() => {
    intents.length = 0;
    env = fakeEnv('http://shop.test/maple/dresses?pageNumber=3');
  });

  it('a return with the listing in the page sends one visit, reports no results again and searches nothing', () => {
    env.entry = { memory: record, arrival: 'back_forward' };
    // Three pages, as the address asks.
    const root = new RootStore(
      env,
      testContext({ infiniteLoading: true }, { data: fakeResponse({ shown: 72 }) }),
      1280,
    );
    attach(root);
    expect(kinds()).toEqual(['visit']);
    expect(root.restore?.status).toBe('waiting');
    expect(root.restore?.record).toEqual(record);
    expect(env.requests).toHaveLength(0);
  });

  it('a fresh visit of the same address reports its results and restores nothing', () => {
    env.entry = { memory: record, arrival: 'navigate' };
    const root = new RootStore(env, testContext({ infiniteLoading: true }), 1280);
    attach(root);
    expect(kinds()).toEqual(['visit', 'results']);
    expect(root.restore).toBeNull();
  });

  it('a corrupt memory is ignored: the page behaves as a fresh visit', () => {
    env.entry = { memory: { path: 42, y: 'far' }, arrival: 'back_forward' };
    const root = new RootStore(env, testContext({ infiniteLoading: true }), 1280);
    attach(root);
    expect(kinds()).toEqual(['visit', 'results']);
    expect(root.restore).toBeNull();
  });

  it('an infinite listing without inline data asks for every loaded page in one search, and reports nothing twice', async () => {
    env.entry = { memory: record, arrival: 'back_forward' };
    env.reply(() => ({ status: 200, json: fakeResponse({ shown: 72, filtered: 100 }) }));
    const root = new RootStore(env, testContext({ infiniteLoading: true }, { data: undefined }), 1280);
    attach(root);
    const restore = root.restore!;
    expect(restore.due({ loading: root.search.loading, hasProducts: false })).toBeNull();
    await root.loadScreen();
    expect(env.requests).toHaveLength(1);
    expect(env.requests[0]!.init.body).toMatchObject({ size: 72, start: 0 });
    expect(kinds()).toEqual(['visit']);
    expect(restore.due({ loading: root.search.loading, hasProducts: true })).toEqual(record);
  });

  it('a change the shopper makes after coming back is reported as usual', async () => {
    env.entry = { memory: record, arrival: 'back_forward' };
    const root = new RootStore(env, testContext({ infiniteLoading: true }), 1280);
    attach(root);
    root.dlp.setSort('price_asc');
    await when(() => !root.search.loading);
    expect(kinds()).toEqual(['visit', 'sort', 'results']);
  });

  it('the sitemap never restores a listing place', () => {
    env = fakeEnv('http://shop.test/maple/vsm/');
    env.entry = { memory: { ...record, path: '/maple/vsm/', search: '' }, arrival: 'back_forward' };
    const root = new RootStore(
      env,
      testContext({}, { data: { url: '/maple/vsm/', title: 'All', links: [], subcategories: [], breadcrumbs: [] } }),
      1280,
    );
    expect(root.restore).toBeNull();
  });

  it('unmounting ends a pending restore and leaves no timer behind', () => {
    env.entry = { memory: record, arrival: 'back_forward' };
    const root = new RootStore(env, testContext({ infiniteLoading: true }), 1280);
    root.dispose();
    expect(root.restore?.status).toBe('abandoned');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a tenant whose back button does not reload', () => {
  it('opening a product puts the listing on show back into the address, so Back returns to it', async () => {
    const env = fakeEnv('http://shop.test/maple/dresses');
    const root = new RootStore(env, testContext({ backButtonReload: false }), 1280);
    root.dlp.setSort('price_asc');
    await when(() => !root.search.loading);
    // Back within the listing: the address changes, the listing (by the tenant's choice) does not.
    env.url.href = 'http://shop.test/maple/dresses';
    root.onPopState();
    expect(root.dlp.state.sort).toBe('price_asc');
    const product = root.dlp.data!.products[0]!;
    const click = { button: 1, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, targetBlank: false };
    root.productClick({ product, variantId: null, position: 1, listName: 'search_results' }, click);
    expect(env.history.at(-1)).toEqual({ url: '/maple/dresses?sort=price_asc', mode: 'replace' });
  });

  it('leaves an address that already says what is shown alone', () => {
    const env = fakeEnv('http://shop.test/maple/dresses?utm=x&sort=price_asc');
    const root = new RootStore(env, testContext({ backButtonReload: false }), 1280);
    const product = root.dlp.data!.products[0]!;
    const click = { button: 1, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, targetBlank: false };
    root.productClick({ product, variantId: null, position: 1, listName: 'search_results' }, click);
    expect(env.history).toEqual([]);
  });
});

describe('Back to a listing left by an in-place move', () => {
  it('restores the place its entry remembers instead of starting at the top, and reports nothing twice', async () => {
    const env = fakeEnv('http://shop.test/maple/dresses');
    env.pages.set('http://shop.test/maple/boots', { context: testContext(), head: null });
    env.pages.set('http://shop.test/maple/dresses', { context: testContext(), head: null });
    const root = new RootStore(env, testContext(), 1280);
    const intents: TrackIntent[] = [];
    root.tracker.attach(async (intent) => {
      intents.push(intent);
      return true;
    });
    await root.navigate('/maple/boots');
    expect(env.scrolls).toBe(1);
    expect(root.cues.focusRequest?.target).toBe('heading');
    root.cues.focusHandled();
    // Back: the entry of the listing left in place remembers where the shopper was.
    env.url.href = 'http://shop.test/maple/dresses';
    env.entry.memory = { ...record, search: '' };
    intents.length = 0;
    root.onPopState();
    await vi.waitFor(() => expect(root.route.page).toBe('dresses'));
    expect(root.restore?.status).toBe('waiting');
    expect(root.restore?.record.product).toBe('p40');
    expect(env.scrolls).toBe(1);
    expect(root.cues.focusRequest).toBeNull();
    expect(intents.map((i) => i.kind)).toEqual(['visit']);
  });

  it('a move forward starts the new page at its top, whatever its entry holds', async () => {
    const env = fakeEnv('http://shop.test/maple/dresses');
    env.pages.set('http://shop.test/maple/boots', { context: testContext(), head: null });
    const root = new RootStore(env, testContext(), 1280);
    env.entry.memory = { ...record, path: '/maple/boots', search: '' };
    await root.navigate('/maple/boots');
    expect(root.restore).toBeNull();
    expect(env.scrolls).toBe(1);
  });
});
