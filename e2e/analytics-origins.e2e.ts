/**
 * The analytics service grants browsers by origin: a retailer page on an origin nobody allowed for
 * its shop gets no CORS grant and stores nothing, while its listing works as before; once the shop
 * allows that origin, the same page's events arrive. The service here is configured as deployed
 * (no allowance for pages on this machine, which the local stack has), on its own port.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadTenants } from '../fixtures/tenants/index.js';
import { createAnalyticsService, type AnalyticsService } from '../server/analytics/index.js';
import { jsonForScript } from '../server/http.js';
import { adminHeaders } from './support/analytics.js';
import { useChromium } from './support/browser.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const maple = loadTenants().find((t) => t.config.id === 'maple')!;
let service: AnalyticsService;
let server: Server;
let retailer: Server;
let analyticsHost: string;
/** The identity requests the service answered, and whether the answer granted the page. */
let identityAnswers: Array<{ method: string; granted: boolean }> = [];
/** The retailer's own site, `http://localhost:{port}`: another origin than the service's and the stack's. */
let RETAILER: string;
beforeAll(async () => {
  retailer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(retailerPage());
  });
  await new Promise<void>((resolve) => retailer.listen(0, '127.0.0.1', resolve));
  RETAILER = `http://localhost:${(retailer.address() as AddressInfo).port}`;
  service = createAnalyticsService({ dbPath: ':memory:', development: true });
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    if (path === '/v3/identity') {
      res.on('finish', () =>
        identityAnswers.push({ method: req.method ?? '', granted: res.hasHeader('access-control-allow-origin') }),
      );
    }
    void service.handle(req, res, path);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  analyticsHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  retailer.closeAllConnections();
  retailer.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

const setOrigins = (origins: string[]) =>
  fetch(`${analyticsHost}/v3/shops/maple/origins`, {
    method: 'PUT',
    headers: { ...adminHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ origins }),
  });
const stored = async (): Promise<string[]> => (await service.stored('maple')).map((event) => event.event);

afterEach(async () => {
  await setOrigins([]);
  identityAnswers = [];
});

/** The retailer's listing: Aisle's script and search from the stack, analytics at the service. */
function retailerPage(): string {
  const context = jsonForScript({
    config: { ...maple.config, searchHost: baseUrl, analyticsHost },
    environment: 'development',
    additional: {},
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Maple</title><link rel="icon" href="data:,"></head>
<body><main><h1>Our rain jackets</h1></main>
<script type="application/json" id="aisle-context">${context}</script>
<script src="${baseUrl}/embed/aisle.js"></script></body></html>`;
}

/** The retailer's listing on its own origin, as a shopper opens it. */
async function retailerListing(): Promise<{ page: Page; pageErrors: string[] }> {
  const page = await chromium().newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${RETAILER}/maple/mens-rain-jackets`);
  await page.waitForSelector('main [data-aisle="grid"] [data-aisle="product"]');
  return { page, pageErrors };
}

it("stores nothing from a page on an origin the shop never allowed, and the page's listing still works", async () => {
  const { page, pageErrors } = await retailerListing();
  // The browser asks first (a preflight); refused a grant, it never sends the identity request itself.
  await expect.poll(() => identityAnswers.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(identityAnswers.every((answer) => answer.method === 'OPTIONS' && !answer.granted)).toBe(true);
  // The browser itself refuses the page the answer: no grant for that origin.
  const readable = await page.evaluate(
    (host) =>
      fetch(`${host}/v3/identity`, { method: 'POST', body: JSON.stringify({ shop_id: 'maple' }) }).then(
        () => 'read',
        () => 'blocked',
      ),
    analyticsHost,
  );
  expect(readable).toBe('blocked');
  expect(await stored()).toEqual([]);
  expect(await page.locator('[data-aisle="product"]').count()).toBeGreaterThan(0);
  expect(pageErrors).toEqual([]);
  await page.close();
});

it('delivers the same page’s events once the shop allows its origin', async () => {
  expect((await setOrigins([RETAILER])).status).toBe(200);
  const { page, pageErrors } = await retailerListing();
  await expect.poll(stored, { timeout: 15_000 }).toContain('navigate:visit_page');
  expect(pageErrors).toEqual([]);
  await page.close();
});
