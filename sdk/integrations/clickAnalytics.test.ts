// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeProduct } from '../testing/stores.js';
import { Tracker } from '../stores/Tracker.js';
import { onlyProductClicks, productClickProps, startClickAnalytics } from './clickAnalytics.js';

const click = (position: number) =>
  ({
    kind: 'product-click',
    listName: 'search_results',
    position,
    product: fakeProduct('ap-7'),
    variantId: 'ap-7-v1',
  }) as const;

describe('a product click sends one Plausible event with the product and its position', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('carries the product id and list position only', () => {
    expect(productClickProps(click(3))).toEqual({ product_id: 'ap-7', list_position: '3' });
  });

  it('lets only Aisle’s event through, without query strings or fragments', () => {
    const base = { d: 'shop.example', u: 'http://shop.test/maple/dresses?email=jo@x.example#top', r: null };
    expect(onlyProductClicks({ ...base, n: 'Signup' })).toBeNull();
    expect(onlyProductClicks({ ...base, n: 'Product Click', r: 'http://ref.test/a?q=1' })).toMatchObject({
      u: 'http://shop.test/maple/dresses',
      r: 'http://ref.test/a',
    });
  });

  it('posts to the configured endpoint on each click, without cookies, and only for clicks', async () => {
    const fetch = vi.fn(async () => new Response('ok', { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    const tracker = new Tracker();
    const stop = startClickAnalytics(
      { domain: 'shop.example', endpoint: 'http://stack.test/integrations/plausible/api/event', development: true },
      tracker,
    );
    void tracker.track({ kind: 'sort', sort: 'price_asc' });
    void tracker.track(click(2));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://stack.test/integrations/plausible/api/event');
    expect(init.credentials).toBeUndefined();
    expect(JSON.parse(String(init.body))).toMatchObject({
      n: 'Product Click',
      d: 'shop.example',
      p: { product_id: 'ap-7', list_position: '2' },
    });
    expect(window).not.toHaveProperty('plausible');
    stop();
    void tracker.track(click(4));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a refused endpoint is unnoticed: the analytics sink still gets the click', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const tracker = new Tracker();
    startClickAnalytics(
      { domain: 'shop.example', endpoint: 'http://127.0.0.1:9/api/event', development: true },
      tracker,
    );
    const sink = vi.fn(async () => true);
    tracker.attach(sink);
    expect(await tracker.track(click(1))).toBe(true);
    expect(sink).toHaveBeenCalledTimes(1);
  });
});
