// @vitest-environment happy-dom
/**
 * A locale is one row: the first paint finds every shipped locale's words by the row that the app
 * loads them by, starting, as aisle.js does, with only English at hand (the unit tests' set-up loads
 * every catalogue, so each case imports the paint afresh).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../core/locales.js';
import { fakeResponse, testContext } from '../testing/stores.js';
import { pageWindow } from '../testing/window.js';

afterEach(() => document.body.replaceChildren());

describe('the first paint speaks every shipped locale', () => {
  it.each(LOCALES)('%s: its words are found by its row, with only English loaded', async (locale) => {
    vi.resetModules();
    const messages = await import('../core/messages.js');
    const { paintFirstScreen } = await import('./paint.js');
    expect(messages.hasMessages(locale)).toBe(locale === 'en');
    document.body.innerHTML = '<main></main>';
    const context = testContext({}, { data: fakeResponse(), additional: { locale, region: 'us' } });
    const paint = await paintFirstScreen(context, pageWindow('http://shop.test/maple/dresses', 1280));
    expect(paint).not.toBeNull();
    const root = document.querySelector<HTMLElement>('main .aisle-root')!;
    expect(root.lang).toBe(locale);
    const words = messages.messagesFor(locale);
    expect(root.querySelector('[data-aisle="all-filters"]')?.textContent).toBe(words.allFilters);
    expect(root.querySelector('[data-aisle="item-count"]')?.textContent).toBe(words.itemCount(100));
    paint!.withdraw();
  });
});

describe('the first paint links as the app does', () => {
  it('French Canada: product links carry the locale suffix, as the breadcrumbs do', async () => {
    const { paintFirstScreen } = await import('./paint.js');
    document.body.innerHTML = '<main></main>';
    const context = testContext({ region: 'ca' }, { data: fakeResponse(), additional: { locale: 'fr', region: 'ca' } });
    const paint = await paintFirstScreen(context, pageWindow('http://shop.test/maple/dresses', 1280));
    const hrefs = (selector: string) =>
      [...document.querySelectorAll(`main ${selector} a[href]`)].map((a) => a.getAttribute('href'));
    expect(hrefs('[data-aisle="breadcrumbs"]')[0]).toMatch(/\?locale=fr_CA$/);
    const products = hrefs('[data-aisle="grid"]');
    expect(products.length).toBeGreaterThan(0);
    expect(products.filter((href) => !href!.endsWith('?locale=fr_CA'))).toEqual([]);
    paint!.withdraw();
  });
});
