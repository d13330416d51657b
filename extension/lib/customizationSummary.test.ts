import { describe, expect, it } from 'vitest';
import { customizationSummary } from './customizationSummary.js';

describe('what the popup says a tenant customises', () => {
  it('names the parts with classes, the locales with own words and the unstyled mode', () => {
    expect(
      customizationSummary({
        classes: { button: 'btn', card: 'card' },
        texts: { en: { showAll: 'All', sale: 'Deal' }, fr: { showAll: 'Tout' } },
        unstyled: true,
      }),
    ).toBe('classes on button, card · own words in en (2), fr (1) · unstyled');
  });

  it('says nothing for no customisation, or one with nothing usable', () => {
    expect(customizationSummary(undefined)).toBeNull();
    expect(customizationSummary({ classes: { nope: 'x' } })).toBeNull();
  });
});
