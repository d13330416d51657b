// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeProduct } from '../testing/stores.js';
import { productClickEvent, sortEvent } from './events.js';
import { withListingView } from './wire.js';

const product = fakeProduct('p1');
const click = (listName: 'search_results' | 'similar_products') =>
  [
    productClickEvent({ listName, position: 3, product, variant: null }),
    { kind: 'product-click', listName, position: 3, product, variantId: null },
  ] as const;

beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/maple/dresses');
});

describe('a click in the results grid names its listing view', () => {
  it('carries the id of the listing view on show at its path, as the impressions of that view do', () => {
    sessionStorage.setItem('aisle-impressions:maple:/maple/dresses', JSON.stringify({ id: 'view-1', seen: [] }));
    sessionStorage.setItem('aisle-impressions:maple:/maple/jeans', JSON.stringify({ id: 'view-2', seen: [] }));
    const [event, intent] = click('search_results');
    expect(withListingView(event, intent, window, 'maple').data.metadata).toMatchObject({
      product_id: 'p1',
      list_position: 3,
      listing_view_id: 'view-1',
    });
  });

  it('says null when no listing view was started there, and leaves Similar Products and other events alone', () => {
    const [event, intent] = click('search_results');
    expect(withListingView(event, intent, window, 'maple').data.metadata?.listing_view_id).toBeNull();
    sessionStorage.setItem('aisle-impressions:maple:/maple/dresses', JSON.stringify({ id: 'view-1', seen: [] }));
    const [similar, similarIntent] = click('similar_products');
    expect(withListingView(similar, similarIntent, window, 'maple')).toBe(similar);
    const sort = sortEvent('price_asc');
    expect(withListingView(sort, { kind: 'sort', sort: 'price_asc' }, window, 'maple')).toBe(sort);
  });
});
