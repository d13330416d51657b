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
import { FIRST_SCREEN_MARK, markOnce } from '../host/marks.js';
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
import { cardDrawer } from './cards.js';
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

/**
 * No task of the drawing works past this: a long task begins at 50 ms, and the garbage collection
 * and promise callbacks that follow a step need the rest.
 */
const TASK_BUDGET_MS = 40;
/**
 * A machine that takes longer than this to draw the top of the listing (breadcrumbs, heading,
 * toolbar) is a slow one: its screen is rehearsed and, on a narrow screen, goes in with the rows the
 * screen shows. Measured on the benchmark page: 12–15 ms at 4× CPU, 3–6 ms at 1×, where the whole
 * page (48 cards) was drawn in 12–29 ms and put in at once in a frame under 50 ms.
 */
const SLOW_TOP_MS = 9;
/**
 * The cards laid out as soon as they are in the page: from the 13th on, a card skips its layout
 * until it comes near the viewport (`content-visibility: auto` in sdk/ui/styles.css).
 */
const LAID_OUT_CARDS = 12;
/** Cards in the rehearsal of the screen (see rehearse). */
const REHEARSED_CARDS = 2;
/** No row of cards is shorter than this on any layout (a phone's narrowest card, image and text). */
const MIN_ROW_PX = 300;
/** The grid's columns are at least this wide with their gap (two on a phone below 540 px). */
const MIN_COLUMN_PX = 240;

/**
 * How many cards a screen of this size can show with the top of the listing, counted generously
 * (the shortest row, the most columns). On a slow machine, when that is fewer than the cards laid
 * out at once, the frame that first shows the listing lays out only these; the others join it after
 * that frame, below the fold, where nothing on screen moves.
 */
export function firstFrameCards(width: number, height: number): number {
  const columns = width < 540 ? 2 : Math.max(3, Math.floor(width / MIN_COLUMN_PX));
  const rows = Math.max(2, Math.ceil((Number.isFinite(height) && height > 0 ? height : 900) / MIN_ROW_PX));
  return columns * rows;
}

/**
 * Resolves in a task of its own (a message to ourselves: unlike a timer, never clamped), so that
 * the page answers input in between.
 */
function nextTask(win: Window & typeof globalThis): Promise<void> {
  // Where the browser has it, a yield whose continuation comes before the page's other waiting
  // tasks (a shop page loads hundreds of images meanwhile): input and frames still go first.
  const scheduler = (win as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
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

/** Longest wait for a frame: a page in a background tab draws none. */
const FRAME_WAIT_MS = 100;

/**
 * Resolves in a task after the next frame has been drawn, or after FRAME_WAIT_MS without one (at
 * once where there are no frames).
 */
function afterNextFrame(win: Window & typeof globalThis): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.requestAnimationFrame !== 'function') return resolve();
    win.requestAnimationFrame(() => void nextTask(win).then(resolve));
    win.setTimeout(resolve, FRAME_WAIT_MS);
  });
}

/**
 * Puts a copy of the top of the listing and its first cards in the page, hidden, inert and off
 * screen at the main element's width, while the other cards are drawn: the browser's first style
 * and layout with Aisle's rules (its caches, the words' shapes) then happen in a frame of their own,
 * and the frame that shows the screen costs a phone about a third less (the screen waits for that
 * frame if the drawing ends first). The copy has no hooks and no ids. Returns what takes it away
 * (before the screen goes in, in the same task).
 */
function rehearse(win: Window & typeof globalThis, main: Element, listing: HTMLElement, cards: HTMLElement[]) {
  const doc = win.document;
  const copy = listing.cloneNode(true) as HTMLElement;
  copy.querySelector('[data-aisle="grid"]')?.append(...cards.map((card) => card.cloneNode(true)));
  for (const element of [copy, ...copy.querySelectorAll('[data-aisle], [id]')]) {
    element.removeAttribute('data-aisle');
    element.removeAttribute('id');
  }
  const stage = doc.createElement('div');
  stage.setAttribute('aria-hidden', 'true');
  stage.inert = true;
  stage.style.cssText = `position:absolute;top:0;left:-10000px;width:${main.clientWidth}px;visibility:hidden`;
  stage.append(copy);
  doc.body.append(stage);
  return () => stage.remove();
}

export interface PaintOptions {
  /** True once the start was cancelled (a newer mount, an unmount): nothing more is drawn. */
  cancelled?: () => boolean;
  /** When the task this is called in began (aisle.js's own evaluation counts toward its share). */
  taskStartedAt?: number;
  /** Runs in a step of its own before the top of the listing is drawn (where the loader loads Aisle's fonts). */
  beforeDrawing?: () => void;
  /**
   * Applies Aisle's rules to the page (where the loader adopts its sheet): before the rehearsal of
   * the screen, and again just before the screen goes in (a second call must do nothing more).
   */
  applyRules?: () => void;
  /**
   * Which card slots the page has registered (Aisle.setCardSlots), asked as the drawing of the cards
   * begins: their containers are drawn empty, as the app draws them, so that nothing moves when the
   * app fills them. A slot registered later appears with the app.
   */
  cardSlots?: () => { badge: boolean; actions: boolean };
}

/**
 * Draws the first screen into the page's main element in place of its content, in steps: reading
 * the data, making the number formats, the top of the listing, each card; a step that would take
 * its task past its share waits for a new task, foreseen by what the same kind of step cost on this
 * page. On a slow machine, the screen is rehearsed and, on a narrow screen, goes in with the cards
 * it shows, the others following after the frame that shows it (a fast one puts them all in at
 * once). Resolves with the hand-over, or null (nothing drawn) when this page is not one it
 * draws, the main element is not there, `cancelled()` turned true, or anything fails: the app then
 * renders as it would have without it.
 */
export async function paintFirstScreen(
  raw: unknown,
  win: Window & typeof globalThis,
  options: PaintOptions = {},
): Promise<FirstPaint | null> {
  const { cancelled = () => false, taskStartedAt, beforeDrawing, applyRules = () => undefined, cardSlots } = options;
  let paint: FirstPaint | null = null;
  const clock = win.performance ?? { now: () => Date.now() };
  let taskStart = taskStartedAt ?? clock.now();
  /** Before a step that costs about `cost` ms: a new task if this one cannot afford it; false when cancelled. */
  const step = async (cost: number): Promise<boolean> => {
    if (clock.now() - taskStart + cost >= TASK_BUDGET_MS) {
      await nextTask(win);
      taskStart = clock.now();
    }
    return !cancelled() && (paint === null || paint.pending);
  };
  /** What the last drawing step cost: the next one is foreseen to cost as much. */
  let cost = 0;
  const timed = <T>(work: () => T): T => {
    const at = clock.now();
    const made = work();
    cost = clock.now() - at;
    return made;
  };
  let endRehearsal = (): void => undefined;
  let rehearsed = Promise.resolve();
  try {
    // Reading the data is foreseen to cost what parsing it did, in this task, before the drawing began.
    if (!(await step(clock.now() - taskStart))) return null;
    const reading = clock.now();
    const input = await paintInput(raw, win);
    if (typeof input === 'string') return null;
    // Until a drawing step has been measured, reading the data tells how fast this machine is.
    cost = clock.now() - reading;
    const main = win.document.querySelector(input.mainSelector);
    if (!main) return null;
    // The page's first number format costs a phone 40 to 60 ms whatever the listing (the browser
    // gathers its locale tables): it always has a task of its own; the others cost little after it.
    if (!(await step(TASK_BUDGET_MS))) return null;
    timed(() => formatPrice(0, input.region, input.locale));
    if (!(await step(cost))) return null;
    timed(() => [formatDecimal(0, input.locale), formatCount(0, input.locale)]);
    if (!(await step(cost))) return null;
    beforeDrawing?.();
    if (!(await step(cost))) return null;
    if (cardSlots) input.slots = cardSlots();
    const container = win.document.createElement('div');
    container.className = 'aisle-mount';
    // Tells the paint from the app's screen (the app's container has no such attribute).
    container.setAttribute('data-aisle-first-paint', '');
    const listing = timed(() => drawListing(win.document, input, 0));
    // The top's cost tells a slow machine, before the cards are drawn (they get faster as they go).
    const slow = cost >= SLOW_TOP_MS;
    container.append(listing);
    const grid = container.querySelector('[data-aisle="grid"]');
    const cards: HTMLElement[] = [];
    const total = input.data.products.length;
    const drawCards = cardDrawer(win.document, input);
    for (let at = 0; grid && at < total; at++) {
      if (!(await step(cost))) return null;
      cards.push(...timed(() => drawCards(at, at + 1)));
      // A fast machine lays the page out cheaply: a rehearsal would only add a frame before the screen.
      if (slow && cards.length === REHEARSED_CARDS) {
        applyRules();
        endRehearsal = rehearse(win, main, listing, cards);
        rehearsed = afterNextFrame(win);
      }
    }
    // Cards past the laid-out ones skip their layout until they near the viewport: they can go in with
    // the screen (a wide screen shows as many as are laid out).
    const first = firstFrameCards(win.innerWidth, win.innerHeight);
    const shown = slow && first < LAID_OUT_CARDS ? first : cards.length;
    grid?.append(...cards.slice(0, shown));
    // The rehearsal is worth its frame only if that frame comes before the screen goes in.
    await rehearsed;
    if (!(await step(cost))) return null;
    // The #department guard holds from Aisle's first moment on the page: the app installs its own
    // before it takes over, and this one ends with the paint.
    const unguard = guardHistory(win);
    const hostContent = [...main.childNodes];
    applyRules();
    endRehearsal();
    main.replaceChildren(container);
    // A product link followed from the paint is on record before the page goes (the app is not here yet).
    const handle = firstPaintHandle(input.context, main, container, hostContent, unguard, paintAnalytics(input, win));
    paint = handle;
    win.performance?.mark?.('aisle:first-paint');
    markOnce(win, FIRST_SCREEN_MARK);
    // The cards below the fold join after the frame that shows the screen, unless the app came first.
    const rest = cards.slice(shown);
    if (grid && rest.length > 0)
      void afterNextFrame(win).then(() => !cancelled() && handle.pending && grid.append(...rest));
    return paint;
  } catch {
    paint?.withdraw();
    return null;
  } finally {
    endRehearsal();
  }
}
