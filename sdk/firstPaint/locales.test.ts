// @vitest-environment happy-dom
/**
 * A locale is one row: the first paint finds every shipped locale's words by the row that the app
 * loads them by, starting, as aisle.js does, with only English at hand (the unit tests' set-up loads
 * every catalogue, so each case imports the paint afresh).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../core/locales.js';
import { fakeResponse, testContext } from '../testing/stores.js';

afterEach(() => document.body.replaceChildren());

describe('the first paint speaks every shipped locale', () => {
  it.each(LOCALES)('%s: its words are found by its row, with only English loaded', async (locale) => {
    vi.resetModules();
    const messages = await import('../core/messages.js');
    const { paintFirstScreen } = await import('./paint.js');
    expect(messages.hasMessages(locale)).toBe(locale === 'en');
    document.body.innerHTML = '<main></main>';
    const context = testContext({}, { data: fakeResponse(), additional: { locale, region: 'us' } });
    const win = {
      location: new URL('http://shop.test/maple/dresses'),
      innerWidth: 1280,
      history: { state: null },
      IntersectionObserver: globalThis.IntersectionObserver,
      MessageChannel: globalThis.MessageChannel,
      setTimeout: globalThis.setTimeout.bind(globalThis),
      performance: globalThis.performance,
      document,
    } as unknown as Window & typeof globalThis;
    const paint = await paintFirstScreen(context, win);
    expect(paint).not.toBeNull();
    const root = document.querySelector<HTMLElement>('main .aisle-root')!;
    expect(root.lang).toBe(locale);
    const words = messages.messagesFor(locale);
    expect(root.querySelector('[data-aisle="all-filters"]')?.textContent).toBe(words.allFilters);
    expect(root.querySelector('[data-aisle="item-count"]')?.textContent).toBe(words.itemCount(100));
    paint!.withdraw();
  });
});
