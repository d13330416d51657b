import { describe, expect, it } from 'vitest';
import { defaultPathPatterns, parsePathPatterns, siteMatchPatterns, urlInSiteScope } from './pathScope.js';

const origin = 'https://shop.example';
const inScope = (patterns: string, path: string) => urlInSiteScope(origin, patterns, `${origin}${path}`);

describe('path patterns', () => {
  const defaults = defaultPathPatterns('/maple');

  it.each([
    ['/maple/womens-dresses', true],
    ['/maple/womens-dresses?sort=price_desc', true],
    ['/maple/vsm/a', true],
    ['/maple/p/rain-jacket', false],
    ['/maple/p/rain-jacket?colour=red', false],
    ['/cart', false],
    ['/checkout/payment', false],
    ['/maplewood/dresses', false],
  ])('by default takes over the tenant’s listings only: %s → %s', (path, taken) => {
    expect(inScope(defaults, path)).toBe(taken);
  });

  it('reads one pattern a line, ! excluding, and reports lines that are not paths', () => {
    const read = parsePathPatterns(' /sale/* \n\n!/sale/p/*\nsale/*\n/x#y\n/x?y');
    expect(read.include).toEqual(['/sale/*', '/x?y']);
    expect(read.exclude).toEqual(['/sale/p/*']);
    expect(read.errors).toHaveLength(2);
  });

  it('matches the query as the browser does: an exact page with a query is another page', () => {
    const patterns = '/maple/*\n!/maple/womens-running-shoes';
    expect(inScope(patterns, '/maple/womens-running-shoes')).toBe(false);
    expect(inScope(patterns, '/maple/womens-running-shoes?sort=price_desc')).toBe(true);
    expect(inScope('/maple/dresses', '/maple/dresses?sort=price_desc')).toBe(false);
    expect(inScope('/maple/dresses?sort=*', '/maple/dresses?sort=price_desc')).toBe(true);
    expect(inScope('/maple/dresses', '/maple/dresses#reviews')).toBe(true);
  });

  it('treats regular-expression characters in a pattern literally', () => {
    expect(inScope('/a.b/(x)/*', '/a.b/(x)/y')).toBe(true);
    expect(inScope('/a.b/(x)/*', '/aXb/(x)/y')).toBe(false);
    expect(inScope('/a?b', '/aXb')).toBe(false);
  });

  it('says so when nothing would be taken over', () => {
    expect(parsePathPatterns('!/maple/p/*').errors).toEqual([expect.stringContaining('no path is taken over')]);
  });

  it('takes over nothing while one line is invalid, rather than skip an exclusion', () => {
    const patterns = '/maple/*\n!maple/p/*';
    expect(siteMatchPatterns(origin, patterns)).toMatchObject({ matches: [], excludeMatches: [] });
    expect(inScope(patterns, '/maple/p/rain-jacket')).toBe(false);
    expect(inScope(patterns, '/maple/dresses')).toBe(false);
  });

  it('writes the port into the browser patterns, and matches only the site’s own origin', () => {
    expect(siteMatchPatterns(origin, defaults)).toEqual({
      matches: ['https://shop.example:443/maple/*'],
      excludeMatches: ['https://shop.example:443/maple/p/*'],
      errors: [],
    });
    expect(urlInSiteScope(origin, defaults, 'https://shop.example:8443/maple/dresses')).toBe(false);
  });
});
