import { describe, expect, it } from 'vitest';
import { friendlyUrls, generatedUrls, hostileUrls, isWebHref, PWN } from '../../fixtures/hostile/urls.js';
import { localeSuffixUrl } from './localeUrl.js';
import { routeBase, safeHref } from './safeUrl.js';

const PAGE = 'http://shop.test/maple/dresses';
// A result must be safe wherever the browser resolves it, not only against the page we passed.
const OTHER_BASES = ['https://other.example/a/b?c#d', 'http://127.0.0.1:4173/'];

function expectWebOrEmpty(input: unknown, base = PAGE): string {
  const href = safeHref(input, base);
  expect(isWebHref(href), `${JSON.stringify(input)} gave ${JSON.stringify(href)}`).toBe(true);
  for (const other of OTHER_BASES) {
    if (href !== '') expect(['http:', 'https:']).toContain(new URL(href, other).protocol);
  }
  // What we return is already final: checking it again changes nothing.
  expect(safeHref(href, base)).toBe(href);
  return href;
}

describe('safeHref: only web pages become links', () => {
  it.each(friendlyUrls)('keeps %j as %j', (input, expected) => {
    expect(safeHref(input, PAGE)).toBe(expected);
  });

  it.each([
    [`javascript:${PWN}`],
    [` JavaScript:${PWN}`],
    [`java\tscript:${PWN}`],
    [`\u0001javascript:${PWN}`],
    [`\u0000javascript:${PWN}`],
    [`data:text/html,<script>${PWN}</script>`],
    [`vbscript:${PWN}`],
    [`\\\\javascript:${PWN}`],
    [`//javascript:${PWN}`],
    ['about:blank'],
    [''],
    ['   '],
    [42],
    [null],
    [undefined],
    [{ toString: () => 'https://shop.example/' }],
  ])('refuses %j', (input) => {
    expect(safeHref(input, PAGE)).toBe('');
  });

  it('gives backslashed links to another host back as the browser reads them, on the page scheme', () => {
    expect(safeHref('\\\\evil.example/path', 'https://shop.example/c/x')).toBe('https://evil.example/path');
    expect(safeHref('\\\\evil.example/path', PAGE)).toBe('http://evil.example/path');
    expect(safeHref('/\\evil.example/path', PAGE)).toBe('http://evil.example/path');
  });

  it('leaves entity and percent text inert: a relative path, never a scheme', () => {
    expect(safeHref(`&#106;avascript:${PWN}`, PAGE)).toBe(`&#106;avascript:${PWN}`);
    expect(new URL(safeHref(`%6aavascript:${PWN}`, PAGE), PAGE).pathname).toMatch(/^\/maple\/%6aavascript:/);
  });

  it('takes a path from the site root as written only on a web page', () => {
    expect(safeHref('/maple/p/1?colour=red#reviews', 'https://shop.example/c/x')).toBe('/maple/p/1?colour=red#reviews');
    expect(safeHref('/maple/p/1', 'file:///home/shop/index.html')).toBe('');
    expect(safeHref('/maple/p/1', 'HTTPS://shop.example/')).toBe('/maple/p/1');
  });

  it('still checks absolute links when the page address is unusable', () => {
    expect(safeHref('https://shop.example/p/1', 'not a url')).toBe('https://shop.example/p/1');
    expect(safeHref(`javascript:${PWN}`, 'not a url')).toBe('');
    expect(safeHref('/maple/p/1', 'not a url')).toBe('');
  });

  it('gives an empty or http(s) link for every entry of the hostile corpus', () => {
    for (const url of hostileUrls) expectWebOrEmpty(url);
  });

  it('gives an empty or http(s) link for every entry once the fr_CA suffix is added', () => {
    for (const url of hostileUrls) {
      expectWebOrEmpty(localeSuffixUrl(url, { region: 'ca', locale: 'fr' }));
    }
  });

  it('refuses every script scheme however it is prefixed, cased or split (generated)', () => {
    let checked = 0;
    for (const url of generatedUrls()) {
      const href = expectWebOrEmpty(url);
      // Whatever survives reads as a web page; a surviving "javascript" can only be path text.
      if (href !== '') expect(new URL(href, PAGE).protocol).toMatch(/^https?:$/);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('routeBase: the tenant base is a plain path or nothing', () => {
  it.each([
    ['/maple', '/maple'],
    ['/maple/', '/maple'],
    ['  /en-ca/shop//  ', '/en-ca/shop'],
    ['', ''],
    ['/', ''],
    [`javascript:${PWN};/1`, ''],
    [`javascript:${PWN}//`, ''],
    ['//evil.example', ''],
    ['\\\\evil.example', ''],
    ['/maple\\..\\x', ''],
    ['https://shop.example/maple', ''],
    ['maple', ''],
    ['/ma ple', ''],
    ['/maple?x=1', ''],
    ['/maple#x', ''],
    ['/ma\tple', ''],
    ['/ma\u0000ple', ''],
  ])('%j → %j', (input, expected) => {
    expect(routeBase(input)).toBe(expected);
  });

  it('makes every Home and sitemap link built on it a same-site path', () => {
    for (const raw of [...hostileUrls, ...generatedUrls()]) {
      const base = routeBase(raw);
      for (const link of [base ? `${base}/` : '/', `${base}/vsm/`]) {
        const url = new URL(link, PAGE);
        expect(url.origin, JSON.stringify(raw)).toBe('http://shop.test');
      }
    }
  });
});
