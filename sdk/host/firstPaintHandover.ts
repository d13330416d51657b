/**
 * The hand-over from the first paint (drawn by aisle.js alone, see sdk/firstPaint/paint.ts) to the app.
 * The app's container takes the paint's place in one step; because both hold the same elements in
 * the same places, nothing moves and focus stays on the same control.
 *
 * Nothing the shopper does while the app is on its way is lost:
 * - a product link followed from the paint is on record for analytics (the click and the page's
 *   visit, written to the stored outbox as the link is followed, see `PaintAnalytics`);
 * - what the shopper pressed is played again on the app's screen as what it amounts to, not press
 *   by press (see `pressesOnPaint`).
 */
import { DEBUG_EVENT } from '../contract.js';
import type { RenderContext } from '../core/types.js';
import { findControl, identityOf, pressesOnPaint } from './paintPresses.js';

/** A first screen on show in the page's main element, waiting for the app. */
export interface FirstPaint {
  /** The render context the paint read (and checked), which the app need not read again. */
  readonly context: RenderContext;
  /** The page's main element. */
  readonly main: Element;
  /** The paint's `.aisle-mount` container, in `main`. */
  readonly container: HTMLElement;
  /** The retailer's own content that the paint replaced. */
  readonly hostContent: readonly ChildNode[];
  /** True until the paint was replaced or withdrawn. */
  readonly pending: boolean;
  /**
   * Puts `next` (the app's container, holding the same screen) in the paint's place and moves focus
   * to the same control; returns the replay of what the shopper pressed meanwhile, to run once the
   * app has finished its commit.
   */
  replaceWith(next: HTMLElement): () => void;
  /** Gives the retailer's content back (the app could not take over). */
  withdraw(): void;
  /**
   * Hands the app the #department guard the paint installed, so that the guard holds without a gap
   * and the app's unmount is what removes it; returns its cleanup.
   */
  adoptGuard(): () => void;
  /**
   * This page view's visit in the stored outbox: the one a product click on the paint wrote, else
   * the one `record` writes now. Whichever side comes first records it, once; returns its id, or
   * null when none is stored.
   */
  visitOnRecord(record: () => string | null): string | null;
}

/**
 * Writes analytics straight to the shop's stored outbox, for a paint the app has not replaced yet
 * (sdk/analytics/paintClicks.ts): the app's session, or the shop's next page, delivers them.
 */
export interface PaintAnalytics {
  /** Writes this page view's `navigate:visit_page`; its id, or null when nothing was stored. */
  recordVisit(): string | null;
  /** Writes `ecommerce:product_click` for the grid's card `productId` at one-based `position`. */
  recordProductClick(productId: string, position: number): void;
}

/**
 * A product link on the paint's grid the shopper followed: the card's product id and its one-based
 * position in the grid (as the app's grid numbers its cards), or null for any other click.
 */
function productLinkClicked(container: Element, target: EventTarget | null): [string, number] | null {
  const link = (target as Element | null)?.closest?.(
    '[data-aisle="grid"] > [data-aisle="product"] > a.aisle-card__link',
  );
  const card = link?.parentElement;
  const id = card?.getAttribute('data-product-id');
  return card && id && container.contains(card) ? [id, [...card.parentElement!.children].indexOf(card) + 1] : null;
}

/**
 * Watches the painted `container` for presses and product clicks and returns its hand-over;
 * `unguard` removes the paint's #department guard, when the paint is withdrawn before the app
 * adopted it; `analytics` records a followed product link (null: this page has no analytics).
 */
export function firstPaintHandle(
  context: RenderContext,
  main: Element,
  container: HTMLElement,
  hostContent: ChildNode[],
  unguard: () => void = () => undefined,
  analytics: PaintAnalytics | null = null,
): FirstPaint {
  let guard: (() => void) | null = unguard;
  const doc = container.ownerDocument;
  const presses = pressesOnPaint(container);
  let pending = true;
  let visit: string | null = null;
  const visitOnRecord = (record: () => string | null): string | null => (visit ??= record());
  // The link is followed by the browser itself: the click and the visit are written before it goes.
  const onClick = (event: Event): void => {
    const clicked = analytics ? productLinkClicked(container, event.target) : null;
    if (!clicked || !analytics) return;
    visitOnRecord(() => analytics.recordVisit());
    analytics.recordProductClick(...clicked);
  };
  container.addEventListener('click', onClick);
  const stop = (): void => {
    pending = false;
    presses.stop();
    container.removeEventListener('click', onClick);
  };
  return {
    context,
    main,
    container,
    hostContent,
    get pending() {
      return pending;
    },
    visitOnRecord,
    replaceWith(next) {
      if (!pending) return () => undefined;
      stop();
      const active = doc.activeElement;
      const focused = active && container.contains(active) ? identityOf(container, active) : null;
      if (container.parentNode === main) container.replaceWith(next);
      else main.replaceChildren(next);
      if (focused) findControl(next, focused)?.focus?.({ preventScroll: true });
      return () => {
        const report = presses.replay(next);
        if (report.replayed + report.dropped.length === 0) return;
        // The extension's inspector shows what was pressed again, and what no longer applied.
        doc.defaultView?.dispatchEvent(
          new CustomEvent(DEBUG_EVENT, { detail: { source: 'first-paint', phase: 'presses_replayed', ...report } }),
        );
      };
    },
    withdraw() {
      if (pending) {
        stop();
        main.replaceChildren(...hostContent);
      }
      guard?.();
      guard = null;
    },
    adoptGuard() {
      const adopted = guard ?? (() => undefined);
      guard = null;
      return adopted;
    },
  };
}
