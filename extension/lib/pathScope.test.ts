import { describe, expect, it } from 'vitest';
import { defaultPathPatterns, parsePathPatterns, pathInScope } from './pathScope.js';

describe('path patterns', () => {
  const scope = parsePathPatterns(defaultPathPatterns('/maple'));

  it.each([
    ['/maple/womens-dresses', true],
    ['/maple/vsm/a', true],
    ['/maple/p/rain-jacket', false],
    ['/cart', false],
    ['/checkout/payment', false],
    ['/maplewood/dresses', false],
  ])('by default takes over the tenant’s listings only: %s → %s', (path, taken) => {
    expect(pathInScope(scope, path)).toBe(taken);
  });

  it('reads one pattern a line, ! excluding, and reports lines that are not paths', () => {
    const read = parsePathPatterns(' /sale/* \n\n!/sale/p/*\nsale/*\n/x?y');
    expect(read.include).toEqual(['/sale/*']);
    expect(read.exclude).toEqual(['/sale/p/*']);
    expect(read.errors).toHaveLength(2);
  });

  it('treats regular-expression characters in a pattern literally', () => {
    const read = parsePathPatterns('/a.b/(x)/*');
    expect(pathInScope(read, '/a.b/(x)/y')).toBe(true);
    expect(pathInScope(read, '/aXb/(x)/y')).toBe(false);
  });

  it('says so when nothing would be taken over', () => {
    expect(parsePathPatterns('!/maple/p/*').errors).toEqual([expect.stringContaining('no path is taken over')]);
  });
});
