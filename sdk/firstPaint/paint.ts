/**
 * The first paint: the listing's first screen drawn with the DOM alone while the app (~90 KB more) is
 * on its way. It draws exactly the elements the app's first render makes (paint.test.tsx compares
 * them), so the app takes over without anything moving; whatever it cannot draw the same way is left
 * to the app. A control pressed meanwhile is pressed again once the app is in (firstPaintHandover.ts).
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
 * What to draw for this page, or why not (filters, a vehicle selector or a place to restore are
 * the app's alone). Every locale's words are inlined in aisle.js, so this waits for no request.
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

/** A long task begins at 50 ms; the garbage collection and callbacks after a step need the rest. */
const TASK_BUDGET_MS = 40;
/**
 * Drawing the top of the listing slower than this marks a slow machine. Measured on the benchmark
 * page: 12–15 ms at 4× CPU, 3–6 ms at 1×.
 */
const SLOW_TOP_MS = 9;
/** From the 13th card on, `content-visibility: auto` (styles.css) skips layout until near the viewport. */
const LAID_OUT_CARDS = 12;
const REHEARSED_CARDS = 2;
/** The shortest row of cards on any layout. */
const MIN_ROW_PX = 300;
/** The narrowest column with its gap (a phone below 540 px has two). */
const MIN_COLUMN_PX = 240;

/** How many cards a screen of this size can show, counted generously (shortest row, most columns). */
export function firstFrameCards(width: number, height: number): number {
  const columns = width < 540 ? 2 : Math.max(3, Math.floor(width / MIN_COLUMN_PX));
  const rows = Math.max(2, Math.ceil((Number.isFinite(height) && height > 0 ? height : 900) / MIN_ROW_PX));
  return columns * rows;
}

/** Resolves in a new task so the page answers input between (a message, unlike a timer, is never clamped). */
function nextTask(win: Window & typeof globalThis): Promise<void> {
  // scheduler.yield continues before the page's other waiting tasks (hundreds of image loads).
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

/** Resolves in a task after the next frame, or after FRAME_WAIT_MS without one. */
function afterNextFrame(win: Window & typeof globalThis): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.requestAnimationFrame !== 'function') return resolve();
    win.requestAnimationFrame(() => void nextTask(win).then(resolve));
    win.setTimeout(resolve, FRAME_WAIT_MS);
  });
}

/**
 * Lays out a hidden, inert copy of the first screen off screen, so the browser's first style and
 * layout with Aisle's rules get a frame of their own: the frame that shows the screen then costs a
 * phone about a third less. Returns what removes it.
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
  /** True once a newer mount or an unmount cancelled this start. */
  cancelled?: () => boolean;
  /** When the calling task began (aisle.js's own evaluation counts toward its share). */
  taskStartedAt?: number;
  beforeDrawing?: () => void;
  /** Called before the rehearsal and again before the screen goes in: a second call must do nothing. */
  applyRules?: () => void;
  /** Registered slots get empty containers, as the app draws them, so nothing moves when it fills them. */
  cardSlots?: () => { badge: boolean; actions: boolean };
}

/**
 * Draws the first screen in place of the main element's content, in steps that each fit a task's
 * budget. Resolves with the hand-over, or null when nothing was drawn (the app then renders alone).
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
  /** A new task if this one cannot afford `cost` ms more; false when cancelled. */
  const step = async (cost: number): Promise<boolean> => {
    if (clock.now() - taskStart + cost >= TASK_BUDGET_MS) {
      await nextTask(win);
      taskStart = clock.now();
    }
    return !cancelled() && (paint === null || paint.pending);
  };
  /** The next step is foreseen to cost what the last one did. */
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
    // The page's first number format costs a phone 40–60 ms (locale tables): it gets a task of its own.
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
    // On a slow narrow screen, only the cards it shows go in with it; the rest follow after its frame.
    const first = firstFrameCards(win.innerWidth, win.innerHeight);
    const shown = slow && first < LAID_OUT_CARDS ? first : cards.length;
    grid?.append(...cards.slice(0, shown));
    // The rehearsal is worth its frame only if that frame comes before the screen goes in.
    await rehearsed;
    if (!(await step(cost))) return null;
    // The #department guard holds from Aisle's first moment; the app installs its own before taking over.
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
