import { describe, expect, it } from 'vitest';
import { addressShows, listingQuery, mergeQuery } from './query.js';
import { defaultUrlState } from './urlState.js';

describe('mergeQuery (the URL is updated, the host keeps its own parameters)', () => {
  it('keeps the host parameters and replaces the state ones', () => {
    expect(mergeQuery('?locale=fr_CA&sort=old&pageNumber=3', 'sort=price_asc')).toBe('?locale=fr_CA&sort=price_asc');
  });
  it('drops every state parameter when the state is the default', () => {
    expect(mergeQuery('?filters=color~red&price=10/20&utm_source=x', '')).toBe('?utm_source=x');
    expect(mergeQuery('?filters=color~red', '')).toBe('');
  });
  it('works from an empty query', () => {
    expect(mergeQuery('', 'pageNumber=2')).toBe('?pageNumber=2');
  });
});

describe('the address of a listing', () => {
  const state = { ...defaultUrlState({ pageSize: 24 }), sort: 'price_asc', pageNumber: 2 };
  const vehicle = { id: 'v1', year: '2019' };

  it('keeps the host parameters first, then the state, then the vehicle', () => {
    expect(listingQuery('?utm=x&pageNumber=9', state, vehicle, 24)).toBe(
      '?utm=x&sort=price_asc&pageNumber=2&vehicle_id=v1&vehicle_year=2019',
    );
    expect(listingQuery('', defaultUrlState({ pageSize: 24 }), null, 24)).toBe('');
  });

  it('knows whether an address names the listing, the vehicle only where there is a selector', () => {
    const search = listingQuery('?utm=x', state, vehicle, 24);
    const opts = { defaultPageSize: 24, vehicleSelector: true };
    expect(addressShows(search, { state, vehicle }, opts)).toBe(true);
    expect(addressShows(search, { state, vehicle: null }, opts)).toBe(false);
    expect(addressShows(search, { state: { ...state, pageNumber: 3 }, vehicle }, opts)).toBe(false);
    expect(addressShows(search, { state, vehicle: null }, { ...opts, vehicleSelector: false })).toBe(true);
  });
});
