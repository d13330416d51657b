import { describe, expect, it } from 'vitest';
import type { RenderContext, TenantConfig, UrlState } from './types.js';
import { buildSearchRequest, pageFromPath, searchUrl } from './searchRequest.js';

const config = (fields: Partial<TenantConfig> = {}): TenantConfig => ({
  id: 'maple',
  base: '/maple',
  prodUrl: 'https://www.maple.example',
  defaultPageSize: 24,
  infiniteLoading: false,
  proxySearch: false,
  searchRouterReplaceState: false,
  ...fields,
});
const context = (fields: Partial<RenderContext> = {}, tenant: Partial<TenantConfig> = {}): RenderContext => ({
  config: config(tenant),
  environment: 'production',
  additional: {},
  ...fields,
});
const state = (fields: Partial<UrlState> = {}): UrlState => ({
  filters: [],
  attributes: [],
  pageNumber: 3,
  pageSize: 24,
  ...fields,
});

describe('buildSearchRequest (search body)', () => {
  it('builds the paged body exactly', () => {
    expect(buildSearchRequest(context(), state(), 'boots')).toStrictEqual({
      customer: 'maple',
      size: 24,
      start: 48,
      page: 'boots',
      skip_cache: false,
      environment: 'production',
      filters: [],
      pageSize: 24,
      pageNumber: 3,
    });
  });

  it('infinite loading asks for pages 1..N at once: size = page × page size, start 0', () => {
    const body = buildSearchRequest(context({}, { infiniteLoading: true }), state(), 'boots');
    expect(body).toMatchObject({ size: 72, start: 0, pageNumber: 3, pageSize: 24 });
  });

  it.each([
    [{ customerSearchId: 'maple-pine' }, 'maple-pine'],
    [{ customerSearchId: '' }, 'maple'],
    [{}, 'maple'],
  ])('customer is customerSearchId, else id (%j)', (tenant, customer) => {
    expect(buildSearchRequest(context({}, tenant), state(), 'p').customer).toBe(customer);
  });

  it.each([
    ['production', false],
    ['qa', true],
    ['development', true],
  ] as const)('skip_cache when environment is %s → %s', (environment, skip) => {
    expect(buildSearchRequest(context({ environment }), state(), 'p').skip_cache).toBe(skip);
  });

  it.each([
    ['boots', 'production'],
    ['boots_staging', 'staging'],
    ['x_staging_y', 'staging'],
  ])('environment from page name %s → %s', (page, environment) => {
    expect(buildSearchRequest(context(), state(), page).environment).toBe(environment);
  });

  it('region and locale from additional, region falling back to the tenant', () => {
    const fromAdditional = buildSearchRequest(
      context({ additional: { region: 'ca', locale: 'fr' } }, { region: 'us' }),
      state(),
      'p',
    );
    expect(fromAdditional).toMatchObject({ region: 'ca', locale: 'fr' });
    const fromTenant = buildSearchRequest(context({ additional: { lang: 'en' } }, { region: 'us' }), state(), 'p');
    expect(fromTenant).toMatchObject({ region: 'us', locale: 'en' });
  });

  it('sort and filters come from the state; price is a number pair', () => {
    const filters = [
      { key: 'color', value: ['black'] },
      { key: 'price', value: [10, 200] as [number, number] },
    ];
    const current = state({ sort: 'price_asc', filters });
    const body = buildSearchRequest(context(), current, 'p');
    expect(body).toMatchObject({ sort: 'price_asc', filters });
    expect(body.filters[0]).not.toBe(filters[0]);
  });

  it('additional parameters are spread in but never override computed fields', () => {
    const additional = {
      campaign: 'fall',
      pageSize: 99,
      customer: 'evil',
      start: 1000,
      filters: 'x',
      sort: 'bad',
      foo: 1,
    };
    const body = buildSearchRequest(context({ additional }), state(), 'p');
    expect(body).toMatchObject({ campaign: 'fall', foo: 1, customer: 'maple', start: 48, pageSize: 24, filters: [] });
    expect(body).not.toHaveProperty('sort');
  });

  it.each([
    [{ vehicle: { id: 'v1', year: '2020' } }, {}, { vehicle_id: 'v1', vehicle_year: '2020' }],
    [{ vehicle: { id: 'v1', year: '' } }, {}, {}],
    [{}, { vehicle_id: 'v2', vehicle_year: '2019' }, { vehicle_id: 'v2', vehicle_year: '2019' }],
    [{}, { vehicle_id: 'v2' }, {}],
  ])('vehicle fields only when both are given (%j, additional %j)', (options, additional, expected) => {
    const body = buildSearchRequest(context({ additional }), state(), 'p', options);
    expect({ vehicle_id: body.vehicle_id, vehicle_year: body.vehicle_year }).toEqual(expected);
  });
});

describe('searchUrl (the search host of each environment)', () => {
  it.each([
    ['production', {}, 'search', 'https://search.aisle-cdn.example/search'],
    ['qa', {}, 'search', 'https://search.qa.aisle-cdn.example/search'],
    ['development', {}, 'vehicle-selector', 'http://127.0.0.1:4173/vehicle-selector'],
    ['production', { searchHost: 'http://127.0.0.1:9999/' }, 'search', 'http://127.0.0.1:9999/search'],
    ['production', { proxySearch: true }, 'search', '/maple/search'],
    ['qa', { proxySearch: true, searchHost: 'http://x' }, 'vehicle-selector', '/maple/vehicle-selector'],
    ['production', { proxySearch: true, base: '' }, 'search', '/search'],
  ] as const)('%s with %j → %s %s', (environment, tenant, kind, url) => {
    expect(searchUrl(context({ environment }, tenant), kind)).toBe(url);
  });
});

describe('pageFromPath (routes)', () => {
  it.each([
    ['/maple/boots', '/maple', { screen: 'dlp', page: 'boots' }],
    ['/maple/boots/', '/maple', { screen: 'dlp', page: 'boots' }],
    ['/maple/winter%20boots', '/maple', { screen: 'dlp', page: 'winter boots' }],
    ['/maple/bad%E0', '/maple', { screen: 'dlp', page: 'bad%E0' }],
    ['/maple/vsm/outdoor/camping', '/maple', { screen: 'vsm', page: 'outdoor/camping' }],
    ['/maple/vsm/', '/maple', { screen: 'vsm', page: '' }],
    ['/maple/vsm', '/maple', { screen: 'vsm', page: '' }],
    ['/boots', '', { screen: 'dlp', page: 'boots' }],
    ['/maple/a/b', '/maple', null],
    ['/maple/', '/maple', null],
    ['/maple', '/maple', null],
    ['/maplewood/boots', '/maple', null],
    ['/other/boots', '/maple', null],
  ])('%s under %j → %j', (path, base, expected) => {
    expect(pageFromPath(path, base)).toEqual(expected);
  });
});
