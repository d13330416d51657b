import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../entrypoints/popup/style.css', import.meta.url), 'utf8');

/** The custom properties of the light `:root` and of the dark scheme's `:root`. */
function schemes(): { light: Map<string, string>; dark: Map<string, string> } {
  const read = (block: string) =>
    new Map([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
  const dark = /@media \(prefers-color-scheme: dark\)\s*{\s*:root\s*{([^}]*)}/.exec(css)![1]!;
  const light = read(/^:root\s*{([^}]*)}/m.exec(css)![1]!);
  return { light, dark: new Map([...light, ...read(dark)]) };
}

/** The declarations of one rule, `var()` resolved against `vars`. */
function rule(selector: string, vars: Map<string, string>): Record<string, string> {
  const body = new RegExp(`^${selector.replace('.', '\\.')}\\s*{([^}]*)}`, 'm').exec(css)![1]!;
  return Object.fromEntries(
    [...body.matchAll(/([\w-]+):\s*([^;]+);/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/var\((--[\w-]+)\)/, (_, v: string) => vars.get(v)!),
    ]),
  );
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (c) => c + c) : hex;
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(full.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two #rgb/#rrggbb colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the popup’s ON pill', () => {
  it.each(['light', 'dark'] as const)('has text at 4.5:1 or more on its background in the %s scheme', (scheme) => {
    const pill = rule('.pill-on', schemes()[scheme]);
    expect(contrast(pill.color!, pill.background!)).toBeGreaterThanOrEqual(4.5);
  });
});
