// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isLayoutProperty, keepLayoutOnly, wantsUnstyled } from './unstyled.js';

describe('the unstyled mode', () => {
  it('keeps what places, sizes, shows and hides, and drops what a theme decides', () => {
    for (const kept of [
      'display',
      'position',
      'inset-inline-start',
      'grid-template-columns',
      'flex-basis',
      'max-width',
      'overflow-y',
      'clip-path',
      'transform',
      '--aisle-gap',
      'text-overflow',
      'z-index',
      'list-style-type',
      'content',
    ])
      expect(isLayoutProperty(kept), kept).toBe(true);
    for (const dropped of [
      'color',
      'background-color',
      'font-size',
      'border-top-width',
      'padding-left',
      'margin-top',
      'box-shadow',
      'transition-duration',
      'border-radius',
      'opacity',
    ])
      expect(isLayoutProperty(dropped), dropped).toBe(false);
  });

  it('removes the other declarations from a parsed sheet, inside media rules too', () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      '.a { display: grid; color: red; padding-left: 4px } @media (min-width: 10px) { .b { position: absolute; background-color: blue } }',
    );
    keepLayoutOnly(sheet);
    const text = Array.from(sheet.cssRules, (rule) => rule.cssText).join(' ');
    expect(text).toContain('display: grid');
    expect(text).toContain('position: absolute');
    expect(text).not.toMatch(/color|padding/);
  });

  it('is asked for by config.customization.unstyled = true only', () => {
    expect(wantsUnstyled({ config: { customization: { unstyled: true } } })).toBe(true);
    expect(wantsUnstyled({ config: { customization: { unstyled: 'true' } } })).toBe(false);
    expect(wantsUnstyled(null)).toBe(false);
    expect(wantsUnstyled('{"config":{}}')).toBe(false);
    expect(wantsUnstyled('{"config":{"customization":{"unstyled":true}}}')).toBe(true);
    expect(wantsUnstyled('{')).toBe(false);
  });
});
