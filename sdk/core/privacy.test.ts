import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUERY_PARAMS,
  privateAddress,
  queryParamsOf,
  redactDeep,
  redactPersonal,
  withoutPersonalData,
} from './privacy.js';

const SHOP = 'https://maple.example/maple/dresses';

describe('page addresses keep only what a listing needs', () => {
  it.each([
    [
      'the listing state and campaign tags',
      `${SHOP}?filters=color~red&sort=price_asc&pageNumber=2&pageSize=48&utm_source=news&utm_campaign=spring`,
      `${SHOP}?filters=color~red&sort=price_asc&pageNumber=2&pageSize=48&utm_source=news&utm_campaign=spring`,
    ],
    ['an e-mail parameter', `${SHOP}?email=ann@example.com&sort=price_asc`, `${SHOP}?sort=price_asc`],
    ['an encoded parameter name', `${SHOP}?%65mail=ann%40example.com`, SHOP],
    [
      'every parameter the listing does not read',
      `${SHOP}?name=Ann+Smith&phone=5145550199&gclid=abc&session=xyz`,
      SHOP,
    ],
    ['the fragment', `${SHOP}?sort=price_asc#email=ann@example.com`, `${SHOP}?sort=price_asc`],
    ['a user name and password', 'https://ann:secret@maple.example/maple/dresses', SHOP],
    [
      'an address in the path',
      'https://maple.example/account/ann@example.com/orders',
      'https://maple.example/account/%5Bemail%5D/orders',
    ],
    [
      'an encoded address in the path',
      'https://maple.example/u/ann%40example.com',
      'https://maple.example/u/%5Bemail%5D',
    ],
    [
      'a doubly encoded address in the path',
      'https://maple.example/u/ann%2540example.com',
      'https://maple.example/u/%5Bemail%5D',
    ],
    ['a phone number in the path', 'https://maple.example/call/514-555-0199', 'https://maple.example/call/%5Bphone%5D'],
    ['an address hidden in a kept parameter', `${SHOP}?sort=ann%40example.com`, `${SHOP}?sort=%5Bemail%5D`],
    [
      'a phone number in a campaign tag',
      `${SHOP}?utm_content=%2B1%20514%20555%200199`,
      `${SHOP}?utm_content=%5Bphone%5D`,
    ],
  ])('%s', (_, address, expected) => {
    expect(privateAddress(address)).toBe(expected);
  });

  it('keeps the parameters a tenant declares, and no others', () => {
    const allowed = queryParamsOf(['store', 'lang']);
    expect(privateAddress(`${SHOP}?store=12&lang=fr&email=a@b.co`, allowed)).toBe(`${SHOP}?store=12&lang=fr`);
    expect(privateAddress(`${SHOP}?store=12`)).toBe(SHOP);
    expect(queryParamsOf(undefined)).toBe(DEFAULT_QUERY_PARAMS);
  });

  it('treats an empty or relative referrer by its parts', () => {
    expect(privateAddress('')).toBe('');
    expect(privateAddress('/maple/boots?email=a@b.co#x')).toBe('/maple/boots');
  });
});

describe('e-mail addresses and phone numbers are redacted from any text', () => {
  it.each([
    ['Order for ann.smith+shop@mail.example.co.uk', 'Order for [email]'],
    ['ANN@EXAMPLE.COM', '[email]'],
    ['call +1 (514) 555-0199 today', 'call [phone] today'],
    ['call +44 20 7946 0958', 'call [phone]'],
    ['(514) 555 0199', '[phone]'],
    ['514.555.0199', '[phone]'],
    ['tel:+15145550199', '[phone]'],
    ['ann%40example.com', '[email]'],
  ])('%s', (text, expected) => {
    expect(redactPersonal(text)).toBe(expected);
  });

  it.each([
    'aisle@0.1.0',
    'p12345:v67890',
    '2025-03-01T12:00:00.000Z',
    '0f8c1d0e-7c53-4b6e-9d67-1f0f2b7a4c11',
    '12345678-1234-4123-8123-123456789012',
    'Dresses | Maple',
    'img.aisle-card__image',
    '5145550199',
    'price_asc',
    'color~red~navy',
  ])('leaves %s alone', (text) => {
    expect(redactPersonal(text)).toBe(text);
  });

  it('reaches into metadata, keys and lists included', () => {
    const metadata = {
      note: 'a@b.co',
      list: ['x', '514-555-0199'],
      nested: { 'ann@example.com': 1 },
      n: 3,
      none: null,
    };
    expect(redactDeep(metadata)).toEqual({
      note: '[email]',
      list: ['x', '[phone]'],
      nested: { '[email]': 1 },
      n: 3,
      none: null,
    });
  });
});

describe('an event leaves with no personal data', () => {
  it('cleans its address, referrer, title and metadata, and keeps the rest', () => {
    const event = {
      id: 'e1',
      url: `${SHOP}?email=ann@example.com&sort=price_asc`,
      data: {
        page_type: 'dlp',
        page_title: 'Welcome back ann@example.com',
        referrer: 'https://mail.example/inbox?to=ann@example.com',
        metadata: { redirected_from: '/maple/ann@example.com', result_ids: ['p1:v1'] },
      },
    };
    expect(withoutPersonalData(event, DEFAULT_QUERY_PARAMS)).toEqual({
      id: 'e1',
      url: `${SHOP}?sort=price_asc`,
      data: {
        page_type: 'dlp',
        page_title: 'Welcome back [email]',
        referrer: 'https://mail.example/inbox',
        metadata: { redirected_from: '/maple/[email]', result_ids: ['p1:v1'] },
      },
    });
  });

  it('takes null fields (the service accepts them) as they are', () => {
    const event = { url: SHOP, data: { page_title: null, referrer: null, metadata: null } };
    expect(withoutPersonalData(event, DEFAULT_QUERY_PARAMS)).toEqual(event);
  });
});
