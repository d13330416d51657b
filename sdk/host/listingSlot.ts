import { DEBUG_EVENT } from '../contract.js';
import type { FirstPaint } from './firstPaintHandover.js';
import { findControl, identityOf, replayPresses } from './paintPresses.js';

/** Aisle's place in the main element, taken only with a screen to show, so the page never has a hole. */
export interface ListingSlot {
  /** Aisle's container: rendered into even while detached, so that it can be swapped in whole. */
  readonly container: HTMLElement;
  /** True while the container, not the retailer's content, is in the main element. */
  readonly shown: boolean;
  /** Set when the container is the server's markup, hydrated in place; stops the paint noting presses. */
  readonly adopt: (() => void) | null;
  /** No-op when Aisle's container is in place already. */
  show(): void;
  /** Gives the retailer's content back; no-op when it is there. */
  restore(): void;
}

/** Swaps `main`'s children with Aisle's container and back; a `paint` hands over its focus and presses. */
export function listingSlot(main: Element, doc: Document, paint?: FirstPaint | null): ListingSlot {
  // Taken when Aisle takes over, not before: the host may change its content while Aisle waits.
  let previous: ChildNode[] = [];
  let painted = paint && paint.pending && paint.main === main ? paint : null;
  const server = painted?.serverMarkup ? painted : null;
  const container = server ? server.container : doc.createElement('div');
  container.className = 'aisle-mount';
  let shown = false;
  return {
    container,
    get shown() {
      return shown;
    },
    adopt: server ? () => server.stopNotingPresses() : null,
    show() {
      if (shown) return;
      if (painted) {
        const paint = painted.container;
        previous = [...painted.hostContent];
        const { presses, focused } = painted.replaceWith(container);
        painted = null;
        shown = true;
        // Focus stays on the same control, wherever the app's screen has it.
        if (focused) findControl(container, identityOf(paint, focused))?.focus({ preventScroll: true });
        // After the commit this runs in: the app's handlers then see the screen they rendered.
        queueMicrotask(() => {
          const report = replayPresses(paint, presses, container);
          // The extension's inspector shows what was pressed again, and what no longer applied.
          if (report.replayed + report.dropped.length > 0)
            doc.defaultView?.dispatchEvent(
              new CustomEvent(DEBUG_EVENT, { detail: { source: 'first-paint', phase: 'presses_replayed', ...report } }),
            );
        });
        return;
      }
      previous = [...main.childNodes];
      main.replaceChildren(container);
      shown = true;
    },
    restore() {
      painted?.withdraw();
      painted = null;
      if (!shown) return;
      main.replaceChildren(...previous);
      previous = [];
      shown = false;
    },
  };
}
