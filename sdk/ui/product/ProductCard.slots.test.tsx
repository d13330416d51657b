// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardSlotProduct, CardSlots } from '../../contract.js';
import { messagesFor } from '../../core/messages.js';
import type { Product } from '../../core/types.js';
import { fakeProduct } from '../../testing/stores.js';
import { ProductCard } from './ProductCard.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | undefined;
let host: HTMLElement;

const onProductClick = vi.fn();

/** Cards of `products` with the shop's `slots`; `draw` draws them again with other slots. */
function cards(products: Product[], slots: CardSlots | null) {
  host = document.createElement('ul');
  document.body.appendChild(host);
  root = createRoot(host);
  const draw = (next: CardSlots | null) =>
    act(() =>
      root!.render(
        products.map((product, index) => (
          <ProductCard
            key={product.product_id}
            product={product}
            position={index + 1}
            viewport="desktop"
            region="us"
            locale="en"
            messages={messagesFor('en')}
            pageOrigin="http://shop.test"
            eager={false}
            slots={next}
            onProductClick={onProductClick}
          />
        )),
      ),
    );
  draw(slots);
  return { draw, card: (n: number) => host.querySelectorAll<HTMLElement>('[data-aisle="product"]')[n]! };
}

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  vi.restoreAllMocks();
  onProductClick.mockReset();
});

describe('the shop’s card slots', () => {
  it('draws the badge over the image and the actions under the price, from the product’s fields', () => {
    const added: string[] = [];
    const { card } = cards([fakeProduct('p1'), fakeProduct('p2', 3, { brand: 'Zenith' })], {
      badge: (p, h) => h('span', { class: 'shop-badge' }, p.brand),
      actions: (p, h) => h('button', { class: 'btn', onClick: () => added.push(p.productId) }, 'Add to cart'),
    });
    const second = card(1);
    expect(second.querySelector('.aisle-card__media > .aisle-card__slot--badge')!.innerHTML).toBe(
      '<span class="shop-badge">Zenith</span>',
    );
    const actions = second.querySelector('.aisle-card__price + .aisle-card__slot--actions')!;
    expect(actions.innerHTML).toBe('<button class="btn" type="button">Add to cart</button>');
    actions.querySelector('button')!.click();
    expect(added).toEqual(['p2']);
    // The action is outside the card's link: the product is not chosen.
    expect(onProductClick).not.toHaveBeenCalled();
  });

  it('draws them again for the variant the shopper chooses', () => {
    const seen: Array<string | null> = [];
    const { card } = cards([fakeProduct('p1', 3)], {
      actions: (p, h) => (seen.push(p.variantId), h('span', null, `${p.variantId} ${p.salePrice ?? p.price}`)),
    });
    expect(card(0).querySelector('.aisle-card__slot--actions')!.textContent).toBe('p1-v0 40');
    act(() => card(0).querySelectorAll<HTMLButtonElement>('.aisle-swatch')[1]!.click());
    expect(card(0).querySelector('.aisle-card__slot--actions')!.textContent).toBe('p1-v1 50');
    expect(seen).toEqual(['p1-v0', 'p1-v1']);
  });

  it('follows the shop’s calls: other slots replace them, none take their places away', () => {
    const { draw, card } = cards([fakeProduct('p1')], { badge: (_, h) => h('span', null, 'A') });
    expect(card(0).querySelector('.aisle-card__slot--badge')!.textContent).toBe('A');
    expect(card(0).querySelector('.aisle-card__slot--actions')).toBeNull();
    draw({ badge: (_, h) => h('span', null, 'B'), actions: (_, h) => h('span', null, 'C') });
    expect(card(0).querySelector('.aisle-card__slot--badge')!.textContent).toBe('B');
    expect(card(0).querySelector('.aisle-card__slot--actions')!.textContent).toBe('C');
    draw(null);
    expect(card(0).querySelector('.aisle-card__slot')).toBeNull();
  });

  it('takes the handlers away with the card', () => {
    const onClick = vi.fn();
    const { card } = cards([fakeProduct('p1')], { actions: (_, h) => h('button', { onClick }, 'Add') });
    const button = card(0).querySelector('.aisle-card__slot--actions button') as HTMLButtonElement;
    act(() => root!.unmount());
    root = undefined;
    expect(button.isConnected).toBe(false);
    button.click();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('a slot that fails leaves its cards’ places empty, the rest of the card and the other slot as they are', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const products = [fakeProduct('p1'), fakeProduct('p2'), fakeProduct('p3')];
    const { card } = cards(products, {
      badge: (p: CardSlotProduct) => {
        throw new Error(`no badge for ${p.productId}`);
      },
      actions: (p, h) => h('small', null, p.productId),
    });
    for (const n of [0, 1, 2]) {
      expect(card(n).querySelector('.aisle-card__slot--badge')!.childNodes.length).toBe(0);
      expect(card(n).querySelector('.aisle-card__slot--actions')!.textContent).toBe(`p${n + 1}`);
      expect(card(n).querySelector('.aisle-card__title')!.textContent).toBe(`Product p${n + 1}`);
    }
    // Once for the slot, not once per card.
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toContain('the "badge" card slot failed');
  });
});
