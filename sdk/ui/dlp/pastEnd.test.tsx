// @vitest-environment happy-dom
import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeResponse } from '../../testing/stores.js';
import { FakeIntersectionObserver, renderAisle, testContext, type Rendered } from '../../testing/ui.js';

configure({ enforceActions: 'always' });
let page: Rendered | undefined;
const $ = (selector: string) => page!.container.querySelector<HTMLElement>(selector);

beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

describe('a stale link to a page past the end', () => {
  it('never shows counts beyond the listing and says politely which page is shown instead', async () => {
    // Page 10,000 of a 100-item listing, as a backend echoing the stale start answers it.
    const stale = {
      ...fakeResponse(),
      products: [],
      start: 239_976,
      payload: { total: 100, filtered: 100, shown: 100 },
    };
    page = await renderAisle(testContext({}, { data: stale }), {
      href: 'http://shop.test/maple/dresses?pageNumber=10000',
    });
    await page.settle();
    expect($('[data-aisle="item-count"]')!.textContent).toBe('100 items');
    const notice = $('.aisle-update-notice')!;
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe('There is no page 10,000 any more, so here is page 5.');
    expect(notice.classList.contains('aisle-visually-hidden')).toBe(false);
    expect(page.env.url.href).toBe('http://shop.test/maple/dresses?pageNumber=5');
    // The pagination is below the fold and arrives a moment later.
    await vi.waitFor(() => expect($('.aisle-pagination [aria-current="page"]')?.textContent).toBe('5'));
    expect([...page.container.querySelectorAll('.aisle-pagination a')].map((a) => a.textContent)).toEqual([
      '‹',
      '1',
      '3',
      '4',
      '5',
    ]);
  });
});
