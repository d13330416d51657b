/**
 * Renders the shared views as HTML text, with no DOM, exactly as React's server renderer would:
 * `hydrateRoot` adopts only that (an empty comment between adjacent texts, Suspense comments).
 */
import type { Child, Props, Renderer } from '../views/renderer.js';

/** An element the text renderer made: serialised only once the whole tree is built. */
export interface HtmlNode {
  readonly type: string;
  readonly props: Props;
  readonly children: readonly Child<HtmlNode>[];
}

const RAW = '#raw';

/** Markup written as it is (already escaped or sanitised): React's comments, sanitised server HTML. */
export function rawHtml(html: string): HtmlNode {
  return { type: RAW, props: { html }, children: [] };
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** Text as it may stand in an element or an attribute's quotes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const ATTRIBUTES: Readonly<Record<string, string>> = { className: 'class', htmlFor: 'for', tabIndex: 'tabindex' };
/** Props that are React's own, never attributes. */
const NOT_ATTRIBUTES = new Set(['key', 'ref', 'children', 'dangerouslySetInnerHTML', 'suppressHydrationWarning']);

/** The text renderer: its `createElement` builds a tree that `toHtml` writes out. */
export const htmlRenderer: Renderer<HtmlNode> = {
  createElement: (type: string, props: Props | null, ...children: Child<HtmlNode>[]): HtmlNode => ({
    type,
    props: props ?? {},
    children,
  }),
};

/** As React writes it: `background-color:#fff;--aisle-fill:40%`. */
function styleText(style: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [property, value] of Object.entries(style)) {
    if (value === null || value === undefined || value === '' || typeof value === 'boolean') continue;
    const name = property.startsWith('--') ? property : property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    parts.push(`${name}:${String(value).trim()}`);
  }
  return parts.join(';');
}

function attributes(props: Props, skip: ReadonlySet<string> = NOT_ATTRIBUTES): string {
  let out = '';
  for (const name in props) {
    const value = props[name];
    if (skip.has(name) || value === null || value === undefined || typeof value === 'function') continue;
    if (/^on[A-Z]/.test(name) || typeof value === 'symbol' || (typeof value === 'object' && name !== 'style')) continue;
    const attribute = ATTRIBUTES[name] ?? name;
    if (name === 'style') {
      const text = styleText(value as Record<string, unknown>);
      if (text) out += ` style="${escapeHtml(text)}"`;
    } else if (typeof value === 'boolean') {
      if (name.startsWith('aria-') || name.startsWith('data-')) out += ` ${attribute}="${value}"`;
      else if (value) out += ` ${attribute}=""`;
    } else out += ` ${attribute}="${escapeHtml(String(value))}"`;
  }
  return out;
}

/** Writes the children, an empty comment between two texts (as React's server renderer does). */
class Writer {
  out = '';
  private lastWasText = false;

  child(child: Child<HtmlNode>, selectValue: string | undefined): void {
    if (child === null || child === undefined || child === false || child === '') return;
    if (Array.isArray(child)) {
      for (const item of child as readonly Child<HtmlNode>[]) this.child(item, selectValue);
    } else if (typeof child === 'string' || typeof child === 'number') {
      if (this.lastWasText) this.out += '<!-- -->';
      this.out += escapeHtml(String(child));
      this.lastWasText = true;
    } else if ((child as HtmlNode).type === RAW) {
      this.out += (child as HtmlNode).props.html as string;
      this.lastWasText = false;
    } else {
      this.element(child as HtmlNode, selectValue);
      this.lastWasText = false;
    }
  }

  private element(node: HtmlNode, selectValue: string | undefined): void {
    const { type, props } = node;
    let skip: ReadonlySet<string> = NOT_ATTRIBUTES;
    let selected = '';
    if (type === 'select' && props.value !== undefined) {
      // React marks the option, not the select.
      selectValue = String(props.value);
      skip = new Set([...NOT_ATTRIBUTES, 'value']);
    } else if (type === 'option' && selectValue !== undefined && String(props.value) === selectValue)
      selected = ' selected=""';
    this.out += `<${type}${attributes(props, skip)}${selected}>`;
    if (VOID.has(type)) return;
    const inner = props.dangerouslySetInnerHTML as { __html?: unknown } | undefined;
    if (inner && typeof inner.__html === 'string') this.out += inner.__html;
    else {
      const nested = new Writer();
      for (const child of node.children) nested.child(child, type === 'select' ? selectValue : undefined);
      this.out += nested.out;
    }
    this.out += `</${type}>`;
  }
}

/** The HTML of `node`. */
export function toHtml(node: Child<HtmlNode>): string {
  const writer = new Writer();
  writer.child(node, undefined);
  return writer.out;
}

/** A Suspense boundary: React hydrates it when its code is in; until then its links already work. */
export function suspenseBoundary(content: Child<HtmlNode>): HtmlNode {
  return rawHtml(`<!--$-->${toHtml(content)}<!--/$-->`);
}
