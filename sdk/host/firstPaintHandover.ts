/**
 * The hand-over from the first paint (drawn by aisle.js alone, see sdk/firstPaint/paint.ts) to the app. The app's
 * container takes the paint's place in one step; because both hold the same elements in the same
 * places, nothing moves, focus stays on the same control, and a control the shopper pressed while
 * the app was on its way is pressed again for them (a tap on Sort is not lost, it just answers late).
 */

import type { RenderContext } from '../core/types.js';

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
}

/** A press on the paint to repeat on the app's screen: a click, or a new value of a select. */
type Press = { path: number[]; value?: string };

/** The element-child indices from `root` down to `node`, or null when it is not inside `root`. */
export function pathOf(root: Element, node: Element | null): number[] | null {
  const path: number[] = [];
  let at: Element | null = node;
  while (at && at !== root) {
    const parent: Element | null = at.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, at));
    at = parent;
  }
  return at === root ? path : null;
}

/** The element at `path` below `root`, or null. */
export function elementAt(root: Element, path: readonly number[]): Element | null {
  let at: Element | null = root;
  for (const index of path) at = at?.children[index] ?? null;
  return at;
}

/**
 * Watches the painted `container` for presses and returns its hand-over; `unguard` removes the
 * paint's #department guard, when the paint is withdrawn before the app adopted it.
 */
export function firstPaintHandle(
  context: RenderContext,
  main: Element,
  container: HTMLElement,
  hostContent: ChildNode[],
  unguard: () => void = () => undefined,
): FirstPaint {
  let guard: (() => void) | null = unguard;
  const doc = container.ownerDocument;
  const presses: Press[] = [];
  let pending = true;
  const onClick = (event: Event): void => {
    const control = (event.target as Element | null)?.closest?.('button');
    const path = control ? pathOf(container, control) : null;
    if (path) presses.push({ path });
  };
  const onChange = (event: Event): void => {
    const select = event.target as HTMLSelectElement;
    const path = select.tagName === 'SELECT' ? pathOf(container, select) : null;
    if (path) presses.push({ path, value: select.value });
  };
  container.addEventListener('click', onClick);
  container.addEventListener('change', onChange);
  const stop = (): void => {
    pending = false;
    container.removeEventListener('click', onClick);
    container.removeEventListener('change', onChange);
  };
  return {
    context,
    main,
    container,
    hostContent,
    get pending() {
      return pending;
    },
    replaceWith(next) {
      if (!pending) return () => undefined;
      stop();
      const focused = pathOf(container, doc.activeElement);
      if (container.parentNode === main) container.replaceWith(next);
      else main.replaceChildren(next);
      if (focused) (elementAt(next, focused) as HTMLElement | null)?.focus?.({ preventScroll: true });
      return () => {
        for (const press of presses) {
          const target = next.isConnected ? elementAt(next, press.path) : null;
          if (!target) continue;
          if (press.value !== undefined && target instanceof HTMLSelectElement) {
            target.value = press.value;
            target.dispatchEvent(new Event('change', { bubbles: true }));
          } else if (target instanceof HTMLElement) target.click();
        }
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
