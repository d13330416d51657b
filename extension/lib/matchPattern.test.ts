import { describe, expect, it } from 'vitest';
import { matchesUrl, parseMatchPattern } from './matchPattern.js';

/**
 * Chrome's documented algorithm, written independently of the code under test: split the pattern
 * at "://" and the first "/" after it, compare scheme, host and port as Chrome's URLPattern does,
 * then run base::MatchPattern (a backtracking glob where "*" is any run of characters) over
 * GURL::PathForRequest (the path, then "?" and the query when the URL has one, never the fragment).
 */
function reference(pattern: string, url: string): boolean {
  const sep = pattern.indexOf('://');
  const scheme = pattern.slice(0, sep);
  const rest = pattern.slice(sep + 3);
  const slash = rest.indexOf('/');
  const authority = rest.slice(0, slash);
  const path = rest.slice(slash);
  const colon = authority.lastIndexOf(':');
  const host = colon === -1 ? authority : authority.slice(0, colon);
  const port = colon === -1 ? null : authority.slice(colon + 1);
  const u = new URL(url);
  const urlScheme = u.protocol.replace(':', '');
  if (scheme === '*' ? urlScheme !== 'http' && urlScheme !== 'https' : scheme !== urlScheme) return false;
  if (host !== '*') {
    if (host.startsWith('*.')) {
      const domain = host.slice(2);
      if (u.hostname !== domain && !u.hostname.endsWith(`.${domain}`)) return false;
    } else if (host.toLowerCase() !== u.hostname) return false;
  }
  const urlPort = u.port === '' ? (urlScheme === 'https' ? '443' : '80') : u.port;
  if (port !== null && port !== '*' && port !== urlPort) return false;
  const noRef = url.includes('#') ? u.href.slice(0, u.href.indexOf('#')) : u.href;
  const afterAuthority = noRef.slice(noRef.indexOf('/', noRef.indexOf('//') + 2));
  return glob(path, afterAuthority);
}

/** base::MatchPattern: "*" any run, everything else literal. */
function glob(pattern: string, text: string): boolean {
  if (pattern === '') return text === '';
  if (pattern[0] === '*') {
    for (let i = 0; i <= text.length; i++) if (glob(pattern.slice(1), text.slice(i))) return true;
    return false;
  }
  return text !== '' && pattern[0] === text[0] && glob(pattern.slice(1), text.slice(1));
}

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const SEGMENTS = ['maple', 'p', 'shoes', 'a.b', 'caf%C3%A9', '%2F', 'x y', '(x)', 'Maple', ''];
const QUERIES = ['', '?', '?sort=price_desc', '?a=/b/*', '?q=1&r=2', '?sort=*'];
const FRAGMENTS = ['', '#', '#top', '#?x=1'];
const HOSTS = ['shop.example', 'SHOP.example', 'www.shop.example', 'other.example'];
const PORTS = ['', ':443', ':8443', ':80'];

function generatedUrl(r: ReturnType<typeof random>): string {
  const depth = Math.floor(r.next() * 4);
  const path = Array.from({ length: depth }, () => r.pick(SEGMENTS)).join('/');
  return `${r.pick(['http', 'https'])}://${r.pick(HOSTS)}${r.pick(PORTS)}/${path}${r.pick(QUERIES)}${r.pick(FRAGMENTS)}`;
}

function generatedPattern(r: ReturnType<typeof random>): string {
  const depth = 1 + Math.floor(r.next() * 3);
  const path = Array.from({ length: depth }, () =>
    r.pick([...SEGMENTS.filter((s) => !s.includes(' ')), '*', 'ma*']),
  ).join('/');
  const host = r.pick(['shop.example', '*.shop.example', '*', 'other.example']);
  const port = r.pick(['', ':443', ':*', ':8443']);
  return `${r.pick(['http', 'https', '*'])}://${host}${port}/${path}${r.pick(['', '?sort=*', '*', '?', '?sort=price_desc'])}`;
}

describe('matchesUrl', () => {
  it('agrees with the browser’s match-pattern algorithm on 20,000 generated URL and pattern pairs', () => {
    const r = random(28);
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const pattern = generatedPattern(r);
      const url = generatedUrl(r);
      expect(parseMatchPattern(pattern), pattern).not.toBeNull();
      if (matchesUrl(pattern, url) !== reference(pattern, url)) disagreements.push(`${pattern} ${url}`);
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
  });

  it.each([
    ['https://shop.example:443/maple/*', 'https://shop.example/maple/shoes?sort=price_desc', true],
    ['https://shop.example:443/maple/shoes', 'https://shop.example/maple/shoes?sort=price_desc', false],
    ['https://shop.example:443/maple/shoes', 'https://shop.example/maple/shoes#reviews', true],
    ['https://shop.example:443/maple/shoes?*', 'https://shop.example/maple/shoes?', true],
    ['https://shop.example:443/a?b', 'https://shop.example/aXb', false],
    ['https://shop.example/maple/*', 'https://shop.example:8443/maple/x', true],
    ['https://shop.example:443/maple/*', 'https://shop.example:8443/maple/x', false],
    ['*://*.shop.example/*', 'http://shop.example/', true],
    ['https://shop.example:443/*', 'ftp://shop.example/', false],
  ])('%s matches %s: %s', (pattern, url, expected) => {
    expect(matchesUrl(pattern, url)).toBe(expected);
    expect(reference(pattern, url)).toBe(expected);
  });

  it('refuses what the browser refuses', () => {
    for (const pattern of ['shop.example/*', 'https://shop.example', 'https://sh*p.example/*', 'file:///x'])
      expect(parseMatchPattern(pattern), pattern).toBeNull();
  });
});
