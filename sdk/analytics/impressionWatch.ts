/**
 * The browser side of impressions: one shared IntersectionObserver (no work per scroll event). A
 * listing view is one arrival by a link; Back or Forward goes on with the one left there, its seen
 * cards kept in session storage so they are not counted again.
 */
import { reaction } from 'mobx';
import { v4 as uuidv4 } from 'uuid';
import { serializeUrlState } from '../core/urlState.js';
import { VIEWABLE_RATIO, VIEW_MS } from '../core/viewability.js';
import type { FirstScreenSightings } from '../host/firstScreenSightings.js';
import { readArrival } from '../host/scrollRestore.js';
import type { LifecycleAdapter } from '../ports/lifecycle.js';
import type { RootStore } from '../stores/RootStore.js';
import { ImpressionCounter, sightingKey, type ImpressionBatch, type Sighting } from './impressions.js';

export { VIEWABLE_RATIO };
const CARD = '[data-aisle="product"]';
const MAX_SEEN = 2000;

/** One listing view: its id and the cards counted in it. */
interface ListingView {
  id: string;
  seen: string[];
}

/** The start of the keys of a shop's listing views in the tab's session storage. */
export const impressionsPrefix = (shopId: string): string => `aisle-impressions:${shopId}:`;
const storageKey = (shopId: string, path: string): string => `${impressionsPrefix(shopId)}${path}`;

function readView(win: Window, key: string): ListingView | null {
  try {
    const value: unknown = JSON.parse(win.sessionStorage.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { id, seen } = value as Record<string, unknown>;
    if (typeof id !== 'string' || !Array.isArray(seen)) return null;
    return { id, seen: seen.filter((s): s is string => typeof s === 'string') };
  } catch {
    return null;
  }
}

/** The listing view on show at `path`, or null; a grid click carries it, so conversions credit that view. */
export function currentListingView(win: Window, shopId: string, path: string): string | null {
  return readView(win, storageKey(shopId, path))?.id ?? null;
}

function saveView(win: Window, key: string, view: ListingView): void {
  try {
    win.sessionStorage.setItem(key, JSON.stringify({ id: view.id, seen: view.seen.slice(-MAX_SEEN) }));
  } catch {
    /* storage full or off: this page still counts each card once, a later Back may count again */
  }
}

/** Where a card sits, read from the DOM and the listing's state when it comes into view. */
function sightingOf(card: Element, root: RootStore): Sighting | null {
  const productId = card.getAttribute('data-product-id');
  const list = card.parentElement;
  if (!productId || !list) return null;
  const position = Array.prototype.indexOf.call(list.children, card) + 1;
  const inGrid = list.getAttribute('data-aisle') === 'grid';
  const { dlp } = root;
  const state = dlp.state;
  const page = !inGrid ? 1 : dlp.infinite ? Math.ceil(position / state.pageSize) : state.pageNumber;
  const query = serializeUrlState({ ...state, pageNumber: 1 }, { pageSize: dlp.defaultPageSize });
  return {
    productId,
    list: inGrid ? 'search_results' : 'similar_products',
    position,
    page: Math.max(1, page),
    resultSet: query ? `${root.route.page}?${query}` : root.route.page,
    url: root.env.host.location().href,
  };
}

/** The cards under `container`, by product id. */
function cardsById(container: ParentNode | null): Map<string, Element> {
  const out = new Map<string, Element>();
  container?.querySelectorAll(CARD).forEach((card) => {
    const id = card.getAttribute('data-product-id');
    if (id) out.set(id, card);
  });
  return out;
}

/** What the watcher needs from the page and the app. */
export interface ImpressionWatchOptions {
  win: Window & typeof globalThis;
  root: RootStore;
  shopId: string;
  container: () => ParentNode | null;
  lifecycle: LifecycleAdapter;
  /** `leaving`: the batch is sent as the page is hidden or goes away (see AnalyticsSession.trackOnLeave). */
  send: (batch: ImpressionBatch, listingViewId: string, leaving: boolean) => void;
  /** What the shopper saw on the first screen, once the app took it over (null until then). */
  firstScreen?: () => FirstScreenSightings | null;
}

/** Reports each card seen once per listing view; without IntersectionObserver nothing is counted. */
export function watchImpressions(options: ImpressionWatchOptions): () => void {
  const { win } = options;
  if (typeof win.IntersectionObserver !== 'function' || typeof win.MutationObserver !== 'function')
    return () => undefined;
  const watch = new ImpressionWatch(options);
  return () => watch.dispose();
}

/** The watch of one mounted listing: the current listing view's counter and the observers feeding it. */
class ImpressionWatch {
  readonly #o: ImpressionWatchOptions;
  #counter: ImpressionCounter;
  readonly #elementKeys = new Map<Element, string>();
  readonly #observed = new WeakSet<Element>();
  /** The first screen's cards in view, by product id, with since when: credited at their first report. */
  readonly #credit = new Map<string, number>();
  #firstScreenPending: boolean;
  #leaving = false;
  #watched: ParentNode | null = null;
  readonly #io: IntersectionObserver;
  readonly #mutations: MutationObserver;
  readonly #stops: Array<() => void> = [];

  constructor(options: ImpressionWatchOptions) {
    this.#o = options;
    const { win, root, lifecycle } = options;
    this.#firstScreenPending = options.firstScreen !== undefined;
    this.#counter = this.#startView(readArrival(win) === 'back_forward');
    this.#io = new win.IntersectionObserver((entries) => this.#seen(entries), {
      threshold: [0, VIEWABLE_RATIO],
    });
    this.#mutations = new win.MutationObserver(() => this.#scan());
    this.#attach();
    const onVisibility = (): void => {
      if (win.document.visibilityState === 'hidden') {
        this.#counter.pause();
        this.#flushOnLeave();
      } else if (!root.drawer.open) this.#counter.resume();
    };
    win.document.addEventListener('visibilitychange', onVisibility);
    this.#stops.push(
      reaction(
        () => root.drawer.open,
        (open) => (open ? this.#counter.pause() : this.#counter.resume()),
      ),
      () => win.document.removeEventListener('visibilitychange', onVisibility),
      lifecycle.onPageHide(() => this.#flushOnLeave()),
      // Another listing shown in place is another listing view: what the last one saw is sent under
      // its own address first. The container is in place once the listing has been shown; until then
      // cards are looked for on each change of route (cheap: it is only a lookup).
      reaction(
        () => root.route,
        () => {
          this.#counter = this.#startView(root.arrivedBy === 'back_forward');
          this.#attach();
        },
      ),
    );
  }

  dispose(): void {
    this.#stops.splice(0).forEach((stop) => stop());
    this.#mutations.disconnect();
    this.#io.disconnect();
    this.#counter.dispose();
  }

  /** A fresh listing view, or (`restored`: Back or Forward) the one this path's entry left off. */
  #startView(restored: boolean): ImpressionCounter {
    const { win, root, shopId } = this.#o;
    // Unset while the watch is being constructed.
    (this.#counter as ImpressionCounter | undefined)?.dispose();
    const key = storageKey(shopId, win.location.pathname);
    const kept = restored ? readView(win, key) : null;
    const view = kept ?? { id: uuidv4(), seen: [] };
    if (!kept) saveView(win, key, view);
    const counter = new ImpressionCounter({
      timers: root.env.timers,
      seen: view.seen,
      send: (batch) => this.#o.send(batch, view.id, this.#leaving),
      onSeen: (seenKey) => {
        view.seen.push(seenKey);
        saveView(win, key, view);
      },
    });
    if (root.drawer.open || win.document.visibilityState === 'hidden') counter.pause();
    return counter;
  }

  #flushOnLeave(): void {
    this.#leaving = true;
    try {
      this.#counter.flush();
    } finally {
      this.#leaving = false;
    }
  }

  #seen(entries: IntersectionObserverEntry[]): void {
    const { win, root } = this.#o;
    const active = this.#counter;
    for (const entry of entries) {
      const card = entry.target;
      const id = card.getAttribute('data-product-id') ?? '';
      const since = this.#credit.get(id);
      this.#credit.delete(id);
      if (entry.isIntersecting && entry.intersectionRatio >= VIEWABLE_RATIO) {
        const sighting = sightingOf(card, root);
        if (!sighting) continue;
        this.#elementKeys.set(card, sightingKey(sighting));
        active.enter(sighting, since === undefined ? 0 : win.performance.now() - since);
      } else {
        const key = this.#elementKeys.get(card);
        this.#elementKeys.delete(card);
        if (key) active.leave(key);
      }
    }
    this.#takeFirstScreen(active);
  }

  /**
   * The first screen's sightings, credited once the app holds the cards: those seen there count now,
   * those in view carry their time (at once when this watch sees them in view, else at their first report).
   */
  #takeFirstScreen(active: ImpressionCounter): void {
    const sightings = this.#firstScreenPending ? this.#o.firstScreen?.() : null;
    if (!sightings) return;
    this.#firstScreenPending = false;
    const { win, root, container } = this.#o;
    const cards = cardsById(container());
    const now = win.performance.now();
    for (const id of sightings.seen) {
      const card = cards.get(id);
      const sighting = card ? sightingOf(card, root) : null;
      if (!card || !sighting) continue;
      active.enter(sighting, VIEW_MS);
      if (!this.#elementKeys.has(card)) active.leave(sightingKey(sighting));
    }
    for (const [id, since] of sightings.inView) {
      const card = cards.get(id);
      const sighting = card && this.#elementKeys.has(card) ? sightingOf(card, root) : null;
      if (sighting) active.enter(sighting, now - since);
      else if (!card || !this.#observed.has(card)) this.#credit.set(id, since);
    }
  }

  #scan(): void {
    const container = this.#o.container();
    if (!container) return;
    for (const card of container.querySelectorAll(CARD)) {
      if (this.#observed.has(card)) continue;
      this.#observed.add(card);
      this.#io.observe(card);
    }
    // Cards no longer in the page stop counting (a re-render replaced them, a filter removed them).
    for (const [card, key] of this.#elementKeys)
      if (!card.isConnected) {
        this.#io.unobserve(card);
        this.#elementKeys.delete(card);
        this.#counter.leave(key);
      }
  }

  #attach(): void {
    const container = this.#o.container();
    if (!container || container === this.#watched) return;
    this.#watched = container;
    this.#mutations.observe(container, { childList: true, subtree: true });
    this.#scan();
  }
}
