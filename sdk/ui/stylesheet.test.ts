import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The test runner hands `?raw` imports over empty, so the sheets beside the components are read here.
const uiFolder = import.meta.dirname;
const AISLE_CSS = readdirSync(uiFolder, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => readFileSync(join(uiFolder, file), 'utf8'))
  .join('\n');

/** Every selector of a rule in `css`, outside @keyframes (whose `from` and `50%` are no selectors). */
function selectors(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found: string[] = [];
  const blocks: string[] = [];
  let start = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === '{') {
      const prelude = text.slice(start, at).trim();
      const kind = prelude.startsWith('@') ? (prelude.includes('keyframes') ? 'keyframes' : 'at') : 'rule';
      if (kind === 'rule' && !blocks.includes('keyframes')) found.push(...splitList(prelude));
      blocks.push(kind);
      start = at + 1;
    } else if (char === '}') {
      blocks.pop();
      start = at + 1;
    } else if (char === ';') {
      start = at + 1;
    }
  }
  return found;
}

function splitList(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of prelude) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  return [...parts, current.trim()];
}

describe('Aisle’s stylesheet against the page’s theme', () => {
  it('scopes every rule under .aisle-root, so each one outranks the reset that undoes the theme', () => {
    const all = selectors(AISLE_CSS);
    expect(all.length).toBeGreaterThan(200);
    // Aisle's container only sets the base its sizes are counted from; the reset never reaches it.
    const outside = all.filter((selector) => !/^(\.aisle-root|:where\(\.aisle-root\))(?![\w-])/.test(selector));
    expect(outside).toEqual(['.aisle-mount']);
  });

  it("counts every size from the browser's font-size setting, never from the page's root font size", () => {
    expect(AISLE_CSS).not.toMatch(/\d(\.\d+)?rem\b/);
    expect(AISLE_CSS).not.toMatch(/font(-size)?:\s*[\d.]+px/);
    expect(AISLE_CSS).toMatch(/@property --aisle-px \{\s*syntax: '<length>';\s*inherits: true;\s*initial-value: 1px;/);
    expect(AISLE_CSS).toMatch(/\.aisle-mount \{\s*font-size: medium;\s*--aisle-px: calc\(1em \/ 16\);/);
  });

  it('keeps the --aisle-* defaults at zero specificity, so a retailer’s `.aisle-root` values win', () => {
    const defaults = /:where\(\.aisle-root\)\s*\{([^}]*)\}/.exec(AISLE_CSS)?.[1] ?? '';
    expect(defaults).toContain('--aisle-accent:');
    expect(AISLE_CSS).not.toMatch(/(^|\})\s*\.aisle-root\s*\{[^}]*--aisle-/);
  });

  it('reverts every element inside the root to the browser’s defaults, above element and attribute rules', () => {
    expect(AISLE_CSS).toMatch(/\.aisle-root :not\(svg, svg \*, img, [^{]*\{\s*all: revert;/);
    expect(AISLE_CSS).toMatch(/\.aisle-root \[hidden\] \{\s*display: none !important;/);
  });

  it('leaves what the shop puts in a card slot to the shop’s own rules, at no extra specificity', () => {
    expect(AISLE_CSS).toMatch(
      /\.aisle-root :not\(svg, svg \*, img, :where\(\.aisle-card__slot \*\)\)[^{]*\{\s*all: revert;/,
    );
  });
});
