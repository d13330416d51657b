/**
 * A marketplace's facet in Chromium at 4× CPU: the listing's brand filter given 10,000 options, its
 * search box answering a query (from the input event to the laid-out list, the work the page is held
 * for) and a pasted megabyte. Queries range from one letter, which matches nearly every option, to
 * one that matches none.
 */
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser.js';
import { APP_CARD } from '../e2e/support/dlp.js';
import { createApp } from '../server/app.js';
import { median, percentile, round } from './stats.js';

/** How many options the facet is given. */
export const FACET_OPTIONS = 10_000;
const QUERIES = ['a', 'e', 'ma', 'brand 7', 'zz'];
const PASTE = 'ab'.repeat(512 * 1024);

/** Plausible, distinct brand names built from syllables, the same on every run. */
function brandNames(count: number): string[] {
  const syllables = ['ma', 'ro', 'ten', 'vel', 'ka', 'sun', 'dor', 'li', 'quen', 'ash', 'bri', 'zo'];
  return Array.from({ length: count }, (_, i) => {
    const word = [i % 12, Math.floor(i / 12) % 12, Math.floor(i / 144) % 12].map((n) => syllables[n]).join('');
    return `${word.charAt(0).toUpperCase()}${word.slice(1)} Brand ${i}`;
  });
}

/**
 * Times one change of the search box's text inside the page: from setting the value and its input
 * event to the list being rendered and laid out (React renders a typed change before the microtask
 * queue is empty).
 */
export function typeInBox(text: string): Promise<number> {
  const box = document.querySelector<HTMLInputElement>('[data-aisle="filter-panel"] input[type=search]');
  if (!box) throw new Error('no search box in the open filter');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const started = performance.now();
  setValue.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
  return Promise.resolve().then(() => {
    document.body.getBoundingClientRect();
    return performance.now() - started;
  });
}

/** Opens the listing with its 10,000-brand facet at 4× CPU and the brand filter open (also for bench/profile.ts). */
export async function openBrandFacet(
  browser: Browser,
  origin: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const names = brandNames(FACET_OPTIONS);
  // The listing comes with the page: its render context's brand filter gets the options.
  await page.route('**/maple/womens-running-shoes', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const body = html.replace(
      /(<script type="application\/json" id="[^"]+">)(.*?)(<\/script>)/s,
      (_, open, json, close) => {
        const context = JSON.parse(json) as { data: { filters: Array<{ key: string; options: unknown[] }> } };
        for (const filter of context.data.filters)
          if (filter.key === 'brand')
            filter.options = names.map((text, i) => ({
              key: `brand-${i}`,
              text,
              count: 1 + (i % 40),
              selected: false,
            }));
        return `${open}${JSON.stringify(context).replace(/</g, '\\u003c')}${close}`;
      },
    );
    await route.fulfill({ response, body });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${origin}/maple/womens-running-shoes`);
  await page.waitForSelector(APP_CARD);
  await page.click('[data-aisle="filter-button"]:has-text("Brand")');
  await page.waitForSelector('[data-aisle="filter-panel"] input[type=search]');
  return { context, page };
}

/** One page: opens the brand filter and measures every query and the paste once. */
async function measureOnce(browser: Browser, origin: string): Promise<{ queries: number[]; paste: number }> {
  const { context, page } = await openBrandFacet(browser, origin);
  const queries: number[] = [];
  for (const query of QUERIES) {
    queries.push(await page.evaluate(typeInBox, query));
    await page.evaluate(typeInBox, '');
  }
  const paste = await page.evaluate(typeInBox, PASTE);
  await context.close();
  return { queries, paste };
}

/** Medians over `runs` pages of the query and paste times, in milliseconds at 4× CPU. */
export async function benchFacetSearch(runs = 5): Promise<Record<string, number>> {
  const server = createApp({ analyticsDb: ':memory:' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  const queries: number[] = [];
  const pastes: number[] = [];
  try {
    await measureOnce(browser, origin); // warm the server and the browser's caches
    for (let i = 0; i < runs; i++) {
      const run = await measureOnce(browser, origin);
      queries.push(...run.queries);
      pastes.push(run.paste);
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (process.env.AISLE_BENCH_EACH)
    console.log('facet queries', queries.map(round).join(' '), 'pastes', pastes.map(round).join(' '));
  return {
    facet_search_10k_4x_ms: round(median(queries)),
    facet_search_10k_4x_p90_ms: round(percentile(queries, 90)),
    facet_paste_1mb_10k_4x_ms: round(median(pastes)),
  };
}
