import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { loadTenants } from '../fixtures/tenants/index.js';
import { jsonForScript } from '../server/http.js';
import { useChromium } from './support/browser.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

const maple = loadTenants().find((t) => t.config.id === 'maple')!;
const HOST_MAIN = '<h1>Our rain jackets</h1><p>The retailer’s own listing.</p>';
/** A search host nothing listens on (the discard port): every request to it is refused. */
const UNREACHABLE = 'http://127.0.0.1:9';

type Snapshot = { mount: { state: string; reason: string | null } };
const snapshot = (page: Page) =>
  page.evaluate(() => (window as unknown as { Aisle: { debug: { snapshot(): Snapshot } } }).Aisle.debug.snapshot());

/**
 * The retailer's page for Men's Rain Jackets, served by the test instead of the stack, whose render
 * context carries no data and searches at `searchHost`; `csp` becomes its Content-Security-Policy.
 */
async function retailerPage(
  searchHost: string,
  csp?: string,
): Promise<{ page: Page; pageErrors: string[]; warnings: string[] }> {
  const page = await chromium().newPage();
  const pageErrors: string[] = [];
  const warnings: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const context = jsonForScript({
    config: { ...maple.config, searchHost },
    environment: 'development',
    additional: {},
  });
  await page.route(`${baseUrl}/maple/mens-rain-jackets`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: csp ? { 'content-security-policy': csp } : {},
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,"></head>
<body><main>${HOST_MAIN}</main>
<script type="application/json" id="aisle-context">${context}</script>
<script src="/embed/aisle.js"></script></body></html>`,
    }),
  );
  await page.goto(`${baseUrl}/maple/mens-rain-jackets`);
  return { page, pageErrors, warnings };
}

/** Answers a request to the unreachable host from the local stack, as a reachable host would. */
async function answerFromStack(route: Route): Promise<void> {
  const request = route.request();
  const cors = {
    'access-control-allow-origin': baseUrl,
    'access-control-allow-headers': 'content-type',
    'access-control-allow-methods': 'POST, OPTIONS',
  };
  if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
  const response = await route.fetch({ url: request.url().replace(UNREACHABLE, baseUrl) });
  await route.fulfill({ response, headers: { ...response.headers(), ...cors } });
}

describe('a listing that cannot load leaves the retailer’s content in place', () => {
  it('keeps <main> when the search host is unreachable, then shows the listing once it is back', async () => {
    const { page, pageErrors, warnings } = await retailerPage(UNREACHABLE);
    await page.waitForFunction(
      () =>
        (window as unknown as { Aisle?: { debug: { snapshot(): Snapshot } } }).Aisle?.debug.snapshot().mount?.state ===
        'kept-host-content',
    );
    expect(await page.innerHTML('main')).toBe(HOST_MAIN);
    expect((await snapshot(page)).mount.reason).toMatch(/could not be reached/);
    expect(warnings.filter((w) => w.includes('the listing could not load'))).toHaveLength(1);
    expect(pageErrors).toEqual([]);

    await page.route(`${UNREACHABLE}/**`, answerFromStack);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForSelector('main [data-aisle="grid"] [data-aisle="product"]');
    expect(await page.locator('main h1', { hasText: 'Our rain jackets' }).count()).toBe(0);
    expect((await snapshot(page)).mount).toEqual({ state: 'shown', reason: null });
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it("keeps <main> when the page's policy blocks a cross-origin search host (connect-src 'self')", async () => {
    // The stack answers on localhost too: another origin for the page at 127.0.0.1.
    const crossOrigin = baseUrl.replace('127.0.0.1', 'localhost');
    const { page, pageErrors } = await retailerPage(crossOrigin, "connect-src 'self'");
    await page.waitForFunction(
      () =>
        (window as unknown as { Aisle?: { debug: { snapshot(): Snapshot } } }).Aisle?.debug.snapshot().mount?.state ===
        'kept-host-content',
    );
    expect(await page.innerHTML('main')).toBe(HOST_MAIN);
    expect(await page.locator('.aisle-mount').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});

describe('a sitemap page without inline data', () => {
  it('fetches its sitemap and shows it, with no product search', async () => {
    const page = await chromium().newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const bodies: unknown[] = [];
    const searches: string[] = [];
    page.on('request', (r) => r.url().endsWith('/search') && searches.push(r.url()));
    await page.route(`${baseUrl}/sitemap`, (route) => {
      bodies.push(route.request().postDataJSON());
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          url: '/maple/vsm/',
          title: 'Apparel',
          links: [
            { title: 'Boots', url: '/maple/boots' },
            { title: 'Anoraks', url: '/maple/anoraks' },
          ],
          subcategories: [{ title: 'Outerwear', url: '/maple/vsm/outerwear' }],
          breadcrumbs: [],
        }),
      });
    });
    const context = jsonForScript({
      config: { ...maple.config, searchHost: baseUrl },
      environment: 'development',
      additional: { locale: 'en', region: 'us' },
    });
    await page.route(`${baseUrl}/maple/vsm/`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,"></head>
<body><main>${HOST_MAIN}</main>
<script type="application/json" id="aisle-context">${context}</script>
<script src="/embed/aisle.js"></script></body></html>`,
      }),
    );
    await page.goto(`${baseUrl}/maple/vsm/`);
    await page.waitForSelector('main [data-aisle="vsm"] [data-aisle="vsm-section"]');
    expect(await page.textContent('main [data-aisle="vsm"]')).toContain('Anoraks');
    expect(bodies).toEqual([
      { customer: 'maple-pine', page: '', environment: 'production', skip_cache: true, region: 'us', locale: 'en' },
    ]);
    expect(searches).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});

describe('an unmount while Aisle is still starting', () => {
  it('cancels the start: the retailer’s content stays and nothing of Aisle appears later', async () => {
    const page = await chromium().newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const context = jsonForScript({
      config: { ...maple.config, searchHost: baseUrl },
      environment: 'development',
      additional: {},
    });
    await page.route(`${baseUrl}/maple/mens-rain-jackets`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,"></head>
<body><main>${HOST_MAIN}</main>
<script type="application/json" id="aisle-context">${context}</script>
<script src="/embed/aisle.js"></script>
<script>document.addEventListener('DOMContentLoaded', () => window.Aisle.unmount());</script></body></html>`,
      }),
    );
    // Fake time: the embed's wait for its stylesheet (whose link the unmount removed) runs out at once.
    await page.clock.install();
    await page.goto(`${baseUrl}/maple/mens-rain-jackets`);
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(5000);
    // By now the app chunk, a search and a first render would have happened.
    await page.waitForLoadState('networkidle');
    expect(await page.innerHTML('main')).toBe(HOST_MAIN);
    expect(await page.locator('.aisle-mount').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});

describe('the #department guard holds from Aisle’s first moment', () => {
  it('stops a pushState to #department made in the same task as the first render', async () => {
    const page = await chromium().newPage();
    await page.addInitScript(() => {
      // Runs as a microtask of the task that put Aisle's container in <main>, before anything else.
      new MutationObserver((records, observer) => {
        const added = records.some((r) => [...r.addedNodes].some((n) => (n as Element).className === 'aisle-mount'));
        if (!added) return;
        observer.disconnect();
        history.pushState(null, '', `${location.pathname}#department`);
        (window as unknown as { __hashAfterPush: string }).__hashAfterPush = location.hash;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}/maple/mens-rain-jackets`);
    await page.waitForFunction(() => '__hashAfterPush' in window);
    expect(await page.evaluate(() => (window as unknown as { __hashAfterPush: string }).__hashAfterPush)).toBe('');
    await page.close();
  });
});
