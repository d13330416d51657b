import { describe, expect, it } from 'vitest';
import { normaliseVisitorCode, VISITOR_CODE_ALPHABET, visitorCode } from './visitorCode.js';

describe('visitor codes', () => {
  it('are six unambiguous characters in two groups, the same for the same shop and visitor', () => {
    const code = visitorCode('maple', '7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/);
    expect(visitorCode('maple', '7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBe(code);
    expect(code).not.toContain('7c9e');
    expect(VISITOR_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('differ between visitors and between shops', () => {
    const codes = new Set(Array.from({ length: 2000 }, (_, i) => visitorCode('maple', `visitor-${i}`)));
    expect(codes.size).toBeGreaterThan(1995);
    expect(visitorCode('oak', 'v1')).not.toBe(visitorCode('maple', 'v1'));
  });

  it('are read back in any case, with spaces or dashes, and refused when misheard', () => {
    const code = visitorCode('maple', 'v1');
    expect(normaliseVisitorCode(code.toLowerCase().replace('-', ' '))).toBe(code);
    expect(normaliseVisitorCode(` ${code.replace('-', '')} `)).toBe(code);
    for (const bad of ['', 'ABC', 'ABCDEFG', 'AB0-CDE', 'ABO-CDE', 'AB1-CDE', 'ABL-CDE', 'ABI-CDE', 'AB?-CDE'])
      expect(normaliseVisitorCode(bad), bad).toBeNull();
  });
});
