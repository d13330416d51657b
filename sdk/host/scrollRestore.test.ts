// @vitest-environment happy-dom
import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from '../stores/RootStore.js';
import type { RestoreRecord } from '../stores/restore.js';
import { fakeEnv, testContext } from '../testing/stores.js';
import { readEntryMemory } from '../stores/restore.js';
import { keepListingPlace } from './scrollRestore.js';

configure({ enforceActions: 'always' });

/** A grid of `count` cards, the card `p{i}` `i * 400` px down the page. */
function grid(count = 24): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<ul data-aisle="grid">${Array.from(
    { length: count },
    (_, i) => `<li data-aisle="product" data-product-id="p${i}"><a href="#p${i}">Product ${i}</a></li>`,
  ).join('')}</ul>`;
  document.body.appendChild(root);
  root.querySelectorAll('[data-aisle="product"]').forEach((card, i) => {
    card.getBoundingClientRect = () =>
      ({ top: i * 400 - window.scrollY, bottom: i * 400 + 380 - window.scrollY }) as DOMRect;
  });
  // Product links do not leave the test page.
  root.addEventListener('click', (event) => event.preventDefault());
  return root;
}

const record: RestoreRecord = { path: '/maple/dresses', search: '', y: 900, product: 'p10', offset: 150, focus: true };

let stop: (() => void) | undefined;
beforeEach(() => {
  history.replaceState(null, '', '/maple/dresses');
  history.scrollRestoration = 'auto';
  document.body.innerHTML = '';
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.restoreAllMocks();
});

describe('remembering where the shopper was', () => {
  it('turns the browser’s scroll restoration off while mounted and gives it back', () => {
    const root = grid();
    stop = keepListingPlace(window, new RootStore(fakeEnv(), testContext(), 1280), () => root);
    expect(history.scrollRestoration).toBe('manual');
    stop();
    stop = undefined;
    expect(history.scrollRestoration).toBe('auto');
  });

  it('writes the opened card into the entry’s state, keeping the host’s own state', () => {
    history.replaceState({ router: 'host' }, '');
    const root = grid();
    stop = keepListingPlace(window, new RootStore(fakeEnv(), testContext(), 1280), () => root);
    root.querySelector<HTMLAnchorElement>('[data-product-id="p3"] a')!.click();
    expect(history.state).toMatchObject({ router: 'host' });
    expect(readEntryMemory(window)).toEqual({
      path: '/maple/dresses',
      search: '',
      y: 0,
      product: 'p3',
      offset: 1200,
      focus: true,
    });
  });

  it('leaves a host state it cannot merge with alone', () => {
    history.replaceState('host-owned', '');
    const root = grid();
    stop = keepListingPlace(window, new RootStore(fakeEnv(), testContext(), 1280), () => root);
    root.querySelector<HTMLAnchorElement>('[data-product-id="p3"] a')!.click();
    expect(history.state).toBe('host-owned');
  });
});

describe('putting the shopper back', () => {
  const comingBack = () => {
    const env = fakeEnv();
    env.entry = { memory: record, arrival: 'back_forward' };
    return new RootStore(env, testContext(), 1280);
  };

  it('scrolls the opened card back to its offset once the grid is there, and focuses its link', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const root = grid();
    const store = comingBack();
    stop = keepListingPlace(window, store, () => root);
    await vi.waitFor(() => expect(store.restore!.status).toBe('done'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo.mock.calls[0]![0]).toMatchObject({ top: 10 * 400 - 150 });
    expect(document.activeElement).toBe(root.querySelector('[data-product-id="p10"] a'));
  });

  it('waits while the grid is still adding its cards', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const root = grid();
    const list = root.querySelector('[data-aisle="grid"]')!;
    list.setAttribute('aria-busy', 'true');
    const store = comingBack();
    stop = keepListingPlace(window, store, () => root);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(store.restore!.status).toBe('waiting');
    expect(scrollTo).not.toHaveBeenCalled();
    list.removeAttribute('aria-busy');
    await vi.waitFor(() => expect(store.restore!.status).toBe('done'));
    expect(scrollTo.mock.calls[0]![0]).toMatchObject({ top: 10 * 400 - 150 });
  });

  it('gives way to a shopper who scrolls first', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    let root: HTMLElement | null = null;
    const store = comingBack();
    stop = keepListingPlace(window, store, () => root);
    window.dispatchEvent(new WheelEvent('wheel', { deltaY: 100 }));
    root = grid();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(store.restore!.status).toBe('abandoned');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('follows a restore that starts later, after Back to a listing left in place', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const root = grid();
    const env = fakeEnv('http://shop.test/maple/dresses');
    env.pages.set('http://shop.test/maple/boots', { context: testContext(), head: null });
    env.pages.set('http://shop.test/maple/dresses', { context: testContext(), head: null });
    const store = new RootStore(env, testContext(), 1280);
    stop = keepListingPlace(window, store, () => root);
    await store.navigate('/maple/boots');
    env.url.href = 'http://shop.test/maple/dresses';
    env.entry = { memory: record, arrival: 'navigate' };
    store.onPopState();
    await vi.waitFor(() => expect(store.restore?.status).toBe('done'));
    expect(scrollTo.mock.calls.at(-1)![0]).toMatchObject({ top: 10 * 400 - 150 });
  });

  it('gives way when the shopper scrolled after Back, while the listing left in place was being read', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const root = grid();
    const env = fakeEnv('http://shop.test/maple/dresses');
    env.pages.set('http://shop.test/maple/boots', { context: testContext(), head: null });
    let arrive!: () => void;
    const read = new Promise<void>((resolve) => (arrive = resolve));
    const store = new RootStore(env, testContext(), 1280);
    stop = keepListingPlace(window, store, () => root);
    await store.navigate('/maple/boots');
    env.host.loadPage = async () => (await read, { context: testContext(), head: null });
    env.url.href = 'http://shop.test/maple/dresses';
    env.entry = { memory: record, arrival: 'navigate' };
    window.dispatchEvent(new PopStateEvent('popstate'));
    store.onPopState();
    // The shopper scrolls before the listing's page has been read: the restore has not started yet.
    window.dispatchEvent(new WheelEvent('wheel', { deltaY: 100 }));
    arrive();
    await vi.waitFor(() => expect(store.restore).not.toBeNull());
    expect(store.restore!.status).toBe('abandoned');
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
