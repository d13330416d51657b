// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { AisleStyles } from './aisleStyles.js';
import { LAYOUT_STYLESHEET } from './unstyled.js';

const CSS =
  '.aisle-root { --aisle-font: system-ui, sans-serif; font: 15px var(--aisle-font); } .aisle-h1 { font-weight: 700; }';
const styles = () => new AisleStyles(document, CSS, (file) => `https://cdn.test/embed/${file}`);
const linked = () => [...document.querySelectorAll<HTMLLinkElement>('link[data-aisle-styles]')].map((l) => l.href);

afterEach(() => {
  document.adoptedStyleSheets = [];
  document.head.replaceChildren();
});

describe('AisleStyles', () => {
  it('parses the first screen’s rules once, applies them once, and takes them away', () => {
    const page = new CSSStyleSheet();
    document.adoptedStyleSheets = [page];
    const aisle = styles();
    expect(aisle.construct()).toBe(true);
    // Parsed, not applied yet.
    expect(document.adoptedStyleSheets).toEqual([page]);
    aisle.adopt();
    aisle.adopt();
    expect(document.adoptedStyleSheets).toHaveLength(2);
    expect([...document.adoptedStyleSheets[1]!.cssRules].map((rule) => rule.cssText).join(' ')).toContain('aisle-h1');
    aisle.adoptApp('.aisle-drawer { display: block; }');
    aisle.adoptApp('.aisle-drawer { display: none; }');
    expect(document.adoptedStyleSheets).toHaveLength(3);
    aisle.remove();
    // The page's own sheet stays.
    expect(document.adoptedStyleSheets).toEqual([page]);
  });

  it('a styled mount applies the sheet at once; an unstyled one links the layout-only file instead', async () => {
    const aisle = styles();
    await aisle.load(false);
    expect(document.adoptedStyleSheets).toHaveLength(1);
    const loading = aisle.load(true);
    // The styled sheet went with the change of mode.
    expect(document.adoptedStyleSheets).toHaveLength(0);
    expect(linked()).toEqual([`https://cdn.test/embed/${LAYOUT_STYLESHEET}`]);
    await loading;
    // The app's rules are in the linked file: no second sheet.
    aisle.adoptApp('.aisle-drawer { display: block; }');
    expect(document.adoptedStyleSheets).toHaveLength(0);
    aisle.remove();
    expect(linked()).toEqual([]);
  });

  it('links aisle.css where the browser has no constructed sheets, and waits for it to load or fail', async () => {
    const original = globalThis.CSSStyleSheet;
    // A browser without constructed sheets: the constructor is missing.
    (globalThis as { CSSStyleSheet?: unknown }).CSSStyleSheet = undefined;
    try {
      const aisle = styles();
      expect(aisle.construct()).toBe(false);
      // Resolves once the file has loaded or failed (this test page loads no CSS file: it fails).
      const loading = aisle.load(false);
      expect(linked()).toEqual(['https://cdn.test/embed/aisle.css']);
      await loading;
      // Asked again, the same link serves.
      await aisle.load(false);
      expect(linked()).toHaveLength(1);
    } finally {
      globalThis.CSSStyleSheet = original;
    }
  });

  it('loads each weight of Aisle’s font on a canvas, apart from the page', () => {
    const fonts: string[] = [];
    const create = document.createElement.bind(document);
    const aisle = new AisleStyles(
      {
        ...document,
        createElement: (tag: string) =>
          tag === 'canvas'
            ? {
                getContext: () => ({
                  set font(value: string) {
                    fonts.push(value);
                  },
                  measureText: () => ({ width: 1 }),
                }),
              }
            : create(tag),
      } as unknown as Document,
      CSS,
      (file) => file,
    );
    aisle.loadFonts();
    expect(fonts).toEqual(['700 15px system-ui, sans-serif']);
    expect(document.body.children).toHaveLength(0);
  });
});
