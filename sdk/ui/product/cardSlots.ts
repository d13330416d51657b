/**
 * The shop's markup in a card (`Aisle.setCardSlots`). A slot is the shop's code but shows untrusted
 * product data, so its builder makes a few harmless elements, writes text never as HTML, links only
 * to web pages and takes handlers only as functions. A slot that fails leaves its place empty.
 */
import type { CardSlot, CardSlotAttributes, CardSlotBuilder, CardSlotChild, CardSlotProduct } from '../../contract.js';
import { safeHref } from '../../core/safeUrl.js';
import type { Product } from '../../core/types.js';
import type { CardView } from '../../views/cardView.js';

/** The slots of a card. */
export type CardSlotName = 'badge' | 'actions';

const TAGS = new Set(['span', 'div', 'a', 'button', 'img', 'strong', 'em', 'small', 'p']);
/** The badge sits inside the card's link: a control inside a control is handled differently everywhere. */
const NOT_IN_BADGE = new Set(['a', 'button']);
const PLAIN: Readonly<Record<string, (tag: string) => boolean>> = {
  alt: (tag) => tag === 'img',
  title: () => true,
  role: () => true,
  type: (tag) => tag === 'button',
  width: (tag) => tag === 'img',
  height: (tag) => tag === 'img',
};
const ADDRESSES: Readonly<Record<string, string>> = { href: 'a', src: 'img' };

class SlotRefusal extends Error {}

type Listeners = Array<[EventTarget, string, (event: Event) => void]>;

/** The builder a slot receives; handlers it attaches are kept in `listeners` for removal. */
export function slotBuilder(doc: Document, slot: CardSlotName, pageUrl: string, listeners: Listeners): CardSlotBuilder {
  const append = (parent: HTMLElement, child: CardSlotChild): void => {
    if (child === null || child === undefined || child === false) return;
    if (typeof child === 'string' || typeof child === 'number') parent.append(doc.createTextNode(String(child)));
    else if (Array.isArray(child)) for (const item of child as readonly CardSlotChild[]) append(parent, item);
    else if (isNode(child)) parent.append(child);
    else throw new SlotRefusal(`a child of <${parent.localName}> is neither text nor a node`);
  };
  return (tag, attributes, ...children) => {
    const name = String(tag).toLowerCase();
    if (!TAGS.has(name)) throw new SlotRefusal(`<${name}> is not an element a slot may make (${[...TAGS].join(', ')})`);
    if (slot === 'badge' && NOT_IN_BADGE.has(name))
      throw new SlotRefusal(`<${name}> cannot go in the badge, which is inside the card's link`);
    const el = doc.createElement(name);
    for (const [key, value] of Object.entries(attributes ?? {})) setAttribute(el, key, value, pageUrl, listeners);
    // A button never submits a form the page may have put around the listing.
    if (name === 'button' && !el.hasAttribute('type')) el.setAttribute('type', 'button');
    for (const child of children) append(el, child);
    return el;
  };
}

function setAttribute(
  el: HTMLElement,
  key: string,
  value: CardSlotAttributes[string],
  pageUrl: string,
  listeners: Listeners,
): void {
  const tag = el.localName;
  if (/^on[A-Z]/.test(key)) {
    // Handlers are functions of the shop's code; a string would be code made from data.
    if (typeof value !== 'function') throw new SlotRefusal(`${key} on <${tag}> is not a function`);
    const type = key.slice(2).toLowerCase();
    el.addEventListener(type, value);
    listeners.push([el, type, value]);
    return;
  }
  if (value === null || value === undefined || value === false) return;
  if (typeof value === 'function') throw new SlotRefusal(`${key} on <${tag}> is a function`);
  const text = value === true ? '' : String(value);
  if (key === 'class' || key === 'className') el.setAttribute('class', text);
  else if (ADDRESSES[key] !== undefined) {
    if (ADDRESSES[key] !== tag) throw new SlotRefusal(`${key} is not an attribute of <${tag}>`);
    // An address that is not a web page's (javascript:, data:) is left out, as Aisle's own links are.
    const safe = safeHref(text, pageUrl);
    if (safe) el.setAttribute(key, safe);
  } else if (/^(aria|data)-[a-z0-9-]+$/.test(key)) el.setAttribute(key, value === true ? 'true' : text);
  else if (PLAIN[key]?.(tag)) el.setAttribute(key, text);
  else throw new SlotRefusal(`${key} is not an attribute a slot may set on <${tag}>`);
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).nodeType === 'number';

/** The card's product and variant on show, as plain values. */
export function slotProduct(
  product: Product,
  card: CardView,
  at: { position: number; list: CardSlotProduct['list']; pageOrigin: string },
): CardSlotProduct {
  const { variant } = card;
  const price = variant?.price ?? product.price_range.min_purchase_price;
  const sale = variant?.sale_price ?? null;
  return {
    productId: product.product_id,
    variantId: variant?.id ?? null,
    title: product.title,
    brand: product.brand,
    url: absolute(card.href, at.pageOrigin),
    image: card.image,
    price,
    salePrice: sale !== null && sale < price ? sale : null,
    rating: product.review_count > 0 ? product.average_rating : null,
    reviewCount: product.review_count,
    flag: card.flag,
    promo: product.promo_message || null,
    position: at.position,
    list: at.list,
  };
}

function absolute(href: string, origin: string): string {
  if (!href) return '';
  try {
    return new URL(href, `${origin}/`).href;
  } catch {
    return '';
  }
}

/** The console hears of each failing slot function once, not once per card. */
const reported = new WeakSet<CardSlot>();

/** Draws `slot` into `container`; returns what removes it and its handlers. A failing slot leaves it empty. */
export function drawSlot(
  container: HTMLElement,
  name: CardSlotName,
  slot: CardSlot,
  product: CardSlotProduct,
  log: Pick<Console, 'error'> = console,
): () => void {
  const listeners: Listeners = [];
  const doc = container.ownerDocument;
  const pageUrl = doc.defaultView?.location.href ?? '';
  const clear = (): void => {
    for (const [target, type, handler] of listeners) target.removeEventListener(type, handler);
    listeners.length = 0;
    container.replaceChildren();
  };
  try {
    const node = slot({ ...product }, slotBuilder(doc, name, pageUrl, listeners));
    if (node !== null && !isNode(node)) throw new SlotRefusal('the slot returned neither a node nor null');
    if (node) container.append(node);
  } catch (error) {
    clear();
    if (!reported.has(slot)) {
      reported.add(slot);
      log.error(`[Aisle] the "${name}" card slot failed; its cards show no ${name}:`, error);
    }
  }
  return clear;
}
