import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layoutOnlyCss } from './layoutCss.js';

describe('the unstyled mode stylesheet', () => {
  it('keeps the layout declarations of every rule, media and nested ones included', () => {
    const css = layoutOnlyCss(
      '.a{display:grid;color:red;grid-template-columns:repeat(4,1fr)}' +
        '@media (max-width:600px){.b{position:fixed;inset:0;background:#fff;font:12px serif}.c{color:red}}' +
        '.d{border:1px solid;margin:0 auto}',
    );
    expect(css).toContain('display:grid');
    expect(css).toContain('grid-template-columns:repeat(4,1fr)');
    expect(css).toMatch(/@media \(max-width:600px\)\{\.b\{position:fixed;inset:0\}\}/);
    expect(css).not.toMatch(/color|background|font|border|margin|\.c|\.d/);
  });

  it('made from Aisle own rules: what hides, places and sizes stays, no colour or font does', () => {
    const sources = ['sdk/ui/styles.css', 'sdk/ui/filters/drawer.css'].map((file) => readFileSync(file, 'utf8'));
    const css = layoutOnlyCss(sources.join('\n'));
    expect(css).toMatch(/\.aisle-visually-hidden\s*\{[^}]*position:\s*absolute/);
    expect(css).toMatch(/display:\s*none/);
    const withoutStars = css.replace(/[^{}]*\.aisle-stars[^{]*\{[^}]*\}/g, '');
    expect(withoutStars).not.toMatch(
      /(^|[;{\s])(color|font-family|font-size|background-color|border-color|box-shadow)\s*:/,
    );
    // No list markers, and the stars keep their fill (five full stars would misstate a rating).
    expect(css).toMatch(/list-style:\s*none/);
    expect(css).toMatch(/\.aisle-stars::before\s*\{[^}]*background-clip:\s*text/);
  });
});
