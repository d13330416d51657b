/**
 * What the shopper saw of the first screen before the app took over, so the app's impression count
 * includes that time. Nothing counts while the page is hidden.
 */
import { VIEWABLE_RATIO, VIEW_MS } from '../core/viewability.js';

const CARD = '[data-aisle="product"]';

/** The first screen's sightings, by product id. */
export interface FirstScreenSightings {
  /** Cards that stayed half in view for a continuous second on the first screen. */
  seen: string[];
  /** Cards half in view when the app took over, with the `performance.now()` time since when. */
  inView: Map<string, number>;
}

/** Watches a first screen's cards until `freeze()`; `take()` hands over what it saw. */
export interface FirstScreenWatch {
  freeze(): void;
  /** What was seen, once frozen; null before, and after it was handed over once. */
  take(): FirstScreenSightings | null;
}

/** Starts watching the cards in `container` (those drawn later too). */
export function watchFirstScreen(container: HTMLElement): FirstScreenWatch {
  const win = container.ownerDocument.defaultView!;
  const doc = win.document;
  const seen: string[] = [];
  const inView = new Map<string, number>();
  let frozen = false;
  let taken = false;
  const left = (id: string): void => {
    const since = inView.get(id);
    inView.delete(id);
    if (since !== undefined && win.performance.now() - since >= VIEW_MS) seen.push(id);
  };
  const io = win.IntersectionObserver
    ? new win.IntersectionObserver(
        (entries) => {
          for (const { target, isIntersecting, intersectionRatio } of entries) {
            const id = target.getAttribute('data-product-id')!;
            if (doc.visibilityState === 'hidden') continue;
            if (!isIntersecting || intersectionRatio < VIEWABLE_RATIO) left(id);
            else if (!inView.has(id)) inView.set(id, win.performance.now());
          }
        },
        { threshold: [0, VIEWABLE_RATIO] },
      )
    : null;
  // Observing (again) reports each card's state afresh: the cards drawn later, and all of them when
  // a hidden page is shown again (a hidden page shows nothing: the cards in view start anew).
  const observe = (): void => container.querySelectorAll(CARD).forEach((card) => io?.observe(card));
  const mutations = new MutationObserver(observe);
  const onVisibility = (): void => {
    if (doc.visibilityState === 'hidden') return [...inView.keys()].forEach(left);
    io?.disconnect();
    observe();
  };
  observe();
  mutations.observe(container, { childList: true, subtree: true });
  doc.addEventListener('visibilitychange', onVisibility);
  return {
    freeze() {
      frozen = true;
      io?.disconnect();
      mutations.disconnect();
      doc.removeEventListener('visibilitychange', onVisibility);
    },
    take() {
      if (!frozen || taken) return null;
      taken = true;
      return { seen: [...new Set(seen)], inView };
    },
  };
}
