// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../fixtures/catalogue/index.js';
import { loadTenants, type TenantFixture } from '../../fixtures/tenants/index.js';
import { demoContext } from '../../server/demo/tenant-pages.js';
import { handleSearch } from '../../server/search/index.js';
import { CUSTOMIZABLE_PARTS, type CustomizablePart } from '../core/customization.js';
import { loadMessages } from '../core/messages.js';
import { readRenderContext } from '../core/normalize.js';
import { buildSearchRequest } from '../core/searchRequest.js';
import { defaultUrlState } from '../core/urlState.js';
import type { Product, RenderContext } from '../core/types.js';
import { fakeProduct, fakeResponse } from '../testing/stores.js';
import { renderAisle, testContext, type Rendered } from '../testing/ui.js';
import { drawListing } from './draw.js';
import { firstFrameCards, paintFirstScreen, paintInput } from './paint.js';
import { pageWindow } from '../testing/window.js';

const ORIGIN = 'http://shop.test';

/** The render context the demo stack writes for a tenant's first category (its own engine, rich or strict). */
function pageContext(tenant: TenantFixture, locale: 'en' | 'fr', pageSize?: number): { raw: unknown; href: string } {
  const context = demoContext(tenant, ORIGIN, locale);
  if (pageSize) context.config = { ...context.config, defaultPageSize: pageSize };
  const page = loadCatalogue().categoriesFor(tenant.demo.vertical)[0]!.slug;
  const state = defaultUrlState({ pageSize: pageSize ?? tenant.config.defaultPageSize ?? 24 });
  const answer = handleSearch(buildSearchRequest(context, state, page), { tenants: [tenant] });
  if (answer.status !== 200) throw new Error(`no listing for ${tenant.config.id}`);
  return {
    raw: JSON.parse(JSON.stringify({ ...context, data: answer.json })),
    href: `${ORIGIN}${tenant.config.base}/${page}${locale === 'fr' ? '?locale=fr' : ''}`,
  };
}

/**
 * The page's window on a machine of a given pace: its clock moves `msPerLook` each time it is read,
 * `tasks()` counts the tasks the drawing gave the main thread back in, `frame()` draws a frame and
 * `timeouts()` runs the timers set so far (neither comes until a test says so).
 */
function pacedWindow(
  href: string,
  msPerLook: number,
  width = 1280,
): { win: Window & typeof globalThis; tasks: () => number; frame: () => void; timeouts: () => void } {
  let now = 0;
  let tasks = 0;
  let frames: FrameRequestCallback[] = [];
  let timers: Array<() => void> = [];
  const channel = globalThis.MessageChannel;
  const win = {
    ...pageWindow(href, width),
    innerHeight: 900,
    performance: { now: () => (now += msPerLook), mark: () => undefined },
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
    MessageChannel: class extends channel {
      constructor() {
        super();
        tasks++;
      }
    },
  } as unknown as Window & typeof globalThis;
  const frame = () => {
    const due = frames;
    frames = [];
    for (const callback of due) callback(now);
  };
  const timeouts = () => {
    const due = timers;
    timers = [];
    for (const callback of due) callback();
  };
  return { win, tasks: () => tasks, frame, timeouts };
}

/** The 48-product Summit listing in English, its page's main element holding the shop's own content. */
/**
 * Paints on a paced window, drawing a frame whenever the paint gives the main thread back (a
 * rehearsed screen waits for one), until it has resolved.
 */
async function paintWithFrames(
  raw: unknown,
  paced: ReturnType<typeof pacedWindow>,
  options?: Parameters<typeof paintFirstScreen>[2],
): ReturnType<typeof paintFirstScreen> {
  let done = false;
  const painting = paintFirstScreen(raw, paced.win, options).finally(() => (done = true));
  while (!done) {
    paced.frame();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return painting;
}

function summitPage(): { raw: unknown; href: string } {
  document.body.innerHTML = '<main><p id="host">The shop’s own content</p></main>';
  const tenant = tenants.find((t) => t.config.id === 'summit') ?? tenants[0]!;
  return pageContext(tenant, 'en', 48);
}

/**
 * The tree as text, for comparing: one line per element with its attributes sorted, text nodes
 * joined, and the ids each side makes up for its own references (React's `:r1:`, the paint's
 * `aisle-fp-1`) numbered by first appearance.
 */
function shape(root: Element, skip: (el: Element) => boolean = () => false): string {
  const ids = new Map<string, string>();
  const id = (value: string): string =>
    value.replace(/:r[0-9a-z]+:|aisle-fp-\d+/g, (raw) => {
      if (!ids.has(raw)) ids.set(raw, `#${ids.size}`);
      return ids.get(raw)!;
    });
  const lines: string[] = [];
  const walk = (el: Element, depth: number): void => {
    const attrs = [...el.attributes]
      .map((a) => `${a.name}="${id(a.value)}"`)
      .sort()
      .join(' ');
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === 3)
      .map((n) => n.textContent)
      .join('');
    const value = el instanceof HTMLSelectElement ? ` value=${el.value}` : '';
    lines.push(`${'  '.repeat(depth)}<${el.tagName.toLowerCase()} ${attrs}>${value} ${JSON.stringify(text)}`);
    for (const child of el.children) if (!skip(child)) walk(child, depth + 1);
  };
  walk(root, 0);
  return lines.join('\n');
}

/**
 * React's first screen: what follows the grid up to the focus keeper's marker (the below-the-fold
 * sections) arrives after the first commit, so it is left out.
 */
function reactFirstScreen(page: Rendered): string {
  const root = page.container.querySelector('.aisle-root')!;
  const grid = root.querySelector(':scope > [data-aisle="grid"]');
  const later = new Set<Element>();
  for (
    let next = grid?.nextElementSibling ?? null;
    next && !next.matches('span[hidden]');
    next = next.nextElementSibling
  )
    later.add(next);
  return shape(root, (el) => later.has(el));
}

const tenants = loadTenants().filter((t) => !t.config.vehicleSelector);

describe('the first paint draws the elements of the app’s first render', () => {
  let page: Rendered | undefined;
  afterEach(() => {
    page?.unmount();
    page = undefined;
  });

  const cases = tenants.flatMap((tenant) =>
    tenant.demo.locales.flatMap((locale) =>
      [1280, 900, 375].map((width) => ({
        id: tenant.config.id,
        backend: tenant.demo.backend ?? 'rich',
        tenant,
        locale,
        width,
      })),
    ),
  );

  it.each(cases)('$id ($backend backend), $locale, $width px', async ({ tenant, locale, width }) => {
    await loadMessages(locale);
    const { raw, href } = pageContext(tenant, locale);
    const input = await paintInput(raw, pageWindow(href, width));
    if (typeof input === 'string') throw new Error(`not painted: ${input}`);
    const painted = drawListing(document, input);
    const read = readRenderContext(raw);
    if (!read.ok) throw new Error(read.error);
    page = await renderAisle(read.context, { width, href });
    expect(painted.querySelectorAll('[data-aisle="product"]').length).toBeGreaterThan(0);
    expect(shape(painted)).toBe(reactFirstScreen(page));
  });

  it('a 48-product page too (sale prices, flags, promos, many variants)', async () => {
    const tenant = tenants.find((t) => t.config.id === 'summit') ?? tenants[0]!;
    const { raw, href } = pageContext(tenant, 'en', 48);
    const input = await paintInput(raw, pageWindow(href, 1280));
    if (typeof input === 'string') throw new Error(input);
    const read = readRenderContext(raw);
    if (!read.ok) throw new Error(read.error);
    page = await renderAisle(read.context, { width: 1280, href });
    expect(input.data.products.length).toBe(48);
    expect(shape(drawListing(document, input))).toBe(reactFirstScreen(page));
  });
});

/**
 * Products that reach every branch of a card: image, colour, broken and empty swatches, a flag and a
 * discount together and alone, sale prices that are no sale, ratings in and out of range, "+N", a
 * promo, no brand, no image, an unusable link, a swatch named only by its colour, markup-like text.
 */
function everyBranch(): Product[] {
  const swatches = ['/img/swatch/aa0000.svg', 'https://cdn.example/sw/b.png', '#12345', '', '#336699'];
  const rich = fakeProduct('rich', 5, { average_rating: 4.5, review_count: 12, promo_message: 'Free shipping' });
  rich.variants.forEach((v, i) => {
    v.swatch = swatches[i]!;
    v.marketing_flag = i === 1 ? 'New' : '';
    v.selected = i === 1;
  });
  const bare = fakeProduct('bare', 1, { brand: '', image: '', url: 'javascript:alert(1)', review_count: 0 });
  bare.variants[0]!.images = [];
  const many = fakeProduct('many', 16, { average_rating: 7, title: 'Tee "<b>&</b>"' });
  many.variants.forEach((v, i) => {
    v.swatch = `/img/swatch/${i}.svg`;
    v.name = i % 2 ? '' : v.name;
    v.marketing_flag = 'Limited edition of a long name';
    v.sale_price = null;
  });
  const noSale = fakeProduct('nosale', 2, { average_rating: -1 });
  noSale.variants[0]!.sale_price = 50;
  noSale.variants[1]!.sale_price = 60;
  const two = fakeProduct('two', 2, { review_count: 1, average_rating: 0 });
  return [rich, bare, many, noSale, two];
}

/** A listing of `everyBranch()` products, with a hidden price filter, an empty facet and `extra` changes. */
function branchContext(additional: Record<string, unknown>, data: Record<string, unknown> = {}): RenderContext {
  const response = { ...fakeResponse({ shown: 5 }), products: everyBranch(), ...data };
  response.filters = [
    ...response.filters,
    { key: 'price', label: 'Price', options: [], abs_min: 5, abs_max: 5 },
    { key: 'material', label: 'Material', options: [] },
  ];
  return testContext({}, { data: response, additional });
}

describe('the first paint draws every branch of the card and the toolbar as the app does', () => {
  let page: Rendered | undefined;
  afterEach(() => {
    page?.unmount();
    page = undefined;
    vi.unstubAllGlobals();
  });

  const cases = [
    { name: 'us, English', additional: { locale: 'en', region: 'us' }, data: {} },
    { name: 'ca, French', additional: { locale: 'fr', region: 'ca' }, data: {} },
    {
      name: 'no heading, no sort',
      additional: { locale: 'en', region: 'us' },
      data: { h1_header: ' ', sort_options: [] },
    },
    {
      name: 'another order chosen',
      additional: { locale: 'fr', region: 'us' },
      data: {
        sort_options: [
          { key: 'relevance_desc', text: 'Featured', selected: false },
          { key: 'price_asc', text: 'Price: Low to High', selected: true },
        ],
      },
    },
  ].flatMap((c) => [1280, 900, 375].flatMap((width) => [true, false].map((imagesNow) => ({ ...c, width, imagesNow }))));

  it.each(cases)(
    '$name, $width px, swatch images at once: $imagesNow',
    async ({ additional, data, width, imagesNow }) => {
      // Without IntersectionObserver, both draw swatch images at once; with it, both wait.
      if (imagesNow) vi.stubGlobal('IntersectionObserver', undefined);
      const href = 'http://shop.test/maple/dresses';
      const context = branchContext(additional, data);
      const input = await paintInput(context, pageWindow(href, width));
      if (typeof input === 'string') throw new Error(input);
      expect(input.swatchImagesNow).toBe(imagesNow);
      const read = readRenderContext(context);
      if (!read.ok) throw new Error(read.error);
      page = await renderAisle(read.context, { width, href });
      const painted = drawListing(document, input);
      expect(painted.querySelectorAll('[data-aisle="product"]').length).toBe(5);
      expect(shape(painted)).toBe(reactFirstScreen(page));
      if (imagesNow && additional.region === 'us')
        expect(painted.querySelectorAll('.aisle-swatch[style*="background-image"]').length).toBeGreaterThan(0);
    },
  );
});

/** A class of the shop's for every part, named after it (and Bootstrap's on buttons and inputs). */
const SHOP_CLASSES = Object.fromEntries(CUSTOMIZABLE_PARTS.map((part) => [part, `shop-${part}`])) as Record<
  CustomizablePart,
  string
>;
SHOP_CLASSES.button = 'btn btn-outline-dark';
SHOP_CLASSES.input = 'form-control';

describe('the first paint draws the shop’s classes and card slot places as the app does', () => {
  let page: Rendered | undefined;
  afterEach(() => {
    page?.unmount();
    page = undefined;
  });

  it.each([1280, 900, 375])('every part of the first screen, %i px', async (width) => {
    const href = 'http://shop.test/maple/dresses';
    const context = branchContext({ locale: 'en', region: 'us' });
    context.config = { ...context.config, customization: { classes: SHOP_CLASSES, texts: {}, unstyled: false } };
    const input = await paintInput(context, pageWindow(href, width));
    if (typeof input === 'string') throw new Error(input);
    // Slots the page registered before the drawing: empty places in the paint, filled by the app.
    input.slots = { badge: true, actions: true };
    const read = readRenderContext(context);
    if (!read.ok) throw new Error(read.error);
    page = await renderAisle(read.context, { width, href });
    const { store } = page;
    act(() => store.setCardSlots({ badge: () => null, actions: () => null }));
    await page.settle();
    const painted = drawListing(document, input);
    expect(shape(painted)).toBe(reactFirstScreen(page));

    const shown = (selector: string) => painted.querySelectorAll(selector).length;
    expect(painted.classList.contains('shop-root')).toBe(true);
    for (const part of ['breadcrumbs', 'heading', 'toolbar', 'grid', 'card', 'cardTitle', 'price'])
      expect(shown(`.shop-${part}`), part).toBeGreaterThan(0);
    expect(shown('.shop-card')).toBe(shown('.aisle-card'));
    expect(shown('.shop-filterButton')).toBe(shown('[data-aisle="filter-button"], [data-aisle="all-filters"]'));
    // Every button is the shop's `button` too; the sort is its dropdown's button, or its select.
    expect(shown('button:not(.btn.btn-outline-dark)')).toBe(0);
    expect(shown(width === 1280 ? '.aisle-dropdown__button.shop-sort' : 'select.shop-sort')).toBe(1);
    expect(shown('.aisle-card__slot--badge')).toBe(5);
    expect(shown('.aisle-card > .aisle-card__price + .aisle-card__slot--actions')).toBe(5);
  });

  it('without a customisation, draws no class of its own and no slot place', async () => {
    const href = 'http://shop.test/maple/dresses';
    const input = await paintInput(branchContext({ locale: 'en', region: 'us' }), pageWindow(href, 1280));
    if (typeof input === 'string') throw new Error(input);
    const painted = drawListing(document, input);
    const names = [painted, ...painted.querySelectorAll('[class]')].flatMap((el) => [...el.classList]);
    expect(names.filter((name) => !name.startsWith('aisle-'))).toEqual([]);
    expect(painted.querySelectorAll('[class=""], .aisle-card__slot').length).toBe(0);
  });
});

describe('what the first paint leaves to the app', () => {
  const tenant = tenants.find((t) => t.config.id === 'maple') ?? tenants[0]!;
  const { raw, href } = pageContext(tenant, 'en');
  const reason = (r: unknown, at = href, state: unknown = null) =>
    paintInput(r, { ...pageWindow(at, 1280), history: { state } } as unknown as Window & typeof globalThis);

  it('draws a plain listing page that came with its data', async () => {
    expect(typeof (await reason(raw))).toBe('object');
  });

  it('a page without data, a sitemap page, a not-found listing, a vehicle selector', async () => {
    const withoutData = { ...(raw as object), data: undefined };
    expect(await reason(withoutData)).toBe('not a listing with data');
    expect(await reason(raw, `${ORIGIN}${tenant.config.base}/vsm/`)).toBe('not a listing with data');
    const notFound = JSON.parse(JSON.stringify(raw)) as { data: Record<string, unknown> };
    notFound.data.pageNotFound = true;
    expect(await reason(notFound)).toBe('a page-not-found listing');
    const vehicle = JSON.parse(JSON.stringify(raw)) as { config: Record<string, unknown> };
    vehicle.config.vehicleSelector = true;
    expect(await reason(vehicle)).toBe('a vehicle selector');
  });

  it('an address with selected filters, and a listing whose place is to be restored', async () => {
    expect(await reason(raw, `${href}?filters=color~red`)).toBe('filters selected');
    expect(await reason(raw, href, { 'aisle:listing': { path: '/x', search: '', y: 0, offset: 0 } })).toBe(
      'a listing place to restore',
    );
  });

  it('an unusable render context', async () => {
    expect(await reason({ config: {} })).toBe('render context config has no id');
  });
});

describe('paintFirstScreen', () => {
  afterEach(() => document.body.replaceChildren());

  it('replaces the main element’s content, and the hand-back restores it', async () => {
    document.body.innerHTML = '<main><p id="host">The shop’s own content</p></main>';
    const { raw, href } = pageContext(tenants[0]!, tenants[0]!.demo.locales[0]!);
    const win = pageWindow(href, 1280);
    const paint = await paintFirstScreen(raw, win);
    expect(paint).not.toBeNull();
    const main = document.querySelector('main')!;
    expect(main.querySelector('#host')).toBeNull();
    expect(main.querySelectorAll('.aisle-mount [data-aisle="product"]').length).toBeGreaterThan(0);
    paint!.withdraw();
    expect(main.querySelector('#host')).not.toBeNull();
    expect(main.querySelector('.aisle-mount')).toBeNull();
    expect(paint!.pending).toBe(false);
  });

  it('draws nothing when the main element is missing or the selector is broken, and never throws', async () => {
    document.body.innerHTML = '<div>no main here</div>';
    const { raw, href } = pageContext(tenants[0]!, tenants[0]!.demo.locales[0]!);
    expect(await paintFirstScreen(raw, pageWindow(href, 1280))).toBeNull();
    const broken = JSON.parse(JSON.stringify(raw)) as { config: Record<string, unknown> };
    broken.config.mainSelector = 'main[';
    expect(await paintFirstScreen(broken, pageWindow(href, 1280))).toBeNull();
    expect(document.body.textContent).toBe('no main here');
  });

  it('the test context of the component tests is drawn too', async () => {
    document.body.innerHTML = '<main></main>';
    const paint = await paintFirstScreen(testContext(), pageWindow('http://shop.test/maple/dresses', 375));
    expect(paint?.container.querySelectorAll('[data-aisle="product"]').length).toBe(24);
  });

  const cardsInMain = () => document.querySelectorAll('main [data-aisle="product"]').length;

  it('draws a step per task on a slow machine; the screen goes in with the cards a screen shows, the rest after its frame', async () => {
    const { raw, href } = summitPage();
    const counts: number[] = [];
    // The cards in the main element each time that number changes.
    const watcher = new MutationObserver(() => cardsInMain() !== (counts.at(-1) ?? 0) && counts.push(cardsInMain()));
    watcher.observe(document.body, { childList: true, subtree: true });
    // A slow machine: every step costs more than a task's share.
    const slow = pacedWindow(href, 60, 412);
    const paint = await paintWithFrames(raw, slow);
    expect(paint?.pending).toBe(true);
    // Two columns of three rows at 412 × 900.
    expect(counts).toEqual([6]);
    // After aisle.js: reading, the price format, the other number formats, the fonts, the top, each of
    // the 48 cards, the task after the rehearsal's frame, putting it in.
    expect(slow.tasks()).toBe(1 + 1 + 1 + 1 + 1 + 48 + 1 + 1);
    slow.frame();
    await vi.waitFor(() => expect(cardsInMain()).toBe(48));
    watcher.disconnect();
    // The other cards went in together, in the order of the listing.
    expect(counts).toEqual([6, 48]);
    const ids = [...document.querySelectorAll('main [data-aisle="product"]')].map((card) =>
      card.getAttribute('data-product-id'),
    );
    expect(ids).toEqual((raw as { data: { products: Product[] } }).data.products.map((product) => product.product_id));
  });

  it('puts a rehearsed screen in only once a frame has laid the rehearsal out', async () => {
    const { raw, href } = summitPage();
    const slow = pacedWindow(href, 60);
    let done = false;
    const painting = paintFirstScreen(raw, slow.win).finally(() => (done = true));
    // Every drawing step has run (reading, two of number formats, fonts, the top, 48 cards) ...
    await vi.waitFor(() => expect(slow.tasks()).toBe(1 + 1 + 1 + 1 + 1 + 48));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // ... and the retailer's content is still there, with the rehearsal, until a frame comes.
    expect(done).toBe(false);
    expect(document.querySelector('main #host')).not.toBeNull();
    expect(document.querySelector('body > [aria-hidden="true"]')).not.toBeNull();
    slow.frame();
    const paint = await painting;
    expect(paint?.pending).toBe(true);
    expect(document.querySelector('main #host')).toBeNull();
    expect(document.querySelector('body > [aria-hidden="true"]')).toBeNull();
  });

  it('puts a rehearsed screen in without its frame after a while, as on a page in a background tab', async () => {
    const { raw, href } = summitPage();
    const slow = pacedWindow(href, 60);
    const painting = paintFirstScreen(raw, slow.win);
    await vi.waitFor(() => expect(slow.tasks()).toBe(1 + 1 + 1 + 1 + 1 + 48));
    // No frame comes: the longest wait for one ends.
    slow.timeouts();
    const paint = await painting;
    expect(paint?.pending).toBe(true);
    expect(document.querySelector('main #host')).toBeNull();
  });

  it('puts every card in with a wide screen, whose first frame shows as many as are laid out at once', async () => {
    const { raw, href } = summitPage();
    const counts: number[] = [];
    const watcher = new MutationObserver(() => cardsInMain() !== (counts.at(-1) ?? 0) && counts.push(cardsInMain()));
    watcher.observe(document.body, { childList: true, subtree: true });
    // Five columns of three rows at 1,280 × 900: past the twelve cards laid out before they near the viewport.
    await paintWithFrames(raw, pacedWindow(href, 60, 1280));
    watcher.disconnect();
    expect(counts).toEqual([48]);
  });

  it('leaves the cards below the fold out once the app has taken the paint’s place', async () => {
    const { raw, href } = summitPage();
    const slow = pacedWindow(href, 60, 412);
    const paint = await paintWithFrames(raw, slow);
    paint!.withdraw();
    slow.frame();
    // The task after the frame found the paint gone: the retailer's content is all there is.
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
    expect(cardsInMain()).toBe(0);
    expect(paint!.container.querySelectorAll('[data-aisle="product"]').length).toBe(6);
  });

  it('runs the loader’s steps where it asks: its fonts before the drawing, its rules before the rehearsal and the insertion', async () => {
    const { raw, href } = summitPage();
    const slow = pacedWindow(href, 60);
    const seen: Array<{ step: string; tasks: number; hostShown: boolean; rehearsal: boolean }> = [];
    const look = (step: string) => () =>
      seen.push({
        step,
        tasks: slow.tasks(),
        hostShown: !!document.querySelector('main #host'),
        rehearsal: !!document.querySelector('body > [aria-hidden="true"]'),
      });
    const paint = await paintWithFrames(raw, slow, { beforeDrawing: look('fonts'), applyRules: look('rules') });
    expect(paint?.pending).toBe(true);
    // The fonts in a task of their own after the number formats'; the rules once the second card is
    // drawn, before its rehearsal, and again (doing nothing more) in the task that puts the screen in.
    expect(seen).toEqual([
      { step: 'fonts', tasks: 4, hostShown: true, rehearsal: false },
      { step: 'rules', tasks: 7, hostShown: true, rehearsal: false },
      { step: 'rules', tasks: slow.tasks(), hostShown: true, rehearsal: true },
    ]);
  });

  it('rehearses the screen hidden and inert, without hooks or ids, until the task that puts it in', async () => {
    const { raw, href } = summitPage();
    const slow = pacedWindow(href, 60);
    const stages: HTMLElement[] = [];
    const watcher = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node.parentNode === document.body) stages.push(node as HTMLElement);
    });
    watcher.observe(document.body, { childList: true });
    let rehearsed = '';
    const paint = await paintWithFrames(raw, slow, {
      applyRules: () => {
        const stage = document.querySelector<HTMLElement>('body > [aria-hidden="true"]');
        if (stage) rehearsed = stage.textContent ?? '';
      },
    });
    watcher.disconnect();
    expect(paint?.pending).toBe(true);
    expect(stages).toHaveLength(1);
    const stage = stages[0]!;
    expect(stage.isConnected).toBe(false);
    expect(stage.inert).toBe(true);
    expect(stage.getAttribute('aria-hidden')).toBe('true');
    expect(stage.style.visibility).toBe('hidden');
    expect(stage.querySelectorAll('[data-aisle], [id]')).toHaveLength(0);
    // The top of the listing and the first two cards, word for word.
    const products = (raw as { data: { products: Product[] } }).data.products;
    expect(rehearsed).toContain(products[1]!.title);
    expect(rehearsed).not.toContain(products[2]!.title);
    expect(stage.querySelectorAll('.aisle-card')).toHaveLength(2);
    expect(stage.querySelector('.aisle-h1')?.textContent).toBe(
      paint!.container.querySelector('.aisle-h1')?.textContent,
    );
  });

  it('a start cancelled after the rehearsal began takes it away too', async () => {
    const { raw, href } = summitPage();
    let looks = 0;
    // Cancelled at the tenth step: reading, two of number formats, fonts, top, then cards (the rehearsal
    // began after the second).
    const paint = await paintFirstScreen(raw, pacedWindow(href, 25).win, { cancelled: () => ++looks >= 10 });
    expect(paint).toBeNull();
    expect(document.body.children).toHaveLength(1);
    expect(document.querySelector('#host')).not.toBeNull();
  });

  it('a fast machine draws everything in the task it starts in, but for the number formats’ own, and puts it in whole', async () => {
    const { raw, href } = summitPage();
    const fast = pacedWindow(href, 0.01);
    const paint = await paintFirstScreen(raw, fast.win, { taskStartedAt: 0 });
    expect(paint?.pending).toBe(true);
    expect(fast.tasks()).toBe(1);
    // It drew the page in well under a frame's worth: all 48 cards go in at once, no frame waited for.
    expect(cardsInMain()).toBe(48);
  });

  it('counts the cards of the first frame generously: the most columns, the shortest rows', () => {
    expect(firstFrameCards(412, 915)).toBe(2 * 4);
    expect(firstFrameCards(375, 667)).toBe(2 * 3);
    expect(firstFrameCards(768, 1024)).toBe(3 * 4);
    expect(firstFrameCards(1280, 900)).toBe(5 * 3);
    expect(firstFrameCards(1920, 1080)).toBe(8 * 4);
    // A window not laid out yet counts as a screen 900 px tall; never fewer than two rows.
    expect(firstFrameCards(412, 0)).toBe(2 * 3);
    expect(firstFrameCards(412, 200)).toBe(2 * 2);
  });

  it('a start cancelled while drawing leaves the page as it was', async () => {
    const { raw, href } = summitPage();
    // Cancelled while the cards are being drawn (the fifth look at it).
    let looks = 0;
    const paint = await paintFirstScreen(raw, pacedWindow(href, 25).win, { cancelled: () => ++looks >= 5 });
    expect(looks).toBe(5);
    expect(paint).toBeNull();
    expect(document.querySelector('main .aisle-mount')).toBeNull();
    expect(document.querySelector('#host')).not.toBeNull();
  });
});
