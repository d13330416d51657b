/**
 * Aisle adds nothing to the page's window but `window.Aisle`: not while it starts, not while it is
 * mounted (the drawer open, integrations on), not after `unmount()`. A shop running its own MobX
 * on the same page keeps working beside it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadCatalogue } from '../../fixtures/catalogue/index.js';
import { loadTenants } from '../../fixtures/tenants/index.js';
import { demoContext } from '../../server/demo/tenant-pages.js';
import { handleSearch } from '../../server/search/index.js';
import { buildSearchRequest } from '../../sdk/core/searchRequest.js';
import { defaultUrlState } from '../../sdk/core/urlState.js';
import { engines, useEngine, type EnginePage } from '../support/drivers/index.js';
import { APP_CARD } from '../support/dlp.js';

const baseUrl = inject('baseUrl');

/** A render context of a demo tenant's first category, with its first results, for the plain page. */
function contextFor(id: string): unknown {
  const tenant = loadTenants().find((t) => t.config.id === id)!;
  const context = demoContext(tenant, baseUrl, 'en');
  const slug = loadCatalogue().categoriesFor(tenant.demo.vertical)[0]!.slug;
  const request = buildSearchRequest(context, defaultUrlState({ pageSize: 24 }), slug);
  return JSON.parse(JSON.stringify({ ...context, data: handleSearch(request, { tenants: [tenant] }).json }));
}

/** Names on `window` now that were not in `before`. */
const added = (page: EnginePage, before: string[]): Promise<string[]> =>
  page.evaluate((known) => Object.keys(window).filter((key) => !known.includes(key)), before);

/** Puts the render context and aisle.js on the page, as a retailer's template does. */
function embed(page: EnginePage, context: unknown): Promise<void> {
  return page.evaluate((json) => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'aisle-context';
    data.textContent = json;
    document.body.append(data);
    const script = document.createElement('script');
    script.src = '/embed/aisle.js';
    document.body.append(script);
  }, JSON.stringify(context));
}

/** The Firefox driver's own probe of where a click landed, there only during the click. */
const HARNESS = ['__aisleClick'];

/**
 * Notes, every task from now on, the names that appear on `window` (kept in an attribute: a global
 * of the test's own would be one more name).
 */
function watchNames(page: EnginePage): Promise<void> {
  return page.evaluate((harness) => {
    const known = new Set([...Object.keys(window), ...harness]);
    const seen = new Set<string>();
    const look = () => {
      for (const key of Object.keys(window)) if (!known.has(key)) seen.add(key);
      document.documentElement.dataset.namesSeen = [...seen].sort().join(' ');
      setTimeout(look, 0);
    };
    look();
  }, HARNESS);
}

const namesSeen = (page: EnginePage): Promise<string> =>
  page.evaluate(() => document.documentElement.dataset.namesSeen ?? '');

/** Opens and closes the filter drawer: MobX state drawn by React, in Aisle's own MobX. */
async function useDrawer(page: EnginePage): Promise<void> {
  await page.click('[data-aisle="all-filters"]');
  await page.waitForSelector('[data-aisle="drawer"]');
  await page.press('Escape');
  await page.waitFor(() => document.querySelector('[data-aisle="drawer"]') === null, undefined, {
    what: 'the drawer closed',
  });
}

const unmount = async (page: EnginePage): Promise<void> => {
  await page.evaluate(() => (window as unknown as { Aisle: { unmount(): void } }).Aisle.unmount());
  await page.waitFor(() => document.querySelector('.aisle-mount') === null, undefined, { what: 'the unmount' });
};

describe.each(engines)('window holds nothing of Aisle but window.Aisle (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it('before, during and after a mount and an unmount', async () => {
    const page = await engine().newPage({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/plain/shop`);
    const before = await page.evaluate(() => Object.keys(window));
    await watchNames(page);
    await embed(page, contextFor('maple'));
    await page.waitForSelector(APP_CARD, 30_000);
    expect(await added(page, before)).toEqual(['Aisle']);
    await useDrawer(page);
    expect(await added(page, before)).toEqual(['Aisle']);
    await unmount(page);
    expect(await added(page, before)).toEqual(['Aisle']);
    // Not even for a moment while Aisle started, drew, or went.
    expect(await namesSeen(page)).toBe('Aisle');
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});

/** A shop's own MobX: another major version, and the same major line as Aisle's (which shares its state). */
const SHOP_MOBX = [
  { version: 'MobX 5', file: 'node_modules/mobx-5/lib/mobx.umd.min.js' },
  { version: 'MobX 6', file: 'node_modules/mobx/dist/mobx.umd.production.min.js' },
];

/** The shop's script: its MobX, a counter it observes, and what the counter's reaction writes. */
const shopScript = (mobx: string) => `${mobx}
window.shopCounter = mobx.observable({ clicks: 0 });
window.shopMobxState = window.__mobxGlobals;
mobx.autorun(() => { document.body.dataset.clicks = String(window.shopCounter.clicks); });`;

/** The shop counts a click through its own MobX; returns what its reaction wrote. */
const shopClick = (page: EnginePage): Promise<string | undefined> =>
  page.evaluate(() => {
    const w = window as unknown as {
      mobx: { runInAction(fn: () => void): void };
      shopCounter: { clicks: number };
    };
    w.mobx.runInAction(() => (w.shopCounter.clicks += 1));
    return document.body.dataset.clicks;
  });

/** Whether the shop's MobX still holds the shared state it made, counted as it counted it. */
const shopStateKept = (page: EnginePage, count: unknown): Promise<boolean> =>
  page.evaluate((expected) => {
    const w = window as unknown as { __mobxGlobals?: unknown; __mobxInstanceCount?: unknown; shopMobxState?: unknown };
    return w.__mobxGlobals === w.shopMobxState && w.__mobxInstanceCount === expected;
  }, count);

describe.each(engines)('a shop running its own MobX beside Aisle (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it.each(SHOP_MOBX)('$version keeps working, and Aisle too', async ({ file }) => {
    const page = await engine().newPage({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/plain/shop`);
    await page.evaluate(
      (text) => {
        const script = document.createElement('script');
        script.textContent = text;
        document.head.append(script);
      },
      shopScript(readFileSync(file, 'utf8')),
    );
    expect(await shopClick(page)).toBe('1');
    const count = await page.evaluate(
      () => (window as unknown as { __mobxInstanceCount?: unknown }).__mobxInstanceCount,
    );
    const before = await page.evaluate(() => Object.keys(window));
    await embed(page, contextFor('maple'));
    await page.waitForSelector(APP_CARD, 30_000);
    expect(await shopClick(page)).toBe('2');
    await useDrawer(page);
    expect(await shopStateKept(page, count)).toBe(true);
    await unmount(page);
    expect(await shopClick(page)).toBe('3');
    expect(await shopStateKept(page, count)).toBe(true);
    expect(await added(page, before)).toEqual(['Aisle']);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
