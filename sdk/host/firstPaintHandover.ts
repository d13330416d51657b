/**
 * The hand-over from the first paint (drawn by aisle.js alone, see sdk/firstPaint/paint.ts) to the app.
 * The app's container takes the paint's place in one step; because both hold the same elements in
 * the same places, nothing moves and focus stays on the same control.
 *
 * Nothing the shopper does while the app is on its way is lost:
 * - a product link followed from the paint is on record for analytics (the click and the page's
 *   visit, written to the stored outbox as the link is followed, see `PaintAnalytics`);
 * - what the shopper pressed is kept as it happened, and the app plays again what it amounts to
 *   (sdk/host/paintPresses.ts, which ships with the app: aisle.js only takes notes).
 */
import type { RenderContext } from '../core/types.js';
import { watchFirstScreen, type FirstScreenWatch } from './firstScreenSightings.js';

/**
 * Something the shopper did on the paint, as it happened: a click anywhere in the page (its target),
 * a select of the paint set to `value`, or Escape.
 */
export type PaintPress = { target: Element; value?: string } | { escape: true };

/** What the paint hands the app as it takes its place. */
export interface Handover {
  /** What the shopper did meanwhile, in order. */
  presses: readonly PaintPress[];
  /** The paint's element that had the keyboard focus, if any. */
  focused: Element | null;
}

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
  /**
   * Set when the first screen is the retailer's server render (sdk/serverRender), which the app
   * adopts in place instead of replacing: the width it was drawn for.
   */
  readonly serverMarkup?: { width: number };
  /** True until the paint was replaced or withdrawn. */
  readonly pending: boolean;
  /** What the shopper saw of the first screen's cards, for the app's impressions (frozen at the hand-over). */
  readonly firstScreen: FirstScreenWatch;
  /**
   * Puts `next` (the app's container, holding the same screen) in the paint's place and stops
   * listening; returns what the shopper did meanwhile and where the focus was, for the app to put
   * the focus and the presses on its own screen (sdk/host/listingSlot.ts).
   */
  replaceWith(next: HTMLElement): Handover;
  /** Gives the retailer's content back (the app could not take over). */
  withdraw(): void;
  /**
   * Stops noting presses (a product link followed is still recorded): the app's hydration of
   * adopted markup listens from now on, and replays what it hears itself.
   */
  stopNotingPresses(): void;
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
 * Takes note of what the shopper does on the painted `container` and returns its hand-over;
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
  return new PaintHandle(context, main, container, hostContent, unguard, analytics);
}

/** The paint's two phases: pending (noting presses, or no longer noting them) until replaced or withdrawn. */
class PaintHandle implements FirstPaint {
  readonly firstScreen: FirstScreenWatch;
  private readonly doc: Document;
  private readonly presses: PaintPress[] = [];
  private guard: (() => void) | null;
  private noting = true;
  private visit: string | null = null;
  private isPending = true;

  constructor(
    readonly context: RenderContext,
    readonly main: Element,
    readonly container: HTMLElement,
    readonly hostContent: ChildNode[],
    unguard: () => void,
    private readonly analytics: PaintAnalytics | null,
  ) {
    this.guard = unguard;
    this.doc = container.ownerDocument;
    // On the document, in the capture phase: a click outside Aisle counts too (it closes what was
    // opened), even if the page stops it.
    this.doc.addEventListener('click', this.onClick, true);
    this.doc.addEventListener('keydown', this.onKey, true);
    container.addEventListener('change', this.onChange);
    this.firstScreen = watchFirstScreen(container);
  }

  get pending(): boolean {
    return this.isPending;
  }

  visitOnRecord(record: () => string | null): string | null {
    return (this.visit ??= record());
  }

  stopNotingPresses(): void {
    this.noting = false;
  }

  replaceWith(next: HTMLElement): Handover {
    if (!this.isPending) return { presses: [], focused: null };
    this.stop();
    const active = this.doc.activeElement;
    const focused = active && this.container.contains(active) ? active : null;
    const presses = this.presses;
    // Adopted markup is already in its place: moving it would lose the focus.
    if (next === this.container) return { presses, focused };
    if (this.container.parentNode === this.main) this.container.replaceWith(next);
    else this.main.replaceChildren(next);
    return { presses, focused };
  }

  withdraw(): void {
    if (this.isPending) {
      this.stop();
      // Adopted server markup is the page's own content: it stays where it is.
      if (!this.hostContent.includes(this.container)) this.main.replaceChildren(...this.hostContent);
    }
    this.guard?.();
    this.guard = null;
  }

  adoptGuard(): () => void {
    const adopted = this.guard ?? (() => undefined);
    this.guard = null;
    return adopted;
  }

  private readonly onClick = (event: Event): void => {
    const target = event.target as Element;
    if (this.noting) this.presses.push({ target });
    // The link is followed by the browser itself: the click and the visit are written before it goes.
    const { analytics } = this;
    const clicked = analytics ? productLinkClicked(this.container, target) : null;
    if (!analytics || !clicked) return;
    this.visitOnRecord(() => analytics.recordVisit());
    analytics.recordProductClick(...clicked);
  };

  private readonly onChange = (event: Event): void => {
    const target = event.target as HTMLSelectElement;
    if (this.noting) this.presses.push({ target, value: target.value });
  };

  private readonly onKey = (event: KeyboardEvent): void => {
    if (this.noting && event.key === 'Escape') this.presses.push({ escape: true });
  };

  private stop(): void {
    this.isPending = false;
    this.firstScreen.freeze();
    this.doc.removeEventListener('click', this.onClick, true);
    this.doc.removeEventListener('keydown', this.onKey, true);
    this.container.removeEventListener('change', this.onChange);
  }
}
