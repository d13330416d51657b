import { describe, expect, it } from 'vitest';
import { isCssHexColour } from './colour.js';

describe('isCssHexColour', () => {
  it('accepts the four hex lengths CSS knows, in either case', () => {
    expect(['#abc', '#ABCD', '#12a4b6', '#12A4B6cc'].filter(isCssHexColour)).toHaveLength(4);
  });

  it('refuses lengths CSS does not know, names, other text and non-strings', () => {
    const refused = ['#12345', '#1234567', '#123456789', '#', 'navy', '#ggg', ' #abc', '#abc;x:y', 42, null, undefined];
    expect(refused.filter(isCssHexColour)).toEqual([]);
  });
});
