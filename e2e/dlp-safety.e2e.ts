import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadTenants } from '../fixtures/tenants/index.js';
import { garbageQueries, hostileNotFound, hostileResponse } from '../fixtures/hostile/index.js';
import { hostileUrls, isWebHref } from '../fixtures/hostile/urls.js';
import { jsonForScript } from '../server/http.js';
import { useChromium } from './support/browser.js';
import { APP_CARD, gridIds, waitForListing } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

const maple = loadTenants().find((t) => t.config.id === 'maple')!;

/** A retailer page at /maple/hostile carrying `context` (raw text, so invalid JSON can be sent). */
async function hostilePage(contextText: string): Promise<{ page: Page; errors: string[]; dialogs: number }> {
  const page = await chromium().newPage();
  const state = { errors: [] as string[], dialogs: 0 };
  page.on('pageerror', (e) => state.errors.push(e.message));
  page.on('dialog', (d) => {
    state.dialogs++;
    void d.dismiss();
  });
  await page.route(`${baseUrl}/maple/hostile*`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Host</title><link rel="icon" href="data:,"></head><body><main><h1>Host content</h1></main>
<script type="application/json" id="aisle-context">${contextText}</script>
<script src="/embed/aisle.js"></script></body></html>`,
    }),
  );
  await page.goto(`${baseUrl}/maple/hostile`);
  return {
    page,
    errors: state.errors,
    get dialogs() {
      return state.dialogs;
    },
  };
}

const context = (data: unknown) =>
  jsonForScript({ config: { ...maple.config, searchHost: baseUrl }, environment: 'development', additional: {}, data });

describe('hostile and malformed inputs are rendered safely', () => {
  it('markup in every response text runs nothing and shows as text', async () => {
    const { page, errors } = await hostilePage(context(hostileResponse()));
    await page.waitForSelector('[data-aisle="seo"][data-aisle-ready]');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.textContent('[data-aisle="heading"]')).toContain('<script>');
    expect(await page.locator('[data-aisle="grid"] [data-aisle="product"]').count()).toBe(2);
    expect(await page.locator('.aisle-mount [href^="javascript:"], .aisle-mount [src^="javascript:"]').count()).toBe(0);
    const seo = await page.innerHTML('[data-aisle="seo"]');
    expect(seo).toContain('Safe paragraph');
    expect(seo).not.toMatch(/<script|onerror|onload|javascript:|<iframe/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a hostile not-found page is sanitised: text and safe markup only', async () => {
    const { page, errors } = await hostilePage(context(hostileNotFound()));
    await page.waitForSelector('[data-aisle="not-found"][data-aisle-ready]');
    const html = await page.innerHTML('[data-aisle="not-found"]');
    expect(html).toContain('<h2>We looked everywhere</h2>');
    expect(html).not.toMatch(/<script|onerror|onload|javascript:|<form|<input/);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an unparsable render context logs one warning and leaves the page alone', async () => {
    const warnings: string[] = [];
    const page = await chromium().newPage();
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.route(`${baseUrl}/maple/broken`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Host</title><link rel="icon" href="data:,"><main><h1>Host content</h1></main><script type="application/json" id="aisle-context">{"config": oops</script><script src="/embed/aisle.js"></script>`,
      }),
    );
    await page.goto(`${baseUrl}/maple/broken`);
    await page.waitForFunction(() => 'Aisle' in window);
    await expect.poll(() => warnings.length).toBe(1);
    expect(warnings[0]).toContain('render context');
    expect(await page.textContent('main')).toBe('Host content');
    await page.close();
  });

  it.each(garbageQueries)('a garbage URL %s shows the listing or its empty state, never an error', async (query) => {
    const page = await chromium().newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/maple/mens-rain-jackets${query}`);
    // The app's grid (not aisle.js's first screen): what the URL does is the app's handling of it.
    await page.waitForSelector(`${APP_CARD}, .aisle-empty`);
    if (await page.locator('.aisle-empty').count()) {
      // An unknown filter value matches nothing: the shopper sees why and can clear it.
      await page.click('.aisle-empty button');
      await waitForListing(page);
    }
    expect((await gridIds(page)).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** French in Canada: links get `?locale=fr_CA`, which a payload ending in `//` used to comment out. */
const frenchCanada = (data: unknown, config: Record<string, unknown> = {}) =>
  jsonForScript({
    config: { ...maple.config, region: 'ca', searchHost: baseUrl, ...config },
    environment: 'development',
    additional: { region: 'ca', locale: 'fr' },
    data,
  });

/**
 * Keeps the shopper on the hostile page whatever a link points at, so that one page can click every
 * payload: any later page load or page read answers 204 (the browser then stays where it is), and a
 * search answers with `data` again so the links under test survive an in-place update.
 */
async function stayOnPage(page: Page, data: unknown): Promise<void> {
  await page.route('**/*', async (route) => {
    const request = route.request();
    const sameSitePage =
      request.method() === 'GET' && request.url().startsWith(`${baseUrl}/`) && request.resourceType() === 'fetch';
    if (request.isNavigationRequest() || sameSitePage) return route.fulfill({ status: 204 });
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/search'))
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify(data) });
    return route.fallback();
  });
}

/** Lets a clicked `javascript:` URL (which runs in a task of its own) run before we look. */
const afterPendingTasks = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => setTimeout(resolve, 0), 0)));

const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: number }).__pwned);

describe('no link Aisle renders runs a script when clicked', () => {
  it('every related page of the hostile URL corpus is clicked and none runs', async () => {
    const data = { ...hostileResponse(), related_pages: hostileUrls.map((href, i) => ({ title: `Link ${i}`, href })) };
    const opened = await hostilePage(frenchCanada(data));
    const { page, errors } = opened;
    await page.waitForSelector('[data-aisle="related"] a');
    await stayOnPage(page, data);
    const links = page.locator('[data-aisle="related"] a');
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.filter((href) => !isWebHref(href))).toEqual([]);
    for (let i = 0; i < hostileUrls.length; i++) {
      // See More reveals the links past the first 15 (and again if a click re-rendered the list).
      if ((await links.count()) <= i) await page.click('[data-aisle="related"] button[aria-expanded="false"]');
      await links.nth(i).click();
      await afterPendingTasks(page);
      expect(await pwned(page), `related page ${JSON.stringify(hostileUrls[i]).slice(0, 80)}`).toBeUndefined();
    }
    // The same click and wait do catch a payload that runs: a script link of the host's own sets the flag.
    await page.evaluate(() => {
      const control = document.createElement('a');
      control.id = 'control-script-link';
      control.href = 'javascript:window.__pwned=1';
      control.textContent = 'control';
      document.body.append(control);
    });
    await page.click('#control-script-link');
    await afterPendingTasks(page);
    expect(await pwned(page)).toBe(1);
    expect(opened.dialogs).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a script base in the render context leaves both Home crumbs harmless when clicked', async () => {
    const data = hostileResponse();
    const opened = await hostilePage(frenchCanada(data, { base: 'javascript:window.__pwned=1;/1' }));
    const { page, errors } = opened;
    await page.waitForSelector('[data-aisle="breadcrumbs"].aisle-breadcrumbs--bottom');
    await stayOnPage(page, data);
    const crumbs = page.locator('[data-aisle="breadcrumbs"] a');
    const hrefs = await crumbs.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThanOrEqual(2);
    expect(hrefs.filter((href) => !isWebHref(href))).toEqual([]);
    for (let i = 0; i < hrefs.length; i++) {
      await crumbs.nth(i).click();
      await afterPendingTasks(page);
      expect(await pwned(page)).toBeUndefined();
    }
    expect(opened.dialogs).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Aisle.unmount() leaves the page as it found it', () => {
  it('restores the main content, the head tags and the history methods', async () => {
    const page = await chromium().newPage();
    await page.addInitScript(() => {
      (window as unknown as { __original: unknown }).__original = {
        push: history.pushState,
        replace: history.replaceState,
      };
    });
    await page.goto(`${baseUrl}/maple/mens-rain-jackets`);
    await page.waitForSelector('[data-aisle="grid"]');
    // Head tags follow the first render by a moment.
    await page.waitForFunction(() => document.title.includes("Men's Rain Jackets"));
    await page.evaluate(() => (window as unknown as { Aisle: { unmount(): void } }).Aisle.unmount());
    expect(await page.locator('.aisle-mount, [data-aisle-head], link[data-aisle-styles]').count()).toBe(0);
    expect(await page.textContent('main h1')).toBe("Men's Rain Jackets");
    expect(await page.title()).toBe('Maple & Pine Outfitters');
    expect(
      await page.evaluate(() => {
        const o = (window as unknown as { __original: { push: unknown; replace: unknown } }).__original;
        return history.pushState === o.push && history.replaceState === o.replace;
      }),
    ).toBe(true);
    const globals = await page.evaluate(() => Object.keys(window).filter((k) => /aisle/i.test(k)));
    expect(globals).toEqual(['Aisle']);
    await page.close();
  });
});
