import { describe, expect, it } from 'vitest';
import { Rng } from '../../fixtures/catalogue/prng.js';
import { handleSearch, handleVehicleSelector } from './handler.js';
import { tenants } from './testing/support.js';

const valid = { customer: 'maple-pine', page: 'womens-running-shoes', start: 0, size: 24 };

function errorOf(body: unknown): string {
  const result = handleSearch(body, { tenants });
  expect(result.status).toBe(400);
  const { error } = result.json as { error: unknown };
  expect(typeof error).toBe('string');
  return error as string;
}

describe('malformed search bodies', () => {
  it.each([null, 42, 'customer=maple', [], true])('rejects a body that is not an object (%j)', (body) => {
    expect(errorOf(body)).toMatch(/body must be a JSON object/);
  });

  it.each([
    ['a missing customer', { ...valid, customer: undefined }, /customer is required/],
    ['a customer that is not a string', { ...valid, customer: 7 }, /customer must be a string/],
    ['an unknown customer', { ...valid, customer: 'nobody' }, /unknown customer "nobody"/],
    ['a missing page', { ...valid, page: undefined }, /page must be a string/],
    ['a page that is not a string', { ...valid, page: ['a'] }, /page must be a string/],
    ['a negative start', { ...valid, start: -1 }, /start must be a non-negative integer/],
    ['a fractional start', { ...valid, start: 1.5 }, /start must be/],
    ['a start sent as text', { ...valid, start: '0' }, /start must be/],
    ['a size above 500', { ...valid, size: 501 }, /size must be an integer from 0 to 500/],
    ['a negative size', { ...valid, size: -24 }, /size must be/],
    ['an unknown sort', { ...valid, sort: 'price_up' }, /sort "price_up" is not one of relevance_desc/],
    ['a sort that is not a string', { ...valid, sort: 3 }, /sort of type number/],
    ['filters that are not an array', { ...valid, filters: { color: ['black'] } }, /filters must be an array/],
    ['a filter that is not an object', { ...valid, filters: ['color'] }, /filters\[0\] must be an object/],
    [
      'a filter key that is not a string',
      { ...valid, filters: [{ key: 1, value: [] }] },
      /filters\[0\]\.key must be a string/,
    ],
    [
      'an unknown filter key',
      { ...valid, filters: [{ key: 'flavour', value: ['x'] }] },
      /"flavour" is not one of price/,
    ],
    [
      'a filter value that is not an array',
      { ...valid, filters: [{ key: 'color', value: 'black' }] },
      /value must be an array/,
    ],
    ['a price of text', { ...valid, filters: [{ key: 'price', value: ['10', '20'] }] }, /two numbers/],
    ['a price of one number', { ...valid, filters: [{ key: 'price', value: [10] }] }, /two numbers/],
    ['a price of three numbers', { ...valid, filters: [{ key: 'price', value: [1, 2, 3] }] }, /two numbers/],
    [
      'a price with min above max',
      { ...valid, filters: [{ key: 'price', value: [50, 10] }] },
      /min 50 is greater than max 10/,
    ],
    ['a colour value that is not text', { ...valid, filters: [{ key: 'color', value: [1] }] }, /array of strings/],
    [
      'a rating out of range',
      { ...valid, filters: [{ key: 'rating', value: ['6'] }] },
      /rating "6" must be a whole number/,
    ],
    ['a locale that is not text', { ...valid, locale: 5 }, /locale must be a string/],
    ['a region that is not text', { ...valid, region: {} }, /region must be a string/],
    ['skip_cache that is not a boolean', { ...valid, skip_cache: 'yes' }, /skip_cache must be a boolean/],
    ['an unknown environment', { ...valid, environment: 'prod' }, /environment must be 'staging' or 'production'/],
    ['a zero pageSize', { ...valid, pageSize: 0 }, /pageSize must be a positive integer/],
    ['a negative pageNumber', { ...valid, pageNumber: -1 }, /pageNumber must be a positive integer/],
  ])('rejects %s with a message naming it', (_, body, message) => {
    expect(errorOf(body)).toMatch(message);
  });

  it('accepts null for optional fields and extra parameters it does not know', () => {
    const body = { ...valid, sort: null, filters: null, locale: null, campaign: 'autumn', skip_cache: true };
    expect(handleSearch(body, { tenants }).status).toBe(200);
  });

  it('under a tenant base, lets the path choose the tenant and refuses a different customer', () => {
    const maple = tenants.find((t) => t.config.id === 'maple');
    expect(handleSearch({ page: 'mens-jeans' }, { tenants, basePathTenant: maple }).status).toBe(200);
    const other = handleSearch({ ...valid, customer: 'boreal' }, { tenants, basePathTenant: maple });
    expect(other).toEqual({ status: 400, json: { error: 'customer "boreal" does not match the tenant at /maple' } });
  });
});

describe('garbage never throws', () => {
  const rng = new Rng('fuzz');
  const keys = [
    'customer',
    'page',
    'start',
    'size',
    'sort',
    'filters',
    'locale',
    'region',
    'pageSize',
    'pageNumber',
    'skip_cache',
    'environment',
    'vehicle_id',
    'vehicle_year',
    'key',
    'value',
    '__proto__',
    'constructor',
  ];

  function garbage(depth: number): unknown {
    const pick = rng.int(0, depth > 0 ? 9 : 6);
    switch (pick) {
      case 0:
        return null;
      case 1:
        return rng.chance(0.5);
      case 2:
        return rng.pick([0, -1, 1.5, 1e308, -0, 500, 501, Number.MAX_SAFE_INTEGER + 2]);
      case 3:
        return rng.pick([
          '',
          'maple-pine',
          'womens-running-shoes',
          'price',
          'color',
          '4',
          'x'.repeat(300),
          '<script>',
          '💥',
        ]);
      case 4:
        return rng.pick(SORTS);
      case 5:
        return undefined;
      case 6:
        return rng.pick([[10, 20], [20, 10], ['10', '20'], []]);
      case 7:
        return Array.from({ length: rng.int(0, 4) }, () => garbage(depth - 1));
      default: {
        const object: Record<string, unknown> = {};
        for (let i = rng.int(0, 5); i > 0; i--) object[rng.pick(keys)] = garbage(depth - 1);
        return object;
      }
    }
  }
  const SORTS = ['price_asc', 'relevance_desc', 'bogus', 'title_asc'];

  function mutated(): unknown {
    const body: Record<string, unknown> = {
      ...valid,
      sort: rng.pick(SORTS),
      filters: [{ key: rng.pick(['color', 'price', 'rating', 'size', 'brand', 'deal']), value: garbage(2) }],
      vehicle_id: 'honda-civic',
      vehicle_year: '2015',
      customer: rng.pick(['maple-pine', 'gearhead', 'tinker-tide']),
    };
    body[rng.pick(keys)] = garbage(3);
    return body;
  }

  it('answers 500 random bodies with 200 or 400, never an exception', () => {
    for (let i = 0; i < 500; i++) {
      const body = i % 2 === 0 ? garbage(4) : mutated();
      const handler = i % 3 === 0 ? handleVehicleSelector : handleSearch;
      let result: ReturnType<typeof handleSearch> | undefined;
      expect(() => (result = handler(body, { tenants })), JSON.stringify(body)).not.toThrow();
      expect([200, 400], JSON.stringify(body)).toContain(result?.status);
      if (result?.status === 400) expect(typeof (result.json as { error: unknown }).error).toBe('string');
    }
  });
});
