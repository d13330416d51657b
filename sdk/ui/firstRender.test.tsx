// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { configure, runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListingRestore } from '../stores/restore.js';
import { fakeEnv, testContext } from '../testing/stores.js';
import { RootStore } from '../stores/RootStore.js';
import { preloadScreen } from './AisleRoot.js';
import { GridCurrent } from './dlp/gridState.js';
import { InfiniteSentinel } from './dlp/Paging.js';
import { StoreProvider } from './StoreContext.js';
import { FakeIntersectionObserver, renderAisle, type Rendered } from '../testing/ui.js';

// Stand-ins for the lazy screen parts: each records that its code was asked for.
const asked = vi.hoisted(() => ({ belowFold: 0, vsm: 0 }));
vi.mock('./dlp/BelowFold.js', () => {
  asked.belowFold++;
  return { default: () => null };
});
vi.mock('./vsm/Vsm.js', () => {
  asked.vsm++;
  return { Vsm: () => null };
});

configure({ enforceActions: 'always' });

describe('the code a screen needs is asked for when the first render starts', () => {
  it('a listing asks for its below-the-fold sections, not for the sitemap', async () => {
    const store = new RootStore(fakeEnv(), testContext(), 1280);
    preloadScreen(store);
    await vi.waitFor(() => expect(asked.belowFold).toBe(1));
    expect(asked.vsm).toBe(0);
  });

  it('a sitemap page asks for the sitemap', async () => {
    const store = new RootStore(fakeEnv('http://shop.test/maple/vsm/'), testContext({}, { data: undefined }), 1280);
    expect(store.route.screen).toBe('vsm');
    preloadScreen(store);
    await vi.waitFor(() => expect(asked.vsm).toBe(1));
  });
});

describe('cards far below the first screen are laid out as they come near it', () => {
  let page: Rendered | undefined;
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
  afterEach(() => {
    page?.unmount();
    page = undefined;
    vi.unstubAllGlobals();
  });
  const grid = () => page!.container.querySelector('[data-aisle="grid"]')!;

  it('except in a listing the shopper comes back to, which is laid out whole for an exact restore', async () => {
    page = await renderAisle(testContext());
    expect(grid().classList.contains('aisle-grid--whole')).toBe(false);
    const record = { path: '/maple/dresses', search: '', y: 900, product: 'p3', offset: 120, focus: true };
    act(() => runInAction(() => (page!.store.restore = new ListingRestore(record, page!.env.timers))));
    expect(grid().classList.contains('aisle-grid--whole')).toBe(true);
  });
});

describe('the infinite-scroll sentinel waits for the grid to show the latest results', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
  afterEach(() => vi.unstubAllGlobals());

  /** The sentinel alone, told whether the grid above it is current, on an infinite listing. */
  function sentinel(gridCurrent: boolean) {
    const store = new RootStore(fakeEnv(), testContext({ infiniteLoading: true }), 1280);
    const loadMore = vi.spyOn(store.dlp, 'loadMore').mockImplementation(() => undefined);
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root = createRoot(container);
    const render = (current: boolean) =>
      act(() =>
        root.render(
          <StoreProvider store={store}>
            <GridCurrent.Provider value={current}>
              <InfiniteSentinel />
            </GridCurrent.Provider>
          </StoreProvider>,
        ),
      );
    render(gridCurrent);
    return {
      loadMore,
      render,
      unmount: () => {
        act(() => root.unmount());
        container.remove();
      },
    };
  }

  it('asks for nothing while the old cards are still on show, even in view', () => {
    const view = sentinel(false);
    FakeIntersectionObserver.fire('[data-aisle="sentinel"]', 1);
    expect(view.loadMore).not.toHaveBeenCalled();
    view.unmount();
  });

  it('asks for the next page once the new cards are in and it is still in view', () => {
    const view = sentinel(false);
    view.render(true);
    FakeIntersectionObserver.fire('[data-aisle="sentinel"]', 1);
    expect(view.loadMore).toHaveBeenCalledTimes(1);
    view.unmount();
  });
});
