/** What the first paint draws from, and the renderer that draws the shared views (sdk/views) with the DOM. */
import type { Messages } from '../core/messages.js';
import type { Locale, Region, RenderContext, SearchResponse, Viewport } from '../core/types.js';
import type { Child, Props, Renderer } from '../views/renderer.js';

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
  mainSelector: string;
  context: RenderContext;
  /** Which card slots the page registered (Aisle.setCardSlots) before the drawing began. */
  slots: { badge: boolean; actions: boolean };
}

const ATTRIBUTES: Readonly<Record<string, string>> = { className: 'class', htmlFor: 'for', tabIndex: 'tabindex' };

/**
 * Renders the shared views to DOM elements with the attributes React's first render gives the same
 * props. Handlers are dropped: the hand-over replays what the shopper pressed.
 */
export function domRenderer(doc: Document): Renderer<HTMLElement> {
  const append = (el: HTMLElement, child: Child<HTMLElement>): void => {
    if (child === null || child === undefined || child === false || child === '') return;
    if (typeof child === 'string' || typeof child === 'number') el.appendChild(doc.createTextNode(String(child)));
    else if (Array.isArray(child)) for (const item of child as readonly Child<HTMLElement>[]) append(el, item);
    else el.appendChild(child as HTMLElement);
  };
  const set = (el: HTMLElement, name: string, value: unknown): void => {
    if (value === null || value === undefined || typeof value === 'function') return;
    if (name === 'key' || name === 'ref') return;
    if (name === 'style') {
      for (const [property, text] of Object.entries(value as Record<string, string>))
        if (property.startsWith('--')) el.style.setProperty(property, text);
        else (el.style as unknown as Record<string, string>)[property] = text;
    } else if (name === 'value' && el.localName === 'select') (el as HTMLSelectElement).value = String(value);
    else if (typeof value !== 'boolean' || name.startsWith('aria-') || name.startsWith('data-'))
      el.setAttribute(ATTRIBUTES[name] ?? name, String(value));
    else if (value) el.setAttribute(name, '');
  };
  return {
    createElement(type: string, props: Props | null, ...children: Child<HTMLElement>[]): HTMLElement {
      const el = doc.createElement(type);
      for (const child of children) append(el, child);
      // After the children, so that a select's value finds its option.
      if (props) for (const name in props) set(el, name, props[name]);
      return el;
    },
  };
}
