import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RenderContext, TenantConfig } from '../sdk/core/types.js';
import { useChromium } from './support/browser.js';
import { searchSettled, waitForListing } from './support/dlp.js';
import { storedEvents } from './support/analytics.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const LISTING = '/maple/womens-running-shoes';

interface Received {
  body: unknown;
  cookies: boolean;
  query: Record<string, string>;
}
type SentryEvent = {
  environment: string;
  tags?: Record<string, string>;
  sdk?: { settings?: unknown };
  message?: string;
  exception?: { values: Array<{ value: string; stacktrace: { frames: unknown[] } }> };
};

const received = async (name: 'sentry' | 'plausible' | 'growthbook'): Promise<Received[]> =>
  ((await (await fetch(`${baseUrl}/integrations/${name}/received`)).json()) as { received: Received[] }).received;

/** The events in the Sentry envelopes the stand-in received. */
const sentryEvents = async (): Promise<SentryEvent[]> =>
  (await received('sentry')).flatMap((r) =>
    (r.body as { items: Array<{ header: { type: string }; payload: SentryEvent }> }).items
      .filter((item) => item.header.type === 'event')
      .map((item) => item.payload),
  );

const analyticsEvents = async (): Promise<string[]> => (await storedEvents(baseUrl, 'maple')).map((e) => e.event);

/** A port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Every integration pointed at `origin` (the local stack's stand-ins, or a closed port). */
function integrations(origin: string): Partial<TenantConfig> {
  const { host } = new URL(origin);
  return {
    errorReportingDsn: `http://aisle@${host}/integrations/sentry/1`,
    // The test configuration: every report is sent (honoured on development pages only).
    errorReportingSampleRate: 1,
    clickAnalytics: { domain: 'www.maple-pine.example', endpoint: `${origin}/integrations/plausible/api/event` },
    experiments: { clientKey: 'sdk-maple', apiHost: `${origin}/integrations/growthbook` },
  };
}

/**
 * Opens the maple listing with its render context rewritten by `edit` (the demo page's HTML,
 * served through page.route); `beforeAisle` is host script that runs before Aisle loads.
 */
async function openListing(
  edit: (context: RenderContext) => void,
  options: { beforeAisle?: string; query?: string } = {},
): Promise<{ page: Page; pageErrors: string[]; chunks: string[] }> {
  const page = await chromium().newPage({ viewport: { width: 1280, height: 900 } });
  const pageErrors: string[] = [];
  const chunks: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('response', (r) => r.url().includes('/embed/chunks/') && chunks.push(r.url()));
  // Plausible ignores browsers driven by automation unless this flag is set (its own test hook).
  await page.addInitScript(() => ((window as { __plausible?: boolean }).__plausible = true));
  const address = `${baseUrl}${LISTING}?${options.query ?? 'integrations=on'}`;
  await page.route(address, async (route) => {
    const real = await (await fetch(`${baseUrl}${LISTING}`)).text();
    const context = JSON.parse(/id="aisle-context">(.*?)<\/script>/s.exec(real)![1]!) as RenderContext;
    edit(context);
    const html = real
      .replace(
        /id="aisle-context">.*?<\/script>/s,
        `id="aisle-context">${JSON.stringify(context).replace(/</g, '\\u003c')}</script>`,
      )
      .replace('<head>', `<head><script>${options.beforeAisle ?? ''}</script>`);
    await route.fulfill({ contentType: 'text/html', body: html });
  });
  await page.goto(address);
  return { page, pageErrors, chunks };
}

/** Waits until a chunk whose file name starts with `name` has loaded. */
const chunkLoaded = (chunks: string[], name: string) =>
  expect.poll(() => chunks.some((url) => url.includes(`/chunks/${name}-`)), { timeout: 10_000 }).toBe(true);

beforeEach(async () => {
  await fetch(`${baseUrl}/analytics/__control/reset`, { method: 'POST' });
  for (const name of ['sentry', 'plausible', 'growthbook'])
    await fetch(`${baseUrl}/integrations/${name}/received`, { method: 'DELETE' });
});

describe('error reporting sends Aisle’s own errors only', () => {
  it('an error thrown inside Aisle arrives with the environment and a stack cut to the limits; a host error does not', async () => {
    // The host breaks price formatting, which Aisle's product cards call while rendering: the
    // error is thrown in Aisle's render path, 80 calls deep, with a 3000-character message.
    const breakPrices = `
      Error.stackTraceLimit = 200;
      const NativeFormat = Intl.NumberFormat;
      function deep(n) { if (n > 0) return deep(n - 1); throw new Error('price formatting failed ' + 'x'.repeat(3000)); }
      Intl.NumberFormat = function (tag, options) {
        if (options && options.style === 'currency') deep(80);
        return new NativeFormat(tag, options);
      };`;
    const { page, pageErrors } = await openListing((context) => Object.assign(context.config, integrations(baseUrl)), {
      beforeAisle: breakPrices,
    });
    // Every product card fails alike; the reports that wait for the reporter are capped, not lost.
    await expect.poll(async () => (await sentryEvents()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const [event] = await sentryEvents();
    expect(event!.environment).toBe('development');
    expect(event!.tags).toMatchObject({ 'aisle.tenant': 'maple' });
    expect(event!.sdk?.settings).toEqual({ infer_ip: 'never' });
    expect(event).not.toHaveProperty('user');
    expect(event).not.toHaveProperty('breadcrumbs');
    const exception = event!.exception!.values[0]!;
    expect(exception.value.startsWith('price formatting failed xxx')).toBe(true);
    expect(exception.value).toHaveLength(1024);
    expect(exception.stacktrace.frames).toHaveLength(50);
    // Aisle kept its failure to itself: the host saw no uncaught error.
    expect(pageErrors).toEqual([]);

    // Now the host page fails on its own, then Aisle logs a search failure (a remount whose
    // search host refuses): only Aisle's failure is reported.
    const refused = `http://127.0.0.1:${await closedPort()}`;
    await page.evaluate((searchHost) => {
      setTimeout(() => {
        throw new Error('host failure');
      });
      void Promise.reject(new Error('host rejection'));
      const context = JSON.parse(document.getElementById('aisle-context')!.textContent!) as {
        config: Record<string, unknown>;
        data?: unknown;
      };
      delete context.data;
      context.config.searchHost = searchHost;
      void (window as unknown as { Aisle: { mount(c: unknown): Promise<void> } }).Aisle.mount(context);
    }, refused);
    await expect
      .poll(async () => (await sentryEvents()).map((e) => e.message ?? ''), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining('Failed to fetch search results'));
    expect(pageErrors).toEqual(expect.arrayContaining(['host failure']));
    const everything = JSON.stringify(await received('sentry'));
    expect(everything).not.toContain('host failure');
    expect(everything).not.toContain('host rejection');
    await page.close();
  });
});

describe('click analytics', () => {
  it('a product click sends one Product Click event with the product and its position, no cookies, no query', async () => {
    const { page, chunks } = await openListing((context) => Object.assign(context.config, integrations(baseUrl)), {
      query: 'integrations=on&email=jo%40shop.example',
    });
    await waitForListing(page);
    await chunkLoaded(chunks, 'clickAnalytics');
    const card = page.locator('[data-aisle="grid"] [data-aisle="product"]').nth(1);
    const productId = await card.getAttribute('data-product-id');
    await card.locator('.aisle-card__link').click();
    await page.waitForURL(/\/maple\/p\//);
    await expect.poll(async () => (await received('plausible')).length).toBe(1);
    const [click] = await received('plausible');
    expect(click!.cookies).toBe(false);
    expect(click!.body).toMatchObject({
      n: 'Product Click',
      d: 'www.maple-pine.example',
      u: `${baseUrl}${LISTING}`,
      p: { product_id: productId, list_position: '2' },
    });
    expect(JSON.stringify(click!.body)).not.toContain('shop.example');
    await page.close();
  });
});

describe('experiments', () => {
  it('the campaign impression reaches the stand-in once per page view', async () => {
    const { page } = await openListing((context) => {
      Object.assign(context.config, integrations(baseUrl));
      context.additional.campaign = 'maple-e2e';
    });
    await waitForListing(page);
    const impressions = async () =>
      (await received('growthbook')).filter((r) => (r.body as { event: string }).event === 'campaign_impression');
    await expect.poll(async () => (await impressions()).length, { timeout: 15_000 }).toBe(1);
    // Sorting and filtering re-render the listing on the same page: no new impression.
    await page.click('.aisle-dropdown__button');
    await page.click('[role="option"]:has-text("Low to High")');
    await searchSettled(page);
    await page.waitForTimeout(500);
    const [impression] = await impressions();
    expect(impression!.body).toEqual({
      event: 'campaign_impression',
      properties: { campaign: 'maple-e2e', page_type: 'dlp' },
      url: `${baseUrl}${LISTING}`,
    });
    expect(impression!.query).toEqual({ client_key: 'sdk-maple' });
    expect(await impressions()).toHaveLength(1);
    await page.close();
  });
});

describe('blocked services', () => {
  it('with every service refusing connections, the DLP works and the analytics events still arrive', async () => {
    const refused = `http://127.0.0.1:${await closedPort()}`;
    const { page, pageErrors, chunks } = await openListing((context) =>
      Object.assign(context.config, integrations(refused)),
    );
    const failed: string[] = [];
    page.on('requestfailed', (r) => r.url().startsWith(refused) && failed.push(r.url()));
    await waitForListing(page);
    await chunkLoaded(chunks, 'experiments');
    // The features request is refused (the experiments client then runs on its fallbacks).
    await expect.poll(() => failed.length).toBeGreaterThan(0);
    await page.click('.aisle-dropdown__button');
    await page.click('[role="option"]:has-text("Low to High")');
    await searchSettled(page);
    const card = page.locator('[data-aisle="grid"] [data-aisle="product"]').first();
    await card.locator('.aisle-card__link').click();
    await page.waitForURL(/\/maple\/p\//);
    await expect
      .poll(analyticsEvents)
      .toEqual(
        expect.arrayContaining([
          'navigate:visit_page',
          'search:display_results',
          'search:sort',
          'ecommerce:product_click',
        ]),
      );
    expect(failed.some((url) => url.includes('/integrations/plausible/api/event'))).toBe(true);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
