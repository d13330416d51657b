/**
 * The first paint: the listing's first screen (breadcrumbs, heading, toolbar, grid) drawn with the
 * DOM alone, from the data the page came with, by the few kilobytes of aisle.js, while the app (React
 * and the stores) is still on its way. On a phone on a mobile network that is the difference between
 * the grid showing as soon as aisle.js arrives and showing once ~90 KB more have arrived and run.
 *
 * It draws exactly the elements the app's first render makes (draw.ts; paint.test.tsx compares the
 * two for every layout), so that the app can put its own in their place without anything moving.
 * Until then, product links work as links; a control pressed meanwhile is pressed again for the shopper
 * once the app is in (see sdk/host/firstPaintHandover.ts). Anything this paint is not sure to draw the same way (another
 * screen, selected filters, a restored listing, a locale whose words could not be loaded) is left to
 * the app.
 */
import { formatCount, formatDecimal, formatPrice } from '../core/format.js';
import { hasMessages, loadMessages, localeOf, messagesOf, regionOf } from '../core/messages.js';
import { readRenderContext } from '../core/normalize.js';
import { viewportKind } from '../core/product.js';
import { parseUrlState, resolveDefaultPageSize } from '../core/urlState.js';
import { selectedFilterCount } from '../core/transitions.js';
import { readEntryMemory } from '../stores/restore.js';
import { routeFor, responseOf } from '../stores/screens.js';
import { guardHistory } from '../host/history.js';
import { firstPaintHandle, type FirstPaint } from '../host/firstPaintHandover.js';
import { paintAnalytics } from '../analytics/paintClicks.js';
import { drawCards } from './cards.js';
import { drawListing } from './draw.js';
import type { PaintInput } from './elements.js';

/**
 * What to draw for this page, or why not: only a listing page that came with its data, in a locale
 * whose words could be loaded, with no filter selected in its address, no vehicle selector, and no
 * listing place to restore (those are drawn by the app alone). A locale's words come by its row in
 * sdk/core/locales.ts, as the app's do; in aisle.js every row's catalogue is inlined, so this waits
 * for no request, and a locale added as a row gets its first paint with it.
 */
export async function paintInput(raw: unknown, win: Window & typeof globalThis): Promise<PaintInput | string> {
  const read = readRenderContext(raw);
  if (!read.ok) return read.error;
  const { context } = read;
  const location = win.location;
  const data = responseOf(context);
  if (!data || routeFor(location.pathname, context).screen !== 'dlp') return 'not a listing with data';
  if (data.pageNotFound) return 'a page-not-found listing';
  if (context.config.vehicleSelector) return 'a vehicle selector';
  const locale = localeOf(context);
  await loadMessages(locale)?.catch(() => undefined);
  if (!hasMessages(locale)) return `no ${locale} words`;
  const state = parseUrlState(location.search, {
    pageSize: resolveDefaultPageSize(context.additional, context.config),
  });
  if (selectedFilterCount(state) > 0) return 'filters selected';
  if (readEntryMemory(win) !== undefined) return 'a listing place to restore';
  return {
    data,
    viewport: viewportKind(win.innerWidth),
    region: regionOf(context),
    locale,
    messages: messagesOf(context),
    href: location.href,
    origin: location.origin,
    base: context.config.base,
    swatchImagesNow: typeof win.IntersectionObserver === 'undefined',
    mainSelector: context.config.mainSelector ?? 'main',
    context,
    slots: { badge: false, actions: false },
  };
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

export interface PaintOptions {
  /** True once the start was cancelled (a newer mount, an unmount): nothing more is drawn. */
  cancelled?: () => boolean;
  /** When the task this is called in began (aisle.js's own evaluation counts toward its share). */
  taskStartedAt?: number;
  /** Runs in the task that puts the screen in the page, just before (where the loader applies Aisle's rules). */
  beforeInsert?: () => void;
  /**
   * Which card slots the page has registered (Aisle.setCardSlots), asked as the drawing of the cards
   * begins: their containers are drawn empty, as the app draws them, so that nothing moves when the
   * app fills them. A slot registered later appears with the app.
   */
  cardSlots?: () => { badge: boolean; actions: boolean };
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
  options: PaintOptions = {},
): Promise<FirstPaint | null> {
  const { cancelled = () => false, taskStartedAt, beforeInsert, cardSlots } = options;
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
    const input = await paintInput(raw, win);
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
    if (cardSlots) input.slots = cardSlots();
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
      grid.append(...drawCards(win.document, input, from, from + CARDS_PER_STEP));
    }
    if (!(await step(COST.insert))) return null;
    // The #department guard holds from Aisle's first moment on the page: the app installs its own
    // before it takes over, and this one ends with the paint.
    const unguard = guardHistory(win);
    const hostContent = [...main.childNodes];
    beforeInsert?.();
    main.replaceChildren(container);
    // A product link followed from the paint is on record before the page goes (the app is not here yet).
    paint = firstPaintHandle(input.context, main, container, hostContent, unguard, paintAnalytics(input, win));
    win.performance?.mark?.('aisle:first-paint');
    return paint;
  } catch {
    paint?.withdraw();
    return null;
  }
}
