/**
 * The first paint: the listing's first screen (breadcrumbs, heading, toolbar, grid) drawn with the
 * DOM alone, from the data the page came with, by the few kilobytes of aisle.js, while the app (React
 * and the stores) is still on its way. On a phone on a mobile network that is the difference between
 * the grid showing as soon as aisle.js arrives and showing once ~90 KB more have arrived and run.
 *
 * It draws exactly the elements the app's first render makes (sdk/firstPaint/paint.test.tsx compares
 * the two for every layout), so that the app can put its own in their place without anything moving.
 * Until then, product links work as links; a control pressed meanwhile is pressed again for the shopper
 * once the app is in (see sdk/host/firstPaintHandover.ts). Anything this paint is not sure to draw the same way (another
 * screen, selected filters, a restored listing, a locale whose words are not loaded yet) is left to
 * the app.
 */
import { formatCount, formatDecimal, formatPrice } from '../core/format.js';
import { hasMessages, localeOf, messagesFor, regionOf, type Messages } from '../core/messages.js';
import { localeSuffixUrl } from '../core/localeUrl.js';
import { readRenderContext } from '../core/normalize.js';
import { viewportKind } from '../core/product.js';
import { safeHref } from '../core/safeUrl.js';
import type { Filter, Locale, Product, Region, RenderContext, SearchResponse, Viewport } from '../core/types.js';
import { parseUrlState, resolveDefaultPageSize } from '../core/urlState.js';
import { selectedFilterCount } from '../core/transitions.js';
import { RESTORE_STATE_KEY } from '../stores/restore.js';
import { routeFor, responseOf } from '../stores/screens.js';
import { DRAWER_ID } from '../ui/filters/ids.js';
import { visibleFilters } from '../ui/filters/options.js';
import {
  cardView,
  EAGER_IMAGES,
  PRIORITY_IMAGES,
  starsFill,
  swatchPaint,
  tabbableSwatch,
} from '../ui/product/cardView.js';
import { guardHistory } from '../host/history.js';
import { firstPaintHandle, type FirstPaint } from '../host/firstPaintHandover.js';

/** What the first screen is drawn from. */
export interface PaintInput {
  data: SearchResponse;
  viewport: Viewport;
  region: Region;
  locale: Locale;
  messages: Messages;
  /** Checks and resolves the breadcrumb links (the page's address). */
  href: string;
  origin: string;
  /** The tenant's base path (breadcrumb links). */
  base: string;
  /** False where IntersectionObserver exists: swatch images wait until their group is near, as in the app. */
  swatchImagesNow: boolean;
  /** The page's main element. */
  mainSelector: string;
  /** The render context read. */
  context: RenderContext;
}

type Child = Node | string | null | false | undefined;
type Attrs = Record<string, string | number | boolean | null | undefined>;

/** An element with attributes (false, null and undefined ones left out) and children. */
function h(doc: Document, tag: string, attrs: Attrs | null, ...children: Child[]): HTMLElement {
  const el = doc.createElement(tag);
  if (attrs)
    for (const name in attrs) {
      const value = attrs[name];
      if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
    }
  for (const child of children)
    if (typeof child === 'string') {
      if (child !== '') el.appendChild(doc.createTextNode(child));
    } else if (child) el.appendChild(child);
  return el;
}

/** Ids for this paint's own references (the app's replace them); unique on the page. */
let idCount = 0;
const nextId = (): string => `aisle-fp-${++idCount}`;

/**
 * The elements of the app's first render of this listing, inside its `.aisle-root`: breadcrumbs,
 * heading, toolbar, grid, and the focus keeper's marker.
 */
export function drawListing(doc: Document, input: PaintInput, cards = Infinity): HTMLElement {
  const { data, messages: m, viewport } = input;
  const root = h(doc, 'div', { class: 'aisle-root', lang: input.locale });
  const link = (url: string): string =>
    safeHref(localeSuffixUrl(url, { region: input.region, locale: input.locale }), input.href);
  const home = link(input.base ? `${input.base}/` : '/');
  const sitemap = link(`${input.base}/vsm/`);
  const current = data.h1_header;
  root.append(
    h(
      doc,
      'nav',
      { class: 'aisle-breadcrumbs aisle-breadcrumbs--top', 'data-aisle': 'breadcrumbs', 'aria-label': m.breadcrumbs },
      h(
        doc,
        'ol',
        null,
        h(doc, 'li', null, home ? h(doc, 'a', { href: home }, m.home) : h(doc, 'span', null, m.home)),
        h(
          doc,
          'li',
          null,
          input.region === 'ca' && sitemap
            ? h(doc, 'a', { href: sitemap }, m.popularCategories)
            : h(doc, 'span', null, m.popularCategories),
        ),
        current ? h(doc, 'li', null, h(doc, 'span', { 'aria-current': 'page' }, current)) : null,
      ),
    ),
  );
  if (data.h1_header.trim() !== '')
    root.append(
      h(
        doc,
        'h1',
        {
          class: `aisle-h1${viewport === 'mobile' ? ' aisle-visually-hidden' : ''}`,
          'data-aisle': 'heading',
          tabindex: -1,
        },
        data.h1_header,
      ),
    );
  root.append(drawToolbar(doc, input));
  if (data.products.length > 0) root.append(drawGrid(doc, input, cards));
  root.append(h(doc, 'span', { hidden: '' }));
  return root;
}

function drawToolbar(doc: Document, input: PaintInput): HTMLElement {
  const { data, messages: m } = input;
  const desktop = input.viewport === 'desktop';
  const filterButton = (filter: Filter): HTMLElement =>
    h(
      doc,
      'li',
      null,
      h(
        doc,
        'div',
        { class: 'aisle-filter-button-wrap' },
        h(
          doc,
          'button',
          {
            type: 'button',
            class: 'aisle-button aisle-filter-button',
            'data-aisle': 'filter-button',
            'aria-haspopup': desktop ? null : 'dialog',
            'aria-expanded': 'false',
            'aria-controls': desktop ? nextId() : DRAWER_ID,
          },
          h(doc, 'span', null, filter.label),
        ),
      ),
    );
  return h(
    doc,
    'div',
    { class: 'aisle-toolbar' },
    h(doc, 'p', { class: 'aisle-count', 'data-aisle': 'item-count', tabindex: -1 }, m.itemCount(data.payload.filtered)),
    h(doc, 'div', { class: 'aisle-update-notice aisle-visually-hidden', role: 'status', 'aria-live': 'polite' }),
    h(
      doc,
      'div',
      { class: 'aisle-toolbar__filters' },
      h(
        doc,
        'button',
        {
          type: 'button',
          class: 'aisle-button aisle-button--filters',
          'data-aisle': 'all-filters',
          'aria-haspopup': 'dialog',
          'aria-expanded': 'false',
        },
        h(doc, 'span', { class: 'aisle-icon-filters', 'aria-hidden': 'true' }),
        m.allFilters,
      ),
      h(
        doc,
        'ul',
        { class: 'aisle-filter-buttons', 'aria-label': m.filtersTitle },
        ...visibleFilters(data.filters).map(filterButton),
      ),
    ),
    drawSort(doc, input),
  );
}

function drawSort(doc: Document, input: PaintInput): HTMLElement | null {
  const options = input.data.sort_options;
  const { messages: m } = input;
  const selected = options.find((o) => o.selected) ?? options[0];
  if (!selected) return null;
  if (input.viewport === 'desktop') {
    const id = nextId();
    return h(
      doc,
      'div',
      { class: 'aisle-sort', 'data-aisle': 'sort' },
      h(
        doc,
        'div',
        { class: 'aisle-dropdown' },
        h(doc, 'span', { class: 'aisle-dropdown__label', id: `${id}-label` }, m.sortBy),
        h(
          doc,
          'button',
          {
            type: 'button',
            class: 'aisle-dropdown__button',
            'aria-haspopup': 'listbox',
            'aria-expanded': 'false',
            'aria-labelledby': `${id}-label ${id}-value`,
          },
          h(doc, 'span', { id: `${id}-value` }, selected.text),
          h(doc, 'span', { class: 'aisle-dropdown__chevron', 'aria-hidden': 'true' }),
        ),
      ),
    );
  }
  const select = h(
    doc,
    'select',
    null,
    ...options.map((o) => h(doc, 'option', { value: o.key }, o.text)),
  ) as HTMLSelectElement;
  select.value = selected.key;
  return h(
    doc,
    'div',
    { class: 'aisle-sort', 'data-aisle': 'sort' },
    h(doc, 'label', { class: 'aisle-sort__native' }, h(doc, 'span', null, m.sortBy), select),
  );
}

function drawGrid(doc: Document, input: PaintInput, cards: number): HTMLElement {
  const grid = h(doc, 'ul', { class: 'aisle-grid', 'data-aisle': 'grid', 'aria-label': input.messages.products });
  drawCards(doc, grid, input, 0, cards);
  return grid;
}

/** Appends the cards of products `from` to `to` (exclusive) to `grid`. */
export function drawCards(doc: Document, grid: Element, input: PaintInput, from: number, to: number): void {
  const settings = {
    viewport: input.viewport,
    region: input.region,
    locale: input.locale,
    messages: input.messages,
    pageOrigin: input.origin,
  };
  const products = input.data.products.slice(from, to);
  products.forEach((product, i) =>
    grid.append(
      drawCard(doc, product, settings, {
        eager: from + i < EAGER_IMAGES,
        priority: from + i < PRIORITY_IMAGES[input.viewport],
        swatchImagesNow: input.swatchImagesNow,
      }),
    ),
  );
}

function drawCard(
  doc: Document,
  product: Product,
  settings: Parameters<typeof cardView>[2],
  opts: { eager: boolean; priority: boolean; swatchImagesNow: boolean },
): HTMLElement {
  const m = settings.messages;
  const card = cardView(product, null, settings);
  const href = card.href || null;
  const image = card.image
    ? h(doc, 'img', {
        src: card.image,
        alt: card.alt,
        width: 480,
        height: 600,
        loading: opts.eager ? 'eager' : 'lazy',
        decoding: 'async',
        fetchpriority: opts.priority ? 'high' : null,
      })
    : null;
  const badges =
    card.flag || card.percentOff
      ? h(
          doc,
          'span',
          { class: 'aisle-card__badges' },
          card.flag ? h(doc, 'span', { class: 'aisle-card__flag' }, card.flag) : null,
          card.percentOff ? h(doc, 'span', { class: 'aisle-card__discount' }, card.percentOff) : null,
        )
      : null;
  const price =
    card.sale !== null
      ? [
          h(
            doc,
            'span',
            { class: 'aisle-card__sale' },
            h(doc, 'span', { class: 'aisle-visually-hidden' }, m.salePrice, ' '),
            card.sale,
          ),
          ' ',
          h(
            doc,
            's',
            { class: 'aisle-card__was' },
            h(doc, 'span', { class: 'aisle-visually-hidden' }, m.regularPrice, ' '),
            card.price,
          ),
        ]
      : [h(doc, 'span', null, card.price)];
  let rating: HTMLElement | null = null;
  if (card.rating) {
    const { shown, fill } = starsFill(card.rating.value);
    rating = h(
      doc,
      'p',
      { class: 'aisle-card__rating aisle-stars', role: 'img', 'aria-label': card.rating.label },
      `${formatDecimal(shown, settings.locale)} ${card.rating.suffix}`,
    );
    rating.style.setProperty('--aisle-fill', fill);
  }
  let swatches: HTMLElement | null = null;
  if (card.swatchLabel !== null) {
    const checked = card.variant?.id ?? null;
    const tabbable = tabbableSwatch(card.swatches, checked);
    swatches = h(doc, 'div', { class: 'aisle-card__swatches', role: 'radiogroup', 'aria-label': card.swatchLabel });
    for (const v of card.swatches) {
      const swatch = h(doc, 'button', {
        type: 'button',
        role: 'radio',
        class: 'aisle-swatch',
        'aria-label': v.name || v.color,
        'aria-checked': String(v.id === checked),
        tabindex: v.id === tabbable ? 0 : -1,
      });
      const paint = swatchPaint(v, opts.swatchImagesNow);
      if (paint && 'colour' in paint) swatch.style.backgroundColor = paint.colour;
      else if (paint) swatch.style.backgroundImage = paint.image;
      swatches.append(swatch);
    }
  }
  return h(
    doc,
    'li',
    { class: 'aisle-card', 'data-aisle': 'product', 'data-product-id': product.product_id },
    h(
      doc,
      'a',
      { class: 'aisle-card__link', href },
      h(doc, 'span', { class: 'aisle-card__media' }, image, badges),
      product.brand ? h(doc, 'span', { class: 'aisle-card__brand' }, product.brand) : null,
      h(doc, 'span', { class: 'aisle-card__title' }, product.title),
    ),
    h(doc, 'p', { class: 'aisle-card__price' }, ...price),
    rating,
    swatches,
    card.remainder > 0
      ? h(
          doc,
          'a',
          { class: 'aisle-card__more', href, tabindex: -1, 'aria-label': m.moreVariants(card.remainder) },
          `+${card.remainder}`,
        )
      : null,
    product.promo_message ? h(doc, 'p', { class: 'aisle-card__promo' }, product.promo_message) : null,
  );
}

/**
 * What to draw for this page, or why not: only a listing page that came with its data, in a locale
 * whose words are at hand, with no filter selected in its address, no vehicle selector, and no
 * listing place to restore (those are drawn by the app alone).
 */
export function paintInput(raw: unknown, win: Window & typeof globalThis): PaintInput | string {
  const read = readRenderContext(raw);
  if (!read.ok) return read.error;
  const { context } = read;
  const location = win.location;
  const data = responseOf(context);
  if (!data || routeFor(location.pathname, context).screen !== 'dlp') return 'not a listing with data';
  if (data.pageNotFound) return 'a page-not-found listing';
  if (context.config.vehicleSelector) return 'a vehicle selector';
  const locale = localeOf(context);
  if (!hasMessages(locale)) return `the ${locale} words load with the app`;
  const state = parseUrlState(location.search, {
    pageSize: resolveDefaultPageSize(context.additional, context.config),
  });
  if (selectedFilterCount(state) > 0) return 'filters selected';
  if (restoreRecordPresent(win)) return 'a listing place to restore';
  return {
    data,
    viewport: viewportKind(win.innerWidth),
    region: regionOf(context),
    locale,
    messages: messagesFor(locale),
    href: location.href,
    origin: location.origin,
    base: context.config.base,
    swatchImagesNow: typeof win.IntersectionObserver === 'undefined',
    mainSelector: context.config.mainSelector ?? 'main',
    context,
  };
}

function restoreRecordPresent(win: Window): boolean {
  try {
    const state: unknown = win.history.state;
    return typeof state === 'object' && state !== null && RESTORE_STATE_KEY in state;
  } catch {
    return true;
  }
}

/** Cards drawn with the top of the listing: what the first screen shows on any viewport (the rest follow). */
export const FIRST_SCREEN_CARDS = 12;
/** Cards drawn per step after the first screen. */
const CARDS_PER_STEP = 12;
/** No task of the drawing goes past this if the next step's cost can be foreseen (50 ms makes a long task). */
const TASK_BUDGET_MS = 48;
/**
 * What each step costs, as a multiple of what reading the data cost on this page: that first step
 * tells how fast the machine is, so a fast one draws everything in a task or two and a slow phone
 * gets a task per step (the first number format alone costs it about 55 ms).
 */
const COST = { numberFormats: 1.3, top: 0.45, cards: 0.3, insert: 0.1 } as const;

/**
 * Resolves in a task of its own (a message to ourselves: unlike a timer, never clamped), so that
 * the page answers input in between.
 */
function nextTask(win: Window & typeof globalThis): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.MessageChannel !== 'function') {
      win.setTimeout(resolve, 0);
      return;
    }
    const channel = new win.MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Draws the first screen into the page's main element in place of its content, in steps: reading
 * the data, warming the number formats (their first use costs a phone tens of milliseconds), the top
 * of the listing with the first screen of cards, then the other cards, then putting it in the page;
 * it gives the main thread back between steps once a task has worked for a while. Resolves with the hand-over, or null (nothing
 * drawn) when this page is not one it draws, the main element is not there, `cancelled()` turned
 * true, or anything fails: the app then renders as it would have without it.
 */
export async function paintFirstScreen(
  raw: unknown,
  win: Window & typeof globalThis,
  cancelled: () => boolean = () => false,
  /** When the task this is called in began (aisle.js's own evaluation counts toward its share). */
  taskStartedAt?: number,
): Promise<FirstPaint | null> {
  let paint: FirstPaint | null = null;
  const clock = win.performance ?? { now: () => Date.now() };
  let taskStart = taskStartedAt ?? clock.now();
  /** The cost of reading the data, once known; until then the script's own evaluation stands in for it. */
  let unit: number | null = null;
  /**
   * Before each step: a new task when the step would take this one past its share; false when the
   * start was cancelled.
   */
  const step = async (cost: number): Promise<boolean> => {
    const elapsed = clock.now() - taskStart;
    if (elapsed + cost * (unit ?? elapsed) >= TASK_BUDGET_MS) {
      await nextTask(win);
      taskStart = clock.now();
    }
    return !cancelled() && (paint === null || paint.pending);
  };
  try {
    if (!(await step(1))) return null;
    const reading = clock.now();
    const input = paintInput(raw, win);
    if (typeof input === 'string') return null;
    unit = clock.now() - reading;
    const main = win.document.querySelector(input.mainSelector);
    if (!main) return null;
    if (!(await step(COST.numberFormats))) return null;
    // Every number format the screen uses, made once here (the first one loads the locale's data).
    formatPrice(0, input.region, input.locale);
    formatDecimal(0, input.locale);
    formatCount(0, input.locale);
    if (!(await step(COST.top))) return null;
    const container = win.document.createElement('div');
    container.className = 'aisle-mount';
    // Tells the paint from the app's screen (the app's container has no such attribute).
    container.setAttribute('data-aisle-first-paint', '');
    container.append(drawListing(win.document, input, FIRST_SCREEN_CARDS));
    // The other cards are drawn before the screen goes in, so that the page is laid out once, whole.
    const grid = container.querySelector('[data-aisle="grid"]');
    const total = input.data.products.length;
    for (let from = FIRST_SCREEN_CARDS; grid && from < total; from += CARDS_PER_STEP) {
      if (!(await step(COST.cards))) return null;
      drawCards(win.document, grid, input, from, from + CARDS_PER_STEP);
    }
    if (!(await step(COST.insert))) return null;
    // The #department guard holds from Aisle's first moment on the page: the app installs its own
    // before it takes over, and this one ends with the paint.
    const unguard = guardHistory(win);
    const hostContent = [...main.childNodes];
    main.replaceChildren(container);
    paint = firstPaintHandle(input.context, main, container, hostContent, unguard);
    win.performance?.mark?.('aisle:first-paint');
    return paint;
  } catch {
    paint?.withdraw();
    return null;
  }
}
