// @vitest-environment happy-dom
import { configure } from 'mobx';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeResponse } from '../../testing/stores.js';
import { FakeIntersectionObserver, renderAisle, testContext, type Rendered } from '../../testing/ui.js';

configure({ enforceActions: 'always' });
let page: Rendered | undefined;
const $ = (selector: string) => page!.container.querySelector<HTMLElement>(selector);
const $$ = (selector: string) => [...page!.container.querySelectorAll<HTMLElement>(selector)];
const liveRegions = () => $$('[role="status"], [aria-live], [role="alert"]');
const announcer = () => $('.aisle-update-notice')!;

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

describe('focus after a change of results', () => {
  it('Clear Filters hands the focus to All Filters instead of dropping it on the page body', async () => {
    page = await renderAisle(testContext());
    act(() => page!.store.dlp.toggleFilter('color', 'black'));
    await page.settle();
    act(() => page!.store.dlp.setPriceRange('price', [20, 100]));
    await page.settle();
    const clear = $('[data-aisle="clear-filters"]')!;
    clear.focus();
    act(() => clear.click());
    await page.settle();
    expect($('[data-aisle="clear-filters"]')).toBeNull();
    expect(document.activeElement).toBe($('[data-aisle="all-filters"]'));
  });

  it('removing the last chip hands the focus to All Filters as well', async () => {
    page = await renderAisle(testContext());
    act(() => page!.store.dlp.toggleFilter('color', 'black'));
    await page.settle();
    const chip = $('[data-aisle="chips"] .aisle-chip')!;
    chip.focus();
    act(() => chip.click());
    await page.settle();
    expect($('[data-aisle="chips"]')).toBeNull();
    expect(document.activeElement).toBe($('[data-aisle="all-filters"]'));
  });

  it('a control that is still there keeps the focus', async () => {
    page = await renderAisle(testContext());
    const count = $('[data-aisle="item-count"]')!;
    count.focus();
    act(() => page!.store.dlp.toggleFilter('color', 'black'));
    await page.settle();
    expect(document.activeElement).toBe(count);
  });

  it('paging moves the focus to the results heading, where the view now is', async () => {
    page = await renderAisle(testContext());
    await vi.waitFor(() => expect($('.aisle-pagination')).not.toBeNull());
    const two = $$('.aisle-pagination a').find((a) => a.textContent === '2')!;
    two.focus();
    act(() => two.click());
    await page.settle();
    expect(page.env.scrolls).toBe(1);
    expect(document.activeElement).toBe($('h1[data-aisle="heading"]'));
  });

  it('an in-place move to another listing focuses the new page heading', async () => {
    page = await renderAisle(testContext());
    page.env.pages.set('http://shop.test/maple/boots', {
      context: testContext({}, { data: { ...fakeResponse(), h1_header: 'Boots' } }),
      head: null,
    });
    await act(async () => void (await page!.store.navigate('/maple/boots')));
    await page.settle();
    expect(document.activeElement?.textContent).toBe('Boots');
    expect(document.activeElement?.tagName).toBe('H1');
  });
});

describe('announcements', () => {
  it('has one live region, which says the new count once after each change', async () => {
    page = await renderAisle(testContext());
    expect(liveRegions()).toEqual([announcer()]);
    // The first listing is not a change: nothing is said.
    expect(announcer().textContent).toBe('');
    page.env.reply(() => ({ status: 200, json: fakeResponse({ filtered: 40 }) }));
    act(() => page!.store.dlp.toggleFilter('color', 'black'));
    await page.settle();
    expect(announcer().textContent).toBe('40 items');
    expect(liveRegions()).toEqual([announcer()]);
    // The same count again is still a change of text, so it is spoken again.
    act(() => page!.store.dlp.setSort('price_asc'));
    await page.settle();
    expect(announcer().textContent!.trim()).toBe('40 items');
    expect(announcer().textContent).not.toBe('40 items');
  });

  it('infinite: loading more says how many are shown, from the same region', async () => {
    page = await renderAisle(testContext({ infiniteLoading: true }));
    page.env.reply(() => ({ status: 200, json: fakeResponse({ shown: 48 }) }));
    FakeIntersectionObserver.fire('[data-aisle="sentinel"]', 1);
    await page.settle();
    expect(announcer().textContent).toBe('Showing 48 of 100');
    expect(liveRegions()).toEqual([announcer()]);
  });

  it('an empty result is said as a count, not by a second region', async () => {
    page = await renderAisle(testContext());
    page.env.reply(() => ({
      status: 200,
      json: { ...fakeResponse(), products: [], payload: { total: 100, filtered: 0, shown: 0 } },
    }));
    act(() => page!.store.dlp.toggleFilter('color', 'black'));
    await page.settle();
    expect($('.aisle-empty')).not.toBeNull();
    expect(announcer().textContent).toBe('0 items');
    expect(liveRegions()).toEqual([announcer()]);
  });
});
