/**
 * A retailer adapts Aisle from its own page, as docs/customization-parts.md tells it to: Bootstrap's
 * class names on Aisle's buttons and cards (config.customization.classes), and card slots of its own
 * (Aisle.setCardSlots) registered right after aisle.js: a badge with the product's brand, and an
 * add-to-cart button. The page is the retailer's, on an origin of its own; Aisle's script and search
 * come from the stack. The classes are on the first paint and on the app alike, the slots' places are
 * drawn by the paint and filled by the app, the button adds to the cart without following the card's
 * link, and the page's own rules style the slot's markup.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jsonForScript } from '../../server/http.js';
import { engines, useEngine, type Engine, type EnginePage } from '../support/drivers/index.js';
import { APP_CARD } from '../support/dlp.js';

const baseUrl = inject('baseUrl');
const LISTING = '/maple/womens-running-shoes';
const CONTEXT = /<script type="application\/json" id="aisle-context">([\s\S]*?)<\/script>/;

/** The classes the retailer gives Aisle's parts (Bootstrap's names, and one of its own on the root). */
const CLASSES = { root: 'shop-aisle', button: 'btn', card: 'card', cardTitle: 'card-title', input: 'form-control' };

/** The retailer's own words for two of Aisle's (one counted, with its plural forms). */
const TEXTS = { en: { allFilters: 'Refine', itemCount: { one: '{count} shoe', other: '{count} shoes' } } };

/** The retailer's own stylesheet: its button and badge, which its slot markup uses. */
const SHOP_CSS = `
.btn { background: rgb(13, 110, 253); color: #fff; border: 0; border-radius: 6px; padding: 6px 12px; font: 600 14px/1.2 sans-serif; cursor: pointer; }
.shop-badge { background: rgb(33, 37, 41); color: #fff; border-radius: 4px; padding: 2px 6px; font: 600 11px/1.4 sans-serif; text-transform: uppercase; }`;

/**
 * What the retailer's page writes before aisle.js: a watcher that notes what the first paint drew
 * (it is replaced by the app moments later), as a test's window onto it.
 */
const WATCH_PAINT = `
new MutationObserver(function (records, observer) {
  var paint = document.querySelector('[data-aisle-first-paint]');
  if (!paint) return;
  observer.disconnect();
  var count = function (s) { return paint.querySelectorAll(s).length; };
  window.__paint = {
    root: paint.querySelector('.aisle-root').className,
    cards: count('.aisle-card'),
    cardsWithClass: count('.aisle-card.card'),
    titlesWithClass: count('.aisle-card__title.card-title'),
    buttons: count('button'),
    buttonsWithClass: count('button.btn'),
    badgePlaces: count('.aisle-card__media > .aisle-card__slot--badge:empty'),
    actionPlaces: count('.aisle-card__price + .aisle-card__slot--actions:empty'),
    allFilters: (paint.querySelector('[data-aisle="all-filters"]') || {}).textContent,
    itemCount: (paint.querySelector('[data-aisle="item-count"]') || {}).textContent,
  };
}).observe(document.documentElement, { childList: true, subtree: true });`;

/** What the retailer's page writes right after aisle.js: its card slots, and a cart. */
const SLOTS = `
window.__cart = [];
window.__chosen = [];
Aisle.on('productClick', function (click) { window.__chosen.push(click.productId); });
Aisle.setCardSlots({
  badge: function (product, h) {
    return product.brand ? h('span', { class: 'shop-badge' }, product.brand) : null;
  },
  actions: function (product, h) {
    return h('button', {
      class: 'btn shop-add',
      'aria-label': 'Add ' + product.title + ' to cart',
      'data-product-id': product.productId,
      onClick: function () { window.__cart.push(product.productId); },
    }, 'Add to cart');
  },
});`;

let context: { config: Record<string, unknown> };
let server: Server;
let retailer: string;

beforeAll(async () => {
  // The render context the stack writes for the listing (data included), with the retailer's classes.
  const html = await (await fetch(`${baseUrl}${LISTING}`)).text();
  context = JSON.parse(CONTEXT.exec(html)![1]!) as typeof context;
  context.config.customization = { classes: CLASSES, texts: TEXTS };
  server = createServer((req, res) => {
    // The shop serves its product images itself: here, those of the stack's catalogue.
    if (req.url?.startsWith('/img/')) {
      void fetch(`${baseUrl}${req.url}`).then(async (image) => {
        res.writeHead(image.status, { 'content-type': image.headers.get('content-type') ?? 'image/svg+xml' });
        res.end(Buffer.from(await image.arrayBuffer()));
      });
      return;
    }
    // `?unstyled`: the same page in the unstyled mode, where the shop's rules style Aisle's parts.
    const unstyled = req.url?.includes('unstyled') ?? false;
    const pageContext = unstyled
      ? { ...context, config: { ...context.config, customization: { classes: CLASSES, unstyled } } }
      : context;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Running shoes</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<style>body { margin: 0 16px; font-family: sans-serif; }${SHOP_CSS}</style></head>
<body><header><strong>Maple Outfitters</strong></header><main><h1>Women's running shoes</h1></main>
<script type="application/json" id="aisle-context">${jsonForScript(pageContext)}</script>
<script>${WATCH_PAINT}</script>
<script src="${baseUrl}/embed/aisle.js"></script>
<script>${SLOTS}</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  retailer = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The retailer's listing at `width`, once the app has taken over and drawn the slots. */
async function openShop(engine: Engine, width: number, query = ''): Promise<EnginePage> {
  const page = await engine.newPage({ width, height: 900 });
  await page.goto(`${retailer}${LISTING}${query}`);
  await page.waitForSelector(`${APP_CARD} .aisle-card__slot--actions button`, 30_000);
  return page;
}

/** What the app drew, counted as the watcher counted the paint. */
const appShape = (page: EnginePage) =>
  page.evaluate(() => {
    const app = document.querySelector('.aisle-mount:not([data-aisle-first-paint])')!;
    const count = (s: string) => app.querySelectorAll(s).length;
    return {
      root: app.querySelector('.aisle-root')!.className,
      cards: count('.aisle-card'),
      cardsWithClass: count('.aisle-card.card'),
      titlesWithClass: count('.aisle-card__title.card-title'),
      buttons: count('button:not(.aisle-card__slot *)'),
      buttonsWithClass: count('button.btn:not(.aisle-card__slot *)'),
      badges: count('.aisle-card__media > .aisle-card__slot--badge > .shop-badge'),
      actions: count('.aisle-card__price + .aisle-card__slot--actions > button.shop-add'),
      allFilters: app.querySelector('[data-aisle="all-filters"]')?.textContent ?? null,
      itemCount: app.querySelector('[data-aisle="item-count"]')?.textContent ?? null,
    };
  });

describe.each(engines)('a retailer’s classes and card slots (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it.each([1280, 375])('on the first paint and in the app alike, at %i px', async (width) => {
    const page = await openShop(engine(), width);
    const paint = (await page.evaluate(() => (window as unknown as { __paint?: Record<string, unknown> }).__paint))!;
    // The first paint drew the retailer's classes, and empty places for the slots it knew of.
    expect(paint).toMatchObject({ root: 'aisle-root shop-aisle', cardsWithClass: paint.cards });
    expect(paint.cards).toBeGreaterThan(0);
    expect(paint.titlesWithClass).toBe(paint.cards);
    expect(paint.buttonsWithClass).toBe(paint.buttons);
    expect(paint.badgePlaces).toBe(paint.cards);
    expect(paint.actionPlaces).toBe(paint.cards);

    const app = await appShape(page);
    expect(app.root).toBe('aisle-root shop-aisle');
    expect(app.cardsWithClass).toBe(app.cards);
    expect(app.titlesWithClass).toBe(app.cards);
    expect(app.buttons).toBeGreaterThan(0);
    expect(app.buttonsWithClass).toBe(app.buttons);
    expect(app.actions).toBe(app.cards);
    expect(app.badges).toBeGreaterThan(0);
    // The retailer's words, the same on the paint and in the app (no change at the hand-over).
    expect(app.allFilters).toContain('Refine');
    expect(app.itemCount).toMatch(/^\d[\d,]* shoes$/);
    if (paint.allFilters !== undefined) expect(paint.allFilters).toBe(app.allFilters);
    expect(paint.itemCount).toBe(app.itemCount);

    // The badge says the card's brand.
    const first = await page.evaluate((selector) => {
      const card = document.querySelector(selector)!;
      return {
        brand: card.querySelector('.aisle-card__brand')?.textContent ?? null,
        badge: card.querySelector('.shop-badge')?.textContent ?? null,
      };
    }, APP_CARD);
    expect(first.badge).toBe(first.brand);
    await page.screenshot(`customization-${width}`);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('the add-to-cart button adds the product, styled by the page’s own rules, and does not open it', async () => {
    const page = await openShop(engine(), 1280);
    const before = await page.url();
    const product = await page.evaluate(
      (selector) => document.querySelectorAll(selector)[1]!.getAttribute('data-product-id'),
      APP_CARD,
    );
    await page.click({ selector: `${APP_CARD} .shop-add`, nth: 1 });
    await page.waitFor(() => (window as unknown as { __cart: string[] }).__cart.length > 0, undefined, {
      what: 'the product in the cart',
    });
    expect(await page.evaluate(() => (window as unknown as { __cart: string[] }).__cart)).toEqual([product]);
    // Given a moment to go anywhere, the page stays on the listing, and no product was chosen.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await page.url()).toBe(before);
    expect(await page.evaluate(() => (window as unknown as { __chosen: string[] }).__chosen)).toEqual([]);
    // Aisle's reset leaves the slot's markup to the page's stylesheet.
    const look = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('.shop-add')!);
      return { background: style.backgroundColor, color: style.color, radius: style.borderTopLeftRadius };
    });
    expect(look).toEqual({ background: 'rgb(13, 110, 253)', color: 'rgb(255, 255, 255)', radius: '6px' });
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('in the unstyled mode, the page’s own .btn styles Aisle’s buttons too', async () => {
    const page = await openShop(engine(), 1280, '?unstyled');
    const looks = await page.evaluate(() =>
      ['[data-aisle="all-filters"]', '.aisle-dropdown__button', '.shop-add'].map((selector) => {
        const style = getComputedStyle(document.querySelector(selector)!);
        return { background: style.backgroundColor, radius: style.borderTopLeftRadius };
      }),
    );
    expect(looks).toEqual(Array(3).fill({ background: 'rgb(13, 110, 253)', radius: '6px' }));
    await page.screenshot('customization-unstyled-1280');
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
