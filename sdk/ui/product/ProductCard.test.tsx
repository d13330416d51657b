// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../../core/messages.js';
import { normalizeProduct } from '../../core/normalizeProduct.js';
import type { Product, Region, Viewport } from '../../core/types.js';
import { fakeProduct } from '../../testing/stores.js';
import { ProductCard } from './ProductCard.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | undefined;
let host: HTMLElement;

function card(
  product: Product,
  opts: { viewport?: Viewport; region?: Region; locale?: 'en' | 'fr'; eager?: boolean } = {},
): HTMLElement {
  host = document.createElement('ul');
  document.body.appendChild(host);
  root = createRoot(host);
  const locale = opts.locale ?? 'en';
  act(() =>
    root!.render(
      <ProductCard
        product={product}
        position={1}
        viewport={opts.viewport ?? 'desktop'}
        region={opts.region ?? 'us'}
        locale={locale}
        messages={messagesFor(locale)}
        pageOrigin="http://shop.test"
        eager={opts.eager ?? false}
      />,
    ),
  );
  return host.querySelector('[data-aisle="product"]')!;
}

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

const swatches = (el: HTMLElement) => el.querySelectorAll('.aisle-swatch').length;
const more = (el: HTMLElement) => el.querySelector('.aisle-card__more')?.textContent ?? null;

describe('product card', () => {
  it('shows the variant flagged selected, else the first', () => {
    const product = fakeProduct('p1', 3);
    product.variants[2]!.selected = true;
    expect(card(product).querySelector('img')!.getAttribute('src')).toContain('p1-v2.svg');
    act(() => root!.unmount());
    expect(card(fakeProduct('p2', 3)).querySelector('img')!.getAttribute('src')).toContain('p2-v0.svg');
  });

  it('requests images at width 480 and high quality, in a fixed-ratio box, lazily below the fold', () => {
    const el = card(fakeProduct('p1'));
    const img = el.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/w=480&q=high/);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('480');
    expect(img.getAttribute('height')).toBe('600');
    act(() => root!.unmount());
    expect(card(fakeProduct('p2'), { eager: true }).querySelector('img')!.getAttribute('loading')).toBe('eager');
  });

  it.each([
    ['desktop', 16, 12, '+4'],
    ['desktop', 12, 12, null],
    ['mobile', 5, 3, '+2'],
    ['mobile', 4, 4, null],
    ['tablet', 8, 8, null],
  ] as const)('%s with %i variants shows %i swatches and %s', (viewport, variants, shown, plus) => {
    const el = card(fakeProduct('p1', variants), { viewport });
    expect(swatches(el)).toBe(shown);
    expect(more(el)).toBe(plus);
  });

  it('shows no swatches in the ca region', () => {
    const el = card(fakeProduct('p1', 6), { region: 'ca' });
    expect(swatches(el)).toBe(0);
    expect(more(el)).toBeNull();
  });

  it('a swatch shows its variant', () => {
    const el = card(fakeProduct('p1', 3));
    act(() => (el.querySelectorAll('.aisle-swatch')[1] as HTMLButtonElement).click());
    expect(el.querySelector('img')!.getAttribute('src')).toContain('p1-v1.svg');
    expect(el.querySelectorAll('.aisle-swatch')[1]!.getAttribute('aria-checked')).toBe('true');
  });

  it('paints a swatch only with a colour CSS knows, the same rule as the colour filter', () => {
    const product = fakeProduct('p1', 3);
    product.variants[0]!.swatch = '#12345';
    product.variants[1]!.swatch = '#a1b2c3d4';
    // The markup React writes, before a browser (or happy-dom) drops a declaration it cannot parse.
    const html = renderToStaticMarkup(
      <ProductCard
        product={product}
        position={1}
        viewport="desktop"
        region="us"
        locale="en"
        messages={messagesFor('en')}
        pageOrigin="http://shop.test"
        eager={false}
      />,
    );
    expect(html).not.toContain('#12345');
    expect(html).toContain('background-color:#a1b2c3d4');
  });

  it('is at most two tab stops: its link and one stop for its whole swatch group', () => {
    const el = card(fakeProduct('p1', 16));
    const stops = [...el.querySelectorAll<HTMLElement>('a[href], button, [tabindex]')].filter((e) => e.tabIndex >= 0);
    expect(stops.map((e) => e.className)).toEqual(['aisle-card__link', 'aisle-swatch']);
    const group = el.querySelector('[role="radiogroup"]')!;
    expect(group.getAttribute('aria-label')).toBe(`Colors of ${fakeProduct('p1').title}`);
    expect(group.querySelectorAll('[role="radio"]')).toHaveLength(12);
    // The '+N' link stays a link for the mouse.
    expect(el.querySelector('.aisle-card__more')!.getAttribute('href')).toBeTruthy();
  });

  it('moves the checked swatch and the tab stop with the arrow keys, Home and End', () => {
    const el = card(fakeProduct('p1', 4));
    const radios = () => [...el.querySelectorAll<HTMLButtonElement>('[role="radio"]')];
    const press = (key: string) =>
      act(() => {
        document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      });
    radios()[0]!.focus();
    press('ArrowRight');
    expect(radios()[1]!.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(radios()[1]);
    expect(radios().map((r) => r.tabIndex)).toEqual([-1, 0, -1, -1]);
    expect(el.querySelector('img')!.getAttribute('src')).toContain('p1-v1.svg');
    press('End');
    expect(document.activeElement).toBe(radios()[3]);
    press('ArrowDown');
    expect(document.activeElement).toBe(radios()[0]);
    press('ArrowLeft');
    expect(document.activeElement).toBe(radios()[3]);
    press('Home');
    expect(radios()[0]!.getAttribute('aria-checked')).toBe('true');
  });

  it('draws the rating as one named image holding the figure and the review count', () => {
    const product = fakeProduct('p1', 3);
    product.average_rating = 4.5;
    product.review_count = 12;
    const rating = card(product).querySelector('.aisle-card__rating')!;
    expect(rating.getAttribute('role')).toBe('img');
    expect(rating.getAttribute('aria-label')).toBe('Rated 4.5 out of 5, 12 reviews');
    expect(rating.textContent).toBe('4.5 (12)');
    expect(rating.children).toHaveLength(0);
  });

  it('paints an image swatch as the radio itself, in the frame after the card came near the viewport', () => {
    const callbacks: Array<(entries: Array<Partial<IntersectionObserverEntry>>) => void> = [];
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<Partial<IntersectionObserverEntry>>) => void) {
          callbacks.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      const product = fakeProduct('p1', 3);
      product.variants[1]!.swatch = '/img/s/p1-v1.png';
      const el = card(product);
      const radio = () => el.querySelectorAll<HTMLElement>('[role="radio"]')[1]!;
      expect(radio().children).toHaveLength(0);
      expect(radio().style.backgroundImage).toBe('');
      expect(callbacks).toHaveLength(1);
      act(() => callbacks[0]!([{ isIntersecting: true, intersectionRatio: 0.1 }]));
      // Groups start a few per frame, so that a screen of them does not restyle in one.
      expect(radio().style.backgroundImage).toBe('');
      act(() => frames.splice(0).forEach((callback) => callback(0)));
      expect(radio().style.backgroundImage).toContain('/img/s/p1-v1.png');
      expect(radio().children).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps a long marketing flag and the discount in one wrapping row, so they never overlap', () => {
    const product = fakeProduct('p1', 3);
    product.variants[0]!.marketing_flag = 'Nouveauté exclusive en ligne';
    const badges = card(product, { locale: 'fr' }).querySelector('.aisle-card__badges')!;
    expect([...badges.children].map((b) => b.className)).toEqual(['aisle-card__flag', 'aisle-card__discount']);
  });

  it('asks the browser to fetch a first-row image first', () => {
    const render = (priority: boolean) => {
      host = document.createElement('ul');
      document.body.appendChild(host);
      root = createRoot(host);
      act(() =>
        root!.render(
          <ProductCard
            product={fakeProduct('p1')}
            position={1}
            viewport="desktop"
            region="us"
            locale="en"
            messages={messagesFor('en')}
            pageOrigin="http://shop.test"
            eager
            priority={priority}
          />,
        ),
      );
      return host.querySelector('img')!.getAttribute('fetchpriority');
    };
    expect(render(true)).toBe('high');
    act(() => root!.unmount());
    host.remove();
    expect(render(false)).toBeNull();
  });

  it('shows the rounded discount and both prices', () => {
    const el = card(fakeProduct('p1', 3));
    expect(el.querySelector('.aisle-card__discount')!.textContent).toBe('20% off');
    expect(el.querySelector('.aisle-card__sale')!.textContent).toBe('Sale price $40.00');
    expect(el.querySelector('.aisle-card__was')!.textContent).toBe('Regular price $50.00');
  });

  it.each([
    ['us', 'en', '$40.00'],
    ['ca', 'en', 'CA$40.00'],
    ['ca', 'fr', '40,00\u00a0$'],
  ] as const)('formats prices for %s/%s as %s', (region, locale, price) => {
    const el = card(fakeProduct('p1', 3), { region, locale });
    expect(el.querySelector('.aisle-card__sale')!.textContent).toContain(price);
  });

  it('renders products that come as models[] the same way', () => {
    const raw = {
      product_id: 'toy-1',
      title: 'Wooden Train',
      brand: 'Tinker',
      url: '/tinker/p/toy-1',
      selected_model: 'm2',
      models: [
        {
          model_id: 'm1',
          color: 'Red',
          size: 'S',
          price: 30,
          sale_price: null,
          images: ['/img/product/toy-1/m1.svg'],
          swatch: '#ff0000',
          marketing_flag: '',
        },
        {
          model_id: 'm2',
          color: 'Blue',
          size: 'S',
          price: 30,
          sale_price: 24,
          images: ['/img/product/toy-1/m2.svg'],
          swatch: '#0000ff',
          marketing_flag: 'New',
        },
      ],
    };
    const el = card(normalizeProduct(raw)!);
    expect(el.querySelector('img')!.getAttribute('src')).toContain('m2.svg');
    expect(el.querySelector('.aisle-card__flag')!.textContent).toBe('New');
    expect(swatches(el)).toBe(2);
  });
});
