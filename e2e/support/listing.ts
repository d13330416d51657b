/**
 * The listing as the cross-engine journeys see it: the same helpers as dlp.ts, written against the
 * engine-neutral EnginePage instead of Playwright's Page.
 */
import type { Engine, EnginePage } from './drivers/index.js';
import { APP_CARD } from './dlp.js';
import { DEFAULT_WAIT_MS, pollUntil } from './drivers/poll.js';

/** The cards of the grid (first paint's and app's alike). */
export const CARD = '[data-aisle="grid"] [data-aisle="product"]';

/** Opens `path` of the local stack in a new tab at a viewport width and waits for the app's grid. */
export async function openListing(engine: Engine, baseUrl: string, path: string, width = 1280): Promise<EnginePage> {
  const page = await engine.newPage({ width, height: 900 });
  await page.goto(`${baseUrl}${path}`);
  // As long as Playwright waits by default: a loaded machine can be slow, and a slow start is not a failure.
  await page.waitForSelector(APP_CARD, 30_000).catch(async (error: unknown) => {
    const seen = await page
      .evaluate(() => ({
        readyState: document.readyState,
        firstPaint: document.querySelectorAll('[data-aisle-first-paint] [data-aisle="product"]').length,
        aisle: typeof (window as { Aisle?: unknown }).Aisle,
        main: (document.querySelector('main')?.textContent ?? '').slice(0, 120),
      }))
      .catch(() => 'the page did not answer');
    throw new Error(`the app's grid never came on ${path}: ${JSON.stringify(seen)}`, { cause: error });
  });
  // A page the server rendered shows its grid before aisle.js has run: wait until the app holds it.
  await page.waitFor(
    () => {
      const aisle = (window as { Aisle?: { debug: { snapshot(): { mount: { state: string } } } } }).Aisle;
      return aisle !== undefined && aisle.debug.snapshot().mount.state !== 'none';
    },
    undefined,
    { what: `the app mounted on ${path}`, timeoutMs: 30_000 },
  );
  return page;
}

/** The product ids in the grid, in order. */
export const gridIds = (page: EnginePage): Promise<string[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]'), (card) =>
      card.getAttribute('data-product-id'),
    ).map((id) => id ?? ''),
  );

/** The number of elements matching a selector. */
export const countOf = (page: EnginePage, selector: string): Promise<number> =>
  page.evaluate((s) => document.querySelectorAll(s).length, selector);

/** The text of the first element matching a selector, or null. */
export const textOf = (page: EnginePage, selector: string): Promise<string | null> =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);

/** The number the item count shows ("400 items" → 400). */
export const itemCount = async (page: EnginePage): Promise<number> =>
  Number(((await textOf(page, '[data-aisle="item-count"]')) ?? '').replace(/\D/g, ''));

/** The address's query parameters as an object of lists. */
export async function query(page: EnginePage): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of new URL(await page.url()).searchParams) (out[k] ??= []).push(v);
  return out;
}

/** Waits until the address matches (a RegExp, or a predicate of the URL). */
export async function waitForUrl(page: EnginePage, wanted: RegExp | ((url: URL) => boolean)): Promise<void> {
  const test = typeof wanted === 'function' ? wanted : (url: URL) => wanted.test(url.href);
  await pollUntil(
    async () => test(new URL(await page.url())),
    DEFAULT_WAIT_MS,
    `the address to match ${String(wanted)}`,
  );
}

/** Waits until no search is in flight and the grid is not busy. */
export async function searchSettled(page: EnginePage): Promise<void> {
  await page.waitFor(
    () => {
      const w = window as unknown as { Aisle?: { debug?: { snapshot(): { search: { loading: boolean } } } } };
      const snapshot = w.Aisle?.debug?.snapshot();
      return snapshot !== undefined && !snapshot.search.loading && !document.querySelector('[aria-busy="true"]');
    },
    undefined,
    { what: 'the search to settle' },
  );
}

/** Opens a filter's popover from the toolbar by its label (e.g. "Color"). */
export async function openFilter(page: EnginePage, label: string): Promise<void> {
  await page.click({ selector: '[data-aisle="filter-button"]', text: label });
}

/** Picks a sort order from the dropdown and waits for its results. */
export async function sortBy(page: EnginePage, text: string, sort: string): Promise<void> {
  await page.click('.aisle-dropdown__button');
  await page.click({ selector: '[role="option"]', text });
  await waitForUrl(page, new RegExp(`sort=${sort}`));
  await searchSettled(page);
}
