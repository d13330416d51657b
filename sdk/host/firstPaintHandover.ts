/**
 * The first paint's hand-over to the app, in one step: both hold the same elements in the same places,
 * so nothing moves and focus stays put. Presses are noted for the app to replay (paintPresses.ts), and
 * a product link followed meanwhile is written to the stored outbox before the browser leaves.
 */
import type { RenderContext } from '../core/types.js';
import { watchFirstScreen, type FirstScreenWatch } from './firstScreenSightings.js';

/** A click anywhere in the page, a paint select set to `value`, or Escape, as it happened. */
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
  readonly main: Element;
  /** The paint's `.aisle-mount` container, in `main`. */
  readonly container: HTMLElement;
  /** The retailer's own content that the paint replaced. */
  readonly hostContent: readonly ChildNode[];
  /** Set for the retailer's server render, adopted in place instead of replaced: the width it was drawn for. */
  readonly serverMarkup?: { width: number };
  /** True until the paint was replaced or withdrawn. */
  readonly pending: boolean;
  /** What the shopper saw of the first screen's cards, for the app's impressions (frozen at the hand-over). */
  readonly firstScreen: FirstScreenWatch;
  /** Puts `next` in the paint's place and stops listening; returns the presses and focus meanwhile. */
  replaceWith(next: HTMLElement): Handover;
  /** Gives the retailer's content back (the app could not take over). */
  withdraw(): void;
  /** Stops noting presses (links followed still record): hydration of adopted markup listens itself. */
  stopNotingPresses(): void;
  /** Hands the app the paint's #department guard, so it holds without a gap until the app unmounts. */
  adoptGuard(): () => void;
  /** This page view's visit id, recorded once by whichever side (paint click or app) comes first. */
  visitOnRecord(record: () => string | null): string | null;
}

/** Writes to the stored outbox before the app arrives: its session, or the shop's next page, delivers. */
export interface PaintAnalytics {
  /** Writes this page view's `navigate:visit_page`; its id, or null when nothing was stored. */
  recordVisit(): string | null;
  /** Writes `ecommerce:product_click` for the grid's card `productId` at one-based `position`. */
  recordProductClick(productId: string, position: number): void;
}

/** The followed card's product id and one-based position (as the app's grid numbers them), else null. */
function productLinkClicked(container: Element, target: EventTarget | null): [string, number] | null {
  const link = (target as Element | null)?.closest?.(
    '[data-aisle="grid"] > [data-aisle="product"] > a.aisle-card__link',
  );
  const card = link?.parentElement;
  const id = card?.getAttribute('data-product-id');
  return card && id && container.contains(card) ? [id, [...card.parentElement!.children].indexOf(card) + 1] : null;
}

/** Notes what the shopper does on the painted `container`; `unguard` runs if the paint is withdrawn. */
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
