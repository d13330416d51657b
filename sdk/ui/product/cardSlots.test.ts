// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { CardSlotBuilder, CardSlotProduct } from '../../contract.js';
import { messagesFor } from '../../core/messages.js';
import { fakeProduct } from '../../testing/stores.js';
import { cardView } from '../../views/cardView.js';
import { drawSlot, slotBuilder, slotProduct } from './cardSlots.js';

const PAGE = 'https://shop.test/maple/dresses';

/** A builder for the actions slot (or `slot`), and the handlers it attached. */
function builder(slot: 'badge' | 'actions' = 'actions') {
  const listeners: Array<[EventTarget, string, (event: Event) => void]> = [];
  return { h: slotBuilder(document, slot, PAGE, listeners), listeners };
}

const product: CardSlotProduct = {
  productId: 'p1',
  variantId: 'p1-v0',
  title: 'Trail runner',
  brand: 'Acme',
  url: 'https://shop.test/p/p1',
  image: '',
  price: 120,
  salePrice: 90,
  rating: 4.5,
  reviewCount: 12,
  flag: null,
  promo: null,
  position: 1,
  list: 'search_results',
};

describe('the card slots’ DOM builder', () => {
  it('makes the elements it allows, with their classes, text, labels and data', () => {
    const { h } = builder();
    const el = h(
      'div',
      { class: 'btn-group', 'data-sku': 'A-1', 'aria-label': 'Buy', role: 'group', title: 'Buy it' },
      h('button', { class: 'btn btn-primary' }, 'Add ', 'to cart'),
      h('a', { href: '/p/p1', class: 'link' }, h('strong', null, 'Details')),
      h('img', { src: 'https://cdn.example/x.png', alt: 'Badge', width: 16, height: 16 }),
      [h('em', null, 'a'), h('small', null, 'b'), h('p', null, 3), null, false],
    );
    expect(el.outerHTML).toBe(
      '<div class="btn-group" data-sku="A-1" aria-label="Buy" role="group" title="Buy it">' +
        '<button class="btn btn-primary" type="button">Add to cart</button>' +
        '<a href="/p/p1" class="link"><strong>Details</strong></a>' +
        '<img src="https://cdn.example/x.png" alt="Badge" width="16" height="16">' +
        '<em>a</em><small>b</small><p>3</p></div>',
    );
  });

  it.each(['script', 'iframe', 'style', 'object', 'form', 'input', 'svg', 'template'])('refuses <%s>', (tag) => {
    expect(() => builder().h(tag)).toThrow(`<${tag}> is not an element a slot may make`);
  });

  it('writes text as text, never as HTML', () => {
    const el = builder().h('span', null, '<img src=x onerror=alert(1)>', '<b>bold</b>');
    expect(el.children.length).toBe(0);
    expect(el.textContent).toBe('<img src=x onerror=alert(1)><b>bold</b>');
  });

  it('leaves out addresses that are not a web page’s, and keeps relative ones', () => {
    const { h } = builder();
    for (const href of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x'])
      expect(h('a', { href }).hasAttribute('href')).toBe(false);
    expect(h('img', { src: 'data:image/svg+xml,<svg onload=alert(1)>' }).hasAttribute('src')).toBe(false);
    expect(h('a', { href: '?page=2' }).getAttribute('href')).toBe('?page=2');
    expect(h('a', { href: 'https://shop.test/cart' }).getAttribute('href')).toBe('https://shop.test/cart');
  });

  it('refuses handlers written as text, and attributes it does not know or that belong elsewhere', () => {
    const { h } = builder();
    expect(() => h('button', { onClick: 'alert(1)' })).toThrow('onClick on <button> is not a function');
    for (const name of ['onclick', 'style', 'id', 'srcdoc', 'formaction', 'xlink:href'])
      expect(() => h('a', { [name]: 'x' }), name).toThrow(`${name} is not an attribute a slot may set on <a>`);
    expect(() => h('span', { href: '/x' })).toThrow('href is not an attribute of <span>');
    expect(() => h('span', { 'data-x': () => undefined })).toThrow('data-x on <span> is a function');
    expect(() => h('span', null, { toString: () => '<b>' } as never)).toThrow('neither text nor a node');
  });

  it('attaches handlers as listeners it keeps, to be removed', () => {
    const { h, listeners } = builder();
    const onClick = vi.fn();
    const button = h('button', { onClick, type: 'submit' });
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('type')).toBe('submit');
    expect(listeners).toEqual([[button, 'click', onClick]]);
  });

  it('puts no link or button in the badge, which sits inside the card’s link', () => {
    const { h } = builder('badge');
    expect(() => h('a', { href: '/x' })).toThrow('<a> cannot go in the badge');
    expect(() => h('button')).toThrow('<button> cannot go in the badge');
    expect(h('span', { class: 'badge' }, 'New').outerHTML).toBe('<span class="badge">New</span>');
  });
});

describe('drawing a card slot', () => {
  const container = () => document.createElement('div');

  it('puts the slot’s node in its place, and takes it and its handlers away', () => {
    const place = container();
    const onClick = vi.fn();
    const clear = drawSlot(place, 'actions', (p, h) => h('button', { onClick }, `Add ${p.productId}`), product);
    const button = place.querySelector('button')!;
    expect(button.textContent).toBe('Add p1');
    clear();
    expect(place.childNodes.length).toBe(0);
    button.click();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('gives each slot its own copy of the product', () => {
    const seen: CardSlotProduct[] = [];
    drawSlot(container(), 'badge', (p) => (seen.push(p), null), product);
    expect(seen[0]).toEqual(product);
    expect(seen[0]).not.toBe(product);
  });

  it('leaves the place empty when the slot throws or returns something else, and says so once per slot', () => {
    const log = { error: vi.fn() };
    const throwing = (_: CardSlotProduct, h: CardSlotBuilder) => {
      h('span', { onClick: () => undefined });
      throw new Error('no stock data');
    };
    const places = [container(), container(), container()];
    for (const place of places) drawSlot(place, 'actions', throwing, product, log);
    const html = () => '<b>x</b>' as unknown as Node;
    drawSlot(places[0]!, 'badge', html, product, log);
    drawSlot(places[1]!, 'badge', html, product, log);
    expect(places.map((place) => place.childNodes.length)).toEqual([0, 0, 0]);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[0]![0]).toContain('the "actions" card slot failed');
    expect(String(log.error.mock.calls[1]![1])).toContain('neither a node nor null');
  });
});

describe('the product a slot receives', () => {
  it('is the card’s product and variant as plain values, its link absolute', () => {
    const p = fakeProduct('p1', 3, { brand: 'Acme', url: '/maple/p/p1', review_count: 0, promo_message: 'Free' });
    p.variants[1]!.sale_price = 10;
    p.variants[1]!.marketing_flag = 'New';
    const settings = {
      viewport: 'desktop',
      region: 'us',
      locale: 'en',
      messages: messagesFor('en'),
      pageOrigin: 'https://shop.test',
    } as const;
    const card = cardView(p, p.variants[1]!.id, settings);
    expect(slotProduct(p, card, { position: 3, list: 'similar_products', pageOrigin: 'https://shop.test' })).toEqual({
      productId: 'p1',
      variantId: p.variants[1]!.id,
      title: p.title,
      brand: 'Acme',
      url: 'https://shop.test/maple/p/p1',
      image: card.image,
      price: p.variants[1]!.price,
      salePrice: 10,
      rating: null,
      reviewCount: 0,
      flag: 'New',
      promo: 'Free',
      position: 3,
      list: 'similar_products',
    });
  });
});
