/**
 * The server's listing is adopted by hydration, its elements kept; markup drawn for another page (a
 * stale cache, another tenant, locale, address or build) is drawn over like any retailer content.
 */
import { DEBUG_EVENT } from '../contract.js';
import { markupKey } from '../core/markupKey.js';
import type { RenderContext } from '../core/types.js';
import { parseUrlState, resolveDefaultPageSize } from '../core/urlState.js';
import { readEntryMemory } from '../stores/restore.js';
import { routeFor } from '../stores/screens.js';
import { VERSION } from '../version.js';

/** Server markup fit to adopt. */
export interface ServerMarkup {
  /** The server's `.aisle-mount` container, in the main element. */
  container: HTMLElement;
  /** The width it was drawn for: the app's first render uses it, then the page's own. */
  width: number;
}

/** The container the server rendered into `main`, if any. */
export function serverContainer(main: Element): HTMLElement | null {
  return main.querySelector<HTMLElement>(':scope > .aisle-mount[data-aisle-markup]');
}

/**
 * The server markup in `main` when it was drawn for this very page (`context` read from it, its
 * address, this build), else null; markup drawn for something else is named in a debug event.
 */
export function adoptableMarkup(main: Element, context: RenderContext, win: Window): ServerMarkup | null {
  const container = serverContainer(main);
  if (!container) return null;
  const refuse = (reason: string): null => {
    win.dispatchEvent(
      new CustomEvent(DEBUG_EVENT, { detail: { source: 'server-markup', phase: 'not_adopted', reason } }),
    );
    return null;
  };
  const { pathname, search } = win.location;
  const state = parseUrlState(search, { pageSize: resolveDefaultPageSize(context.additional, context.config) });
  const key = markupKey({ context, route: routeFor(pathname, context), state, version: VERSION });
  if (container.getAttribute('data-aisle-markup') !== key)
    return refuse('the markup was drawn for another page, context or build');
  // A listing the shopper comes back to is drawn as they left it (more cards, their place).
  if (readEntryMemory(win) !== undefined) return refuse('a listing place to restore');
  const width = Number(container.getAttribute('data-aisle-width'));
  return { container, width: Number.isFinite(width) && width > 0 ? width : win.innerWidth };
}
