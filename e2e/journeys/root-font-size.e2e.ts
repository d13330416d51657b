/**
 * Aisle looks the same whatever font size the page gives its root element (themes often set
 * `html { font-size: 62.5% }`): the drawer, the popovers, the inputs and the cards measure the same
 * under 62.5 %, 100 % and 125 %, on a phone and a desktop.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engines, useEngine, type EnginePage } from '../support/drivers/index.js';
import { openListing } from '../support/listing.js';

const baseUrl = inject('baseUrl');
const PATH = '/maple/mens-rain-jackets';
const ROOT_SIZES = ['62.5%', '100%', '125%'];

/** Sets the page's root font size, as a theme's `html { font-size }` does. */
const setRootSize = (page: EnginePage, size: string) =>
  page.evaluate((value) => void document.documentElement.style.setProperty('font-size', value), size);

/**
 * What the browser computed for every element of the parts matching `selector`: font size, line
 * height, paddings, margins and border, and the laid-out box (to the half pixel).
 */
function measure(page: EnginePage, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const rows: string[] = [];
    for (const part of Array.from(document.querySelectorAll(sel)))
      for (const el of [part, ...Array.from(part.querySelectorAll('*'))]) {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const half = (n: number) => Math.round(n * 2) / 2;
        const sides = (name: string) =>
          ['top', 'right', 'bottom', 'left'].map((side) => s.getPropertyValue(`${name}-${side}`)).join(',');
        rows.push(
          [
            el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? `.${el.className}` : ''),
            s.fontSize,
            s.lineHeight,
            sides('padding'),
            sides('margin'),
            s.borderTopWidth,
            `${half(box.width)}x${half(box.height)}`,
          ].join(' '),
        );
      }
    return rows;
  }, selector);
}

/** Waits until the part is drawn whole and nothing moves in it (a drawer slides in). */
const settled = (page: EnginePage, selector: string) =>
  page.waitFor(
    (sel) => {
      const el = document.querySelector(sel);
      // The drawer's content is ready (its panels drawn) a moment after it opens; a panel may load first.
      const ready = !el?.classList.contains('aisle-drawer') || el.classList.contains('aisle-drawer--ready');
      const loading = el?.querySelector('[class*="loading"]') ?? null;
      return el !== null && ready && loading === null && el.getAnimations({ subtree: true }).length === 0;
    },
    selector,
    { what: `${selector} settled` },
  );

/** Opens a part with `opener`, measures it, and closes it with Escape. */
async function measureOpened(page: EnginePage, opener: string, part: string, shot?: string): Promise<string[]> {
  await page.click({ selector: opener, nth: 0 });
  await page.waitForSelector(part);
  await settled(page, part);
  const rows = await measure(page, part);
  if (shot) await page.screenshot(shot);
  await page.press('Escape');
  await page.waitFor((sel) => document.querySelector(sel) === null, part, { what: `${part} closed` });
  return rows;
}

/** The sizes of the cards, the toolbar's inputs, the drawer and (on a desktop) a filter's popover. */
async function sizes(page: EnginePage, width: number, shot?: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {
    cards: await measure(page, '[data-aisle="grid"] [data-aisle="product"]:nth-child(-n+4)'),
    inputs: await measure(page, '.aisle-root :is(input, select, button):not(.aisle-card *, [data-aisle="related"] *)'),
    drawer: await measureOpened(page, '[data-aisle="all-filters"]', '[data-aisle="drawer"]', shot && `${shot}-drawer`),
  };
  if (width > 1024)
    found.popover = await measureOpened(page, '[data-aisle="filter-button"]', '.aisle-popover[role="dialog"]');
  return found;
}

describe.each(engines)('Aisle under the page root font size (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it.each([375, 1280])('measures the same under root sizes of 62.5, 100 and 125 per cent at %i px', async (width) => {
    const page = await openListing(engine(), baseUrl, PATH, width);
    // Everything the page will draw without the shopper is drawn (the part below the fold comes later).
    await page.waitForSelector('[data-aisle="seo"][data-aisle-ready]');
    const seen: Record<string, Record<string, string[]>> = {};
    for (const size of ROOT_SIZES) {
      await setRootSize(page, size);
      const shot = name === 'chromium' ? `root-font-${size.replace(/\D.*/, '')}-${width}` : undefined;
      seen[size] = await sizes(page, width, shot);
      if (shot) await page.screenshot(shot);
    }
    const base = seen['100%']!;
    expect(base.drawer!.length).toBeGreaterThan(20);
    expect(base.inputs!.length).toBeGreaterThan(0);
    // The sizes at the browser's default setting are the designed ones: the drawer's title is 20 px.
    expect(base.drawer!.find((row) => row.startsWith('h2.aisle-drawer__title'))).toContain(' 20px ');
    for (const size of ['62.5%', '125%'])
      for (const part of Object.keys(base)) expect(seen[size]![part]).toEqual(base[part]);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
