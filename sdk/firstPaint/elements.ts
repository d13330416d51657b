/** What the first paint draws from, and its one helper for making elements. */
import type { Messages } from '../core/messages.js';
import type { Locale, Region, RenderContext, SearchResponse, Viewport } from '../core/types.js';

/** What the first screen is drawn from. */
export interface PaintInput {
  data: SearchResponse;
  viewport: Viewport;
  region: Region;
  locale: Locale;
  messages: Messages;
  /** Checks and resolves the breadcrumb links (the page's address). */
  href: string;
  origin: string;
  /** The tenant's base path (breadcrumb links). */
  base: string;
  /** False where IntersectionObserver exists: swatch images wait until their group is near, as in the app. */
  swatchImagesNow: boolean;
  /** The page's main element. */
  mainSelector: string;
  /** The render context read. */
  context: RenderContext;
}

type Child = Node | string | null | false | undefined;
type Attrs = Record<string, string | number | boolean | null | undefined>;

/** An element with attributes (false, null and undefined ones left out) and children. */
export function h(doc: Document, tag: string, attrs: Attrs | null, ...children: Child[]): HTMLElement {
  const el = doc.createElement(tag);
  if (attrs)
    for (const name in attrs) {
      const value = attrs[name];
      if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
    }
  for (const child of children)
    if (typeof child === 'string') {
      if (child !== '') el.appendChild(doc.createTextNode(child));
    } else if (child) el.appendChild(child);
  return el;
}
