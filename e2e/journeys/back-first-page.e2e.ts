/**
 * Back to an infinite listing whose host page embeds only its first page of results, whatever the
 * address says: every card the shopper had loaded comes back, with the card they opened in view
 * and its link focused.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engines, useEngine } from '../support/drivers/index.js';
import { CARD, gridIds, openListing } from '../support/listing.js';

const baseUrl = inject('baseUrl');
// The demo page writes its first page of results into the page, whatever its page number says.
const LISTING = '/maple/mens-rain-jackets?embed=first-page';

describe.each(engines)('Back to an infinite listing whose page embeds page 1 only (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it('brings back every card the shopper had loaded, the opened one in place', async () => {
    const page = await openListing(engine(), baseUrl, LISTING, 1280);
    // The shopper reaches the end of the first page, and goes back up once more cards came.
    await page.waitForSelector('[data-aisle="sentinel"]');
    await page.evaluate(() => document.querySelector('[data-aisle="sentinel"]')!.scrollIntoView());
    await page.waitFor(() => document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]').length >= 48);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitFor(
      () => {
        const aisle = (window as { Aisle?: { debug: { snapshot(): { search: { loading: boolean } } } } }).Aisle;
        const settled = aisle?.debug.snapshot().search.loading === false;
        return settled && !document.querySelector('[aria-busy="true"]') && /pageNumber=\d/.test(location.search);
      },
      undefined,
      { what: 'the pages loaded in the address' },
    );
    const ids = await gridIds(page);
    const address = await page.url();
    expect(address).toContain(`pageNumber=${ids.length / 24}`);
    const link = { selector: `${CARD} a.aisle-card__link`, nth: 30 };
    await page.evaluate((l) => document.querySelectorAll(l.selector)[l.nth]?.scrollIntoView({ block: 'center' }), link);
    await page.click(link);
    await page.waitFor(() => location.pathname.includes('/p/'), undefined, { what: 'the product page' });
    await page.back();
    await page.waitFor(
      (n) => document.querySelectorAll('.aisle-mount [data-aisle="grid"] [data-aisle="product"]').length >= n,
      ids.length,
      { what: 'every card back' },
    );
    expect(await page.url()).toBe(address);
    expect(await gridIds(page)).toEqual(ids);
    await page.waitFor(
      (id) => document.activeElement?.closest('[data-aisle="product"]')?.getAttribute('data-product-id') === id,
      ids[30],
      { what: 'the focus on the opened card' },
    );
    // WebKitGTK reports the return as a new navigation ('navigate'), which Aisle does not restore a
    // place for (a fresh visit of the same address starts at the top), with a full page as well.
    const arrival = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type,
    );
    if (arrival === 'back_forward') {
      const top = await page.evaluate(
        (l) => document.querySelectorAll(l.selector)[l.nth]!.getBoundingClientRect().top,
        link,
      );
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(900);
    } else console.info(`${name}: the return was reported as '${arrival}': the scroll is not restored`);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
