/** A key of what server markup was drawn from: markup for another context (a stale cache) is drawn afresh. */
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

/** 64 bits of FNV-1a over `text`, two 32-bit halves with different offsets, as 16 hex digits. */
function fnv64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The key of markup drawn from `source`. */
export function markupKey(source: MarkupSource): string {
  const { context, route, state, version } = source;
  // Not the page's name: the server may not know the address, and the data is the page's own.
  return fnv64(JSON.stringify([version, route.screen, state, context]));
}
