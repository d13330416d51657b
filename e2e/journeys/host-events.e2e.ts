/**
 * The retailer's own code hears what the shopper does through `Aisle.on`: a sort, a filter, the
 * results shown, a page shown and a product chosen, with the documented payloads; unmount drops
 * the handlers.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engines, useEngine, type Engine, type EnginePage } from '../support/drivers/index.js';
import { CARD, openFilter, openListing, searchSettled, waitForUrl } from '../support/listing.js';

const baseUrl = inject('baseUrl');
const LISTING = '/maple/womens-running-shoes';

type Heard = Array<[string, Record<string, unknown>]>;

/** Registers a handler for each event that keeps what it heard in sessionStorage (it outlives a navigation). */
const listen = (page: EnginePage): Promise<void> =>
  page.evaluate(() => {
    const aisle = (window as unknown as { Aisle: { on(name: string, handler: (p: unknown) => void): () => void } })
      .Aisle;
    for (const name of ['productClick', 'filterChange', 'sortChange', 'resultsShown', 'pageChange'])
      aisle.on(name, (payload) => {
        const heard = JSON.parse(sessionStorage.getItem('heard') ?? '[]') as unknown[];
        heard.push([name, payload]);
        sessionStorage.setItem('heard', JSON.stringify(heard));
      });
  });

const heard = (page: EnginePage): Promise<Heard> =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('heard') ?? '[]') as Heard);

const names = async (page: EnginePage): Promise<string[]> => (await heard(page)).map(([name]) => name);

/**
 * Opens the listing and mounts Aisle again with the handlers registered first (as a page whose
 * script subscribes before Aisle starts), then waits for the first page and results to be heard.
 */
async function remountListening(engine: Engine): Promise<EnginePage> {
  const page = await openListing(engine, baseUrl, LISTING);
  await page.evaluate(() => {
    (window as unknown as { Aisle: { unmount(): void } }).Aisle.unmount();
    sessionStorage.removeItem('heard');
  });
  await listen(page);
  await page.evaluate(() => {
    const context = JSON.parse(document.getElementById('aisle-context')!.textContent!) as unknown;
    void (window as unknown as { Aisle: { mount(c: unknown): Promise<void> } }).Aisle.mount(context);
  });
  await page.waitFor(() => (sessionStorage.getItem('heard') ?? '').includes('resultsShown'), undefined, {
    what: 'the results shown at mount',
  });
  return page;
}

describe.each(engines)('the page hears Aisle’s events (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it('a sort, a filter and the results they show, then the product chosen', async () => {
    const page = await remountListening(engine());
    await page.evaluate(() => sessionStorage.removeItem('heard'));

    await page.click('.aisle-dropdown__button');
    await page.click({ selector: '[role="option"]', text: 'Low to High' });
    await waitForUrl(page, /sort=price_asc/);
    await searchSettled(page);
    await page.waitFor(() => (sessionStorage.getItem('heard') ?? '').includes('resultsShown'), undefined, {
      what: 'the results shown after the sort',
    });
    const afterSort = await heard(page);
    expect(afterSort.map(([n]) => n)).toEqual(['sortChange', 'resultsShown']);
    expect(afterSort[0]![1]).toEqual({ sort: 'price_asc' });
    const shown = afterSort[1]![1];
    expect(shown).toMatchObject({ page: 1, pageSize: 24, query: 'womens-running-shoes', filtersApplied: 0 });
    const grid = await page.evaluate(
      (selector) => [...document.querySelectorAll(selector)].map((el) => el.getAttribute('data-product-id')),
      CARD,
    );
    expect((shown.productIds as string[]).slice(0, 5)).toEqual(grid.slice(0, 5));

    await openFilter(page, 'Brand');
    await page.click('[data-aisle="filter-panel"][data-filter-key="brand"] input[type="checkbox"]');
    await waitForUrl(page, /filters=brand~/);
    await searchSettled(page);
    await page.press('Escape');
    await page.waitFor(() => (sessionStorage.getItem('heard') ?? '').split('resultsShown').length === 3, undefined, {
      what: 'the results shown after the filter',
    });
    const filter = (await heard(page)).find(([n]) => n === 'filterChange');
    expect(filter?.[1]).toMatchObject({ change: 'add', key: 'brand', value: expect.any(String) });

    const card = await page.evaluate((selector) => {
      const first = document.querySelector(selector)!;
      return { id: first.getAttribute('data-product-id'), href: first.querySelector('a')!.href };
    }, CARD);
    await page.click(`${CARD} a`);
    await waitForUrl(page, (url) => url.href === card.href);
    const click = (await heard(page)).find(([n]) => n === 'productClick');
    expect(click?.[1]).toMatchObject({ productId: card.id, position: 1, list: 'search_results', url: card.href });
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('hears the page shown at mount, and nothing more once unmounted', async () => {
    const page = await remountListening(engine());
    const atMount = await heard(page);
    expect(atMount.map(([n]) => n)).toEqual(['pageChange', 'resultsShown']);
    expect(atMount[0]![1]).toMatchObject({
      screen: 'dlp',
      url: expect.stringContaining(LISTING),
      redirectedFrom: null,
    });

    await page.evaluate(() => {
      const aisle = (window as unknown as { Aisle: { unmount(): void; mount(c: unknown): Promise<void> } }).Aisle;
      aisle.unmount();
      sessionStorage.removeItem('heard');
      return aisle.mount(JSON.parse(document.getElementById('aisle-context')!.textContent!) as unknown);
    });
    await page.waitForSelector(CARD);
    await page.click('.aisle-dropdown__button');
    await page.click({ selector: '[role="option"]', text: 'Low to High' });
    await waitForUrl(page, /sort=price_asc/);
    await searchSettled(page);
    expect(await names(page)).toEqual([]);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
