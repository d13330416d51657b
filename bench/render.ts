/**
 * Render figures in Chromium: the script time of a first render of 48 products from the render
 * context, and the script time of appending page 2 and page 20 of an infinite list.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser.js';
import { createApp } from '../server/app.js';
import { median, round } from './stats.js';

async function scriptMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
}

async function open(browser: Browser, url: string): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  await page.waitForSelector('[data-aisle="grid"] [data-aisle="product"]');
  return { page, cdp };
}

const cards = (page: Page) => page.locator('[data-aisle="grid"] [data-aisle="product"]').count();

/** Resolves in the page once a User Timing entry `name` of `type` exists, without polling the page. */
function entryRecorded(page: Page, name: string, type: 'mark' | 'measure'): Promise<void> {
  // Polling would run in the gaps the first render leaves between its slices, and be counted as its.
  return page.evaluate(
    ([entry, kind]) =>
      new Promise<void>((resolve) => {
        if (performance.getEntriesByName(entry!).length > 0) return resolve();
        new PerformanceObserver((list, observer) => {
          if (list.getEntriesByName(entry!).length === 0) return;
          observer.disconnect();
          resolve();
        }).observe({ type: kind! });
      }),
    [name, type],
  );
}

/**
 * Script time of the first render of 48 cards: first the first paint (loading and running
 * aisle.js, reading the context, drawing the cards), with the app's script held back until it is
 * measured; then the app's first render on top of it (running the app, building the stores,
 * rendering, taking the paint's place). The chunks that load after it (below-the-fold sections,
 * analytics, page adapters, integrations) are held back until it is measured, so that their work
 * is not counted as the first render's.
 */
async function firstRender(
  browser: Browser,
  origin: string,
): Promise<{ paint: number; script: number; mount: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const manifest = JSON.parse(readFileSync('dist/embed/manifest.json', 'utf8')) as { firstRender: string[] };
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let releaseApp!: () => void;
  const appReleased = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route(`${origin}/embed/chunks/**`, async (route) => {
    const file = `chunks/${new URL(route.request().url()).pathname.split('/').pop()}`;
    if (!manifest.firstRender.includes(file)) await released;
    await route.continue();
  });
  await page.route(/\/embed\/aisle-app-[0-9a-f]+\.js$/, async (route) => {
    await appReleased;
    await route.continue();
  });
  await page.goto(`${origin}/summit/running-shorts?pageSize=48`, { waitUntil: 'domcontentloaded' });
  await entryRecorded(page, 'aisle:first-paint', 'mark');
  if ((await cards(page)) !== 48) throw new Error('expected 48 cards in the first paint');
  const paint = await scriptMs(cdp);
  releaseApp();
  await entryRecorded(page, 'aisle:mount', 'measure');
  if ((await cards(page)) !== 48) throw new Error('expected 48 cards');
  const script = await scriptMs(cdp);
  release();
  const mount = await page.evaluate(() => performance.getEntriesByName('aisle:mount')[0]?.duration ?? NaN);
  await page.close();
  return { paint, script, mount };
}

/** Script time of one infinite-scroll append from `fromPage` to the next page. */
async function append(browser: Browser, origin: string, fromPage: number): Promise<number> {
  const { page, cdp } = await open(
    browser,
    `${origin}/harbor/lipsticks${fromPage > 1 ? `?pageNumber=${fromPage}` : ''}`,
  );
  await page.waitForSelector('[data-aisle="sentinel"]');
  const before = await cards(page);
  const start = await scriptMs(cdp);
  await page.locator('[data-aisle="sentinel"]').scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]').length > n,
    before,
  );
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  const cost = (await scriptMs(cdp)) - start;
  await page.close();
  return cost;
}

/** Runs every render figure `runs` times and reports medians in milliseconds. */
export async function benchRender(runs = 5): Promise<Record<string, number>> {
  const server = createApp({ analyticsDb: ':memory:' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  try {
    await firstRender(browser, origin); // warm the server and the HTTP cache of the stack
    const first: Array<{ paint: number; script: number; mount: number }> = [];
    const page2: number[] = [];
    const page20: number[] = [];
    for (let i = 0; i < runs; i++) {
      first.push(await firstRender(browser, origin));
      page2.push(await append(browser, origin, 1));
      page20.push(await append(browser, origin, 19));
    }
    return {
      first_paint_48_script_ms: round(median(first.map((f) => f.paint))),
      first_render_48_script_ms: round(median(first.map((f) => f.script))),
      first_render_48_mount_ms: round(median(first.map((f) => f.mount))),
      append_page2_script_ms: round(median(page2)),
      append_page20_script_ms: round(median(page20)),
      append_page20_vs_page2_ratio: round(median(page20) / median(page2)),
    };
  } finally {
    await browser.close();
    server.close();
  }
}
