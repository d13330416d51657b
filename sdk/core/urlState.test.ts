import { describe, expect, it } from 'vitest';
import type { AdditionalParams, RequestFilter, UrlState } from './types.js';
import {
  defaultUrlState,
  parseUrlState,
  reconcileUrlState,
  resolveDefaultPageSize,
  serializeUrlState,
} from './urlState.js';

const defaults = { pageSize: 24 };
const state = (fields: Partial<UrlState> = {}): UrlState => ({ ...defaultUrlState(defaults), ...fields });

describe('resolveDefaultPageSize (page size fallback)', () => {
  it.each([
    [{ pageSize: 48 }, 36, 48],
    [{}, 36, 36],
    [{ pageSize: 0 }, 36, 36],
    [{ pageSize: 'abc' }, 36, 36],
    [{ pageSize: '60' }, 36, 60],
    [{}, 0, 24],
  ])('page size falls back to additional then tenant default: %j, tenant %d → %d', (additional, tenant, expected) => {
    // The string case stands for a hand-written context that skipped normalisation.
    expect(resolveDefaultPageSize(additional as AdditionalParams, { defaultPageSize: tenant })).toBe(expected);
  });
});

describe('parseUrlState (URL state)', () => {
  it.each<[string, Partial<UrlState>]>([
    ['', {}],
    ['?', {}],
    ['?filters=color~black~navy', { filters: [{ key: 'color', value: ['black', 'navy'] }] }],
    [
      'filters=color~black&filters=color~navy&filters=color~black',
      { filters: [{ key: 'color', value: ['black', 'navy'] }] },
    ],
    [
      '?filters=size~men__10&filters=brand~Acme+%26+Co',
      {
        filters: [
          { key: 'size', value: ['men__10'] },
          { key: 'brand', value: ['Acme & Co'] },
        ],
      },
    ],
    ['?filters=caf%C3%A9%2C+th%C3%A9~a%2Fb', { filters: [{ key: 'café, thé', value: ['a/b'] }] }],
    ['?filters=k%257Ey~a%257Eb', { filters: [{ key: 'k~y', value: ['a~b'] }] }],
    ['?filters=color%7Eblack', { filters: [{ key: 'color', value: ['black'] }] }],
    ['?price=10/200', { filters: [{ key: 'price', value: [10, 200] }] }],
    ['?price=10%2F200', { filters: [{ key: 'price', value: [10, 200] }] }],
    ['?price=200/10', { filters: [{ key: 'price', value: [10, 200] }] }],
    ['?price=10/20&price=30/40', { filters: [{ key: 'price', value: [30, 40] }] }],
    ['?range=weight~1.5/3', { filters: [{ key: 'weight', value: [1.5, 3] }] }],
    ['?sort=price_asc', { sort: 'price_asc' }],
    ['?sort=', {}],
    ['?attributes=new,on-sale&attributes=new', { attributes: ['new', 'on-sale'] }],
    ['?attributes=a%252Cb,c', { attributes: ['a,b', 'c'] }],
    ['?pageNumber=3&pageSize=48', { pageNumber: 3, pageSize: 48 }],
    ['?pageNumber=2.7', { pageNumber: 2 }],
    ['?locale=fr_CA&utm_source=mail', {}],
  ])('reads %j', (search, expected) => {
    expect(parseUrlState(search, defaults)).toEqual(state(expected));
  });

  it.each([
    ['pageNumber=-3', { pageNumber: 1 }],
    ['pageNumber=0', { pageNumber: 1 }],
    ['pageNumber=abc', { pageNumber: 1 }],
    ['pageNumber=1e400', { pageNumber: 1 }],
    ['pageNumber=99999999999999999999', { pageNumber: 1 }],
    ['pageSize=abc', { pageSize: 36 }],
    ['pageSize=0', { pageSize: 36 }],
    ['pageSize=-12', { pageSize: 36 }],
    ['pageSize=0x10', { pageSize: 36 }],
  ])('bad paging %j falls back', (search, expected) => {
    expect(parseUrlState(search, { pageSize: 36 })).toEqual({ ...defaultUrlState({ pageSize: 36 }), ...expected });
  });

  const garbage = [
    '%E0%A4%A',
    'filters=%E0%A4%A~%FF',
    'filters=~~~',
    'filters=~black',
    'filters=color',
    'filters=color~',
    'price=abc/def',
    'price=10',
    'price=10/20/30',
    'price=1e999/5',
    'price=/',
    'range=~10/20',
    'range=nosep',
    'attributes=,,,',
    'sort=%3Cscript%3Ealert(1)%3C/script%3E',
    '<script>alert(1)</script>',
    '&&&===&',
    '?pageNumber=1&pageNumber=&pageSize=%00',
    'filters=' + 'x~'.repeat(10_000),
    '%%%%%',
    'constructor=1&__proto__=2&toString=3',
  ];

  it.each(garbage)('never throws and yields well-formed state for garbage %j', (search) => {
    const parsed = parseUrlState(search, defaults);
    expect(parsed.pageNumber).toBeGreaterThanOrEqual(1);
    expect(parsed.pageSize).toBeGreaterThanOrEqual(1);
    for (const filter of parsed.filters) {
      expect(filter.key).not.toBe('');
      expect(filter.value.length).toBeGreaterThan(0);
    }
    // Whatever survived must still round-trip.
    expect(parseUrlState(serializeUrlState(parsed, defaults), defaults)).toEqual(parsed);
  });

  it('keeps a script tag in sort as inert text', () => {
    expect(parseUrlState('sort=%3Cscript%3E', defaults).sort).toBe('<script>');
  });

  it('tolerates a non-string search', () => {
    expect(parseUrlState(undefined as unknown as string, defaults)).toEqual(state());
  });
});

describe('serializeUrlState', () => {
  it.each<[Partial<UrlState>, string]>([
    [{}, ''],
    [{ pageNumber: 1, pageSize: 24, filters: [], attributes: [] }, ''],
    [{ filters: [{ key: 'color', value: ['black', 'navy'] }] }, 'filters=color~black~navy'],
    [{ filters: [{ key: 'price', value: [10, 200] }] }, 'price=10/200'],
    [{ filters: [{ key: 'weight', value: [1, 2] }] }, 'range=weight~1/2'],
    [{ filters: [{ key: 'size', value: ['men__10 1/2'] }] }, 'filters=size~men__10+1/2'],
    [{ filters: [{ key: 'a~b', value: ['50%'] }] }, 'filters=a%257Eb~50%2525'],
    [{ filters: [{ key: 'color', value: [] }] }, ''],
    [{ sort: 'price_asc', attributes: ['new', 'a,b'] }, 'sort=price_asc&attributes=new,a%252Cb'],
    [{ pageNumber: 2, pageSize: 48 }, 'pageNumber=2&pageSize=48'],
  ])('writes %j as %j', (fields, expected) => {
    expect(serializeUrlState(state(fields), defaults)).toBe(expected);
  });

  it('writes a lone surrogate without throwing', () => {
    expect(() => serializeUrlState(state({ sort: 'a\uD800' }), defaults)).not.toThrow();
  });
});

// A small deterministic generator (mulberry32), so a failure reproduces from its seed.
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = [
  'a',
  'Z',
  '0',
  ' ',
  '_',
  '__',
  '~',
  '%',
  '%7E',
  ',',
  '/',
  '&',
  '=',
  '+',
  '?',
  '#',
  'é',
  'É',
  'ß',
  '😀',
  '"',
  '<',
  '.',
];

function generateState(next: () => number): UrlState {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const text = () => Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(ALPHABET)).join('');
  const keys = new Set<string>();
  const filters: RequestFilter[] = [];
  for (let i = Math.floor(next() * 4); i > 0; i--) {
    const key = next() < 0.15 ? 'price' : text();
    if (keys.has(key)) continue;
    keys.add(key);
    if (key === 'price' || next() < 0.1) {
      const min = Math.round(next() * 1000) / (next() < 0.5 ? 1 : 100);
      filters.push({ key, value: [min, min + Math.round(next() * 500)] });
    } else {
      filters.push({ key, value: [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, text))] });
    }
  }
  const generated: UrlState = {
    filters,
    attributes: [...new Set(Array.from({ length: Math.floor(next() * 3) }, text))],
    pageNumber: 1 + Math.floor(next() * 40),
    pageSize: pick([12, 24, 36, 48, 1000]),
  };
  if (next() < 0.5) generated.sort = pick(['price_asc', 'rating_desc', 'name with space', 'a~b,c']);
  return generated;
}

describe('round trip (property)', () => {
  it.each([1, 2, 3, 42, 2024])('serialize → parse gives the state back (seed %d, 300 states)', (seed) => {
    const next = random(seed);
    for (let i = 0; i < 300; i++) {
      const original = generateState(next);
      const query = serializeUrlState(original, defaults);
      expect(parseUrlState(query, defaults), query).toEqual(original);
      // A host or router that re-encodes the query through URLSearchParams changes nothing.
      expect(parseUrlState(new URLSearchParams(query).toString(), defaults), query).toEqual(original);
    }
  });
});

describe('reconcileUrlState (garbage yields the defaults)', () => {
  const listing = { sortKeys: ['relevance_desc', 'price_asc'], filterKeys: ['color', 'price'], defaultPageSize: 24 };
  it('drops an unknown sort and unknown filter keys', () => {
    const state = parseUrlState('?sort=%3Cscript%3E&filters=colour~red&filters=color~red&price=10/20', {
      pageSize: 24,
    });
    expect(reconcileUrlState(state, listing)).toEqual({
      filters: [
        { key: 'color', value: ['red'] },
        { key: 'price', value: [10, 20] },
      ],
      attributes: [],
      pageNumber: 1,
      pageSize: 24,
    });
  });
  it('falls back to the default page size above 500', () => {
    const state = parseUrlState('?pageSize=100000', { pageSize: 24 });
    expect(reconcileUrlState(state, listing).pageSize).toBe(24);
  });
  it('returns the same state when everything is known', () => {
    const state = parseUrlState('?sort=price_asc&filters=color~red', { pageSize: 24 });
    expect(reconcileUrlState(state, listing)).toBe(state);
  });
});
