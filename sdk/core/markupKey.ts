/** A key of what server markup was drawn from: markup for another context (a stale cache) is drawn afresh. */
import { hash53 } from './hash.js';
import type { PageRoute, RenderContext, UrlState } from './types.js';

/** What the server's markup depends on. */
export interface MarkupSource {
  /** Normalised, so key order in the page's JSON does not matter. */
  context: RenderContext;
  route: Pick<PageRoute, 'screen'>;
  state: UrlState;
  /** Another version may draw other markup. */
  version: string;
}

/** The key of markup drawn from `source`. */
export function markupKey(source: MarkupSource): string {
  const { context, route, state, version } = source;
  // Not the page's name: the server may not know the address, and the data is the page's own.
  return hash53(JSON.stringify([version, route.screen, state, context]))
    .toString(16)
    .padStart(14, '0');
}
