/**
 * Coming back to a listing: the browser's scroll restoration is off while mounted (it would scroll
 * before the grid exists, and the page would jump); the history entry remembers the opened card,
 * which comes back at the same height with its link focused. No `unload` listener: it would keep
 * the page out of the back/forward cache, which needs none of this.
 */
import { reaction } from 'mobx';
import type { ListingRestore } from '../stores/restore.js';
import type { RootStore } from '../stores/RootStore.js';
import { RESTORE_STATE_KEY, scrollTarget, type Arrival, type RestoreRecord } from '../stores/restore.js';

const GRID_CARD = '[data-aisle="grid"] [data-aisle="product"]';
/** Keys that scroll the page: pressing one during the restore means the shopper has taken over. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ', 'Spacebar']);

/** How this document was reached, from the navigation timing entry. */
export function readArrival(win: Window): Arrival {
  try {
    const entry = win.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const type = entry?.type as string | undefined;
    return type === 'navigate' || type === 'reload' || type === 'back_forward' || type === 'prerender'
      ? type
      : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Writes under Aisle's key, keeping the host's state; a host state that is not an object is left alone. */
function writeEntryMemory(win: Window, record: RestoreRecord): void {
  try {
    const state: unknown = win.history.state;
    if (state !== null && state !== undefined && (typeof state !== 'object' || Array.isArray(state))) return;
    win.history.replaceState({ ...(state ?? {}), [RESTORE_STATE_KEY]: record }, '');
  } catch {
    /* a page that refuses history writes simply gets no restore */
  }
}

function cardSelector(win: Window, id: string): string {
  const css = (win as Window & { CSS?: { escape?: (value: string) => string } }).CSS;
  const escaped = typeof css?.escape === 'function' ? css.escape(id) : id.replace(/["\\]/g, '\\$&');
  return `${GRID_CARD}[data-product-id="${escaped}"]`;
}

/** Installs the scroll restore for `store` on `win`; returns the cleanup. */
export function keepListingPlace(win: Window, store: RootStore, getRoot: () => Element | null): () => void {
  const place = new ListingPlace(win, store, getRoot);
  return () => place.end();
}

/** One mounted listing's memory of the shopper's place, and the restore it is following, if any. */
class ListingPlace {
  private readonly cleanups: Array<() => void> = [];
  /** The card the shopper opened last, and the path it was opened at. */
  private opened: { card: Element; path: string } | null = null;
  private lastSaved: RestoreRecord | null = null;
  /**
   * The shopper's own scrolling since the last Back or Forward. A listing left in place comes back
   * only once its page has been read: a shopper who scrolled meanwhile keeps their place, and the
   * listing comes back around them rather than pulling them to the card they had left.
   */
  private scrolledSincePop = false;
  private following: RestoreFollower | null = null;

  constructor(
    private readonly win: Window,
    private readonly store: RootStore,
    private readonly getRoot: () => Element | null,
  ) {
    this.takeOverScrollRestoration();
    // A product: heard after Aisle's own click handling, which may first bring the address in step
    // with the listing on show.
    this.listen('click', (event) => {
      const card = this.clickedLink(event)?.link.closest(GRID_CARD);
      if (!card) return;
      this.opened = { card, path: win.location.pathname };
      this.remember();
    });
    // Any other link may leave the listing too (another page shown in place): heard before Aisle
    // moves, so the place is written into the entry being left.
    this.listen(
      'click',
      (event) => {
        const clicked = this.clickedLink(event);
        if (!clicked || clicked.link.closest(GRID_CARD)) return;
        this.opened = null;
        this.remember();
      },
      { capture: true },
    );
    this.listen('pagehide', () => this.remember());
    this.listen('pageshow', (event) => this.refocusFromCache(event));

    const shopperScrolled = (): void => void (this.scrolledSincePop = true);
    this.listen('popstate', () => (this.scrolledSincePop = false), { capture: true });
    this.listen('wheel', shopperScrolled, { capture: true, passive: true });
    this.listen('touchstart', shopperScrolled, { capture: true, passive: true });
    this.listen('keydown', (event) => SCROLL_KEYS.has(event.key) && shopperScrolled(), { capture: true });

    this.start(store.restore, true);
    // Back to a listing left by an in-place move brings a new restore.
    this.cleanups.push(
      reaction(
        () => store.restore,
        (restore) => this.start(restore),
      ),
    );
    this.cleanups.push(() => this.start(null));
  }

  end(): void {
    this.cleanups
      .splice(0)
      .reverse()
      .forEach((cleanup) => cleanup());
  }

  private listen<K extends keyof WindowEventMap>(
    type: K,
    fn: (event: WindowEventMap[K]) => void,
    options: AddEventListenerOptions = {},
  ): void {
    this.win.addEventListener(type, fn, options);
    this.cleanups.push(() => this.win.removeEventListener(type, fn, options));
  }

  private takeOverScrollRestoration(): void {
    const { history } = this.win;
    try {
      const previous = history.scrollRestoration;
      history.scrollRestoration = 'manual';
      this.cleanups.push(() => {
        try {
          history.scrollRestoration = previous;
        } catch {
          /* nothing to give back */
        }
      });
    } catch {
      /* a history without scrollRestoration: the browser keeps its own behaviour */
    }
  }

  private clickedLink(event: MouseEvent): { root: Element; link: Element } | null {
    const root = this.getRoot();
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    return root && link && root.contains(link) ? { root, link } : null;
  }

  private remember(): void {
    const { win, store, opened } = this;
    const root = this.getRoot();
    if (!root || store.route.screen !== 'dlp' || !store.search.response) return;
    const here = win.location;
    // The address may have been brought in step with the listing since the click: same path is enough.
    const clicked = opened && opened.path === here.pathname && opened.card.isConnected ? opened.card : null;
    const card = clicked ?? firstCardInView(root, win);
    const record: RestoreRecord = {
      path: here.pathname,
      search: here.search,
      y: Math.max(0, Math.round(win.scrollY)),
      product: card?.getAttribute('data-product-id') || null,
      offset: card ? Math.round(card.getBoundingClientRect().top) : 0,
      focus: !!clicked,
    };
    this.lastSaved = record;
    writeEntryMemory(win, record);
  }

  private refocusFromCache(event: PageTransitionEvent): void {
    const saved = this.lastSaved;
    if (!event.persisted || !saved?.focus || !saved.product) return;
    // Back from the cache the page is as it was; only focus may have been lost on the way out.
    const active = this.win.document.activeElement;
    if (active && active !== this.win.document.body) return;
    focusCard(this.win, this.getRoot(), saved.product);
  }

  private start(restore: ListingRestore | null, onLoad = false): void {
    this.following?.cancel();
    // On a page load, a page already scrolled before Aisle mounted was scrolled by the shopper: the
    // browser restores nothing while its entry says scroll restoration is manual.
    if (restore?.status === 'waiting' && (this.scrolledSincePop || (onLoad && this.win.scrollY > 0))) restore.giveWay();
    this.following =
      restore && restore.status === 'waiting'
        ? new RestoreFollower(this.win, this.store, this.getRoot, restore, (record) => (this.lastSaved = record))
        : null;
  }
}

/** Follows one restore, a frame at a time, until it lands or gives way. */
class RestoreFollower {
  private frame = 0;
  private readonly inputs: Array<[keyof WindowEventMap, EventListener]>;

  constructor(
    private readonly win: Window,
    private readonly store: RootStore,
    private readonly getRoot: () => Element | null,
    private readonly restore: ListingRestore,
    private readonly landed: (record: RestoreRecord) => void,
  ) {
    // The shopper's own scrolling wins over the restore.
    const giveWay = (): void => restore.giveWay();
    const onKey = (event: KeyboardEvent): void => {
      if (SCROLL_KEYS.has(event.key)) restore.giveWay();
    };
    this.inputs = [
      ['wheel', giveWay],
      ['touchstart', giveWay],
      ['keydown', onKey as EventListener],
    ];
    for (const [type, fn] of this.inputs) win.addEventListener(type, fn, { capture: true, passive: true });
    this.frame = win.requestAnimationFrame(this.check);
  }

  /** Stops following and lets the shopper's position stand. */
  cancel(): void {
    this.stop();
    this.restore.giveWay();
  }

  private stop(): void {
    if (this.frame) this.win.cancelAnimationFrame(this.frame);
    this.frame = 0;
    for (const [type, fn] of this.inputs) this.win.removeEventListener(type, fn, { capture: true });
  }

  private readonly check = (): void => {
    const { win, store, restore } = this;
    this.frame = 0;
    if (restore.status !== 'waiting') return this.stop();
    // A move to another page ends the restore: that page starts at its top.
    if (store.restore !== restore || store.route.screen !== 'dlp') {
      restore.giveWay();
      return this.stop();
    }
    const root = this.getRoot();
    const products = store.search.response?.products ?? [];
    const record = restore.due({ loading: store.search.loading, hasProducts: products.length > 0 });
    // The grid in the page must be the restored listing's, not the one it replaces.
    const first = root?.isConnected ? root.querySelector(GRID_CARD) : null;
    // …and every card of it in: new cards reach the grid in an interruptible render, which marks it busy.
    const complete = root?.querySelector('[data-aisle="grid"][aria-busy="true"]') == null;
    if (record && root && first && complete && first.getAttribute('data-product-id') === products[0]?.product_id) {
      const card = record.product ? root.querySelector(cardSelector(win, record.product)) : null;
      const top = scrollTarget(record, card ? { top: card.getBoundingClientRect().top } : null, win.scrollY);
      win.scrollTo({ top, left: win.scrollX, behavior: 'instant' });
      if (record.focus && record.product) focusCard(win, root, record.product);
      restore.finish();
      this.landed(record);
      return this.stop();
    }
    // Checked once per frame: the restore lands before the frame that first shows the grid is painted.
    this.frame = win.requestAnimationFrame(this.check);
  };
}

/** The first card of the grid whose top is inside the viewport (the shopper's place when no card was opened). */
function firstCardInView(root: Element, win: Window): Element | null {
  for (const card of root.querySelectorAll(GRID_CARD)) {
    const rect = card.getBoundingClientRect();
    if (rect.bottom > 0 && rect.top < win.innerHeight) return card;
  }
  return null;
}

/** Gives the card's link the focus without scrolling (the view is already where it belongs). */
function focusCard(win: Window, root: Element | null, id: string): void {
  const link = root?.querySelector<HTMLElement>(`${cardSelector(win, id)} a`);
  link?.focus({ preventScroll: true });
}
