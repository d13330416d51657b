import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jsonForScript } from '../server/http.js';
import { useChromium } from './support/browser.js';
import { screenshot, searchSettled, waitForListing } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

/** A page of the globals real themes write, each aimed at something Aisle draws. */
const HOSTILE = `
h1, h2, h3 { font: italic 900 44px/1 serif; margin: 2em 0; color: #fff; text-transform: uppercase; }
li { margin-bottom: 1.5em; list-style: square; }
button { all: unset; }
[hidden] { display: block; }
[type=button] { color: #fff; background: #fff; }
input, select { height: 90px; border: 6px double red; padding: 20px; margin: 10px; font-size: 30px; }
a { color: #fff; text-decoration: overline; }
ul, ol { padding-left: 80px; }
p { margin: 3em 0; letter-spacing: 0.5em; }
span { border-bottom: 4px solid red; }`;

const css = (path: string) => readFileSync(`node_modules/${path}`, 'utf8');

/** The five frameworks from npm, as shipped, and the page of hostile globals. */
const THEMES: Record<string, string> = {
  bootstrap: css('bootstrap/dist/css/bootstrap.min.css'),
  bulma: css('bulma/css/bulma.min.css'),
  pico: css('@picocss/pico/css/pico.min.css'),
  foundation: css('foundation-sites/dist/css/foundation.min.css'),
  tailwind: css('tailwindcss/preflight.css'),
  hostile: HOSTILE,
};

/** Labels no layout expects: a SKU and an address without a single break opportunity. */
const SKU = `SKU-${'X7'.repeat(150)}`;
const URL_LABEL = `https://shop.example/${'collections-'.repeat(30)}end`;

const PATH = '/summit/running-shorts';
const CONTEXT = /(<script type="application\/json" id="aisle-context">)([\s\S]*?)(<\/script>)/;

interface Listing {
  h1_header?: string;
  products: Array<{ title: string }>;
  filters: Array<{ key: string; label: string; options: Array<{ text: string }> }>;
  sort_options: Array<{ text: string }>;
}

/** Gives the first results hostile labels: heading and crumb, a title, a filter, its options, a sort. */
function withLongLabels(data: Listing): Listing {
  data.h1_header = URL_LABEL;
  data.products[0]!.title = SKU;
  const facet = data.filters.find((filter) => filter.key === 'brand')!;
  facet.label = SKU;
  facet.options[0]!.text = URL_LABEL;
  data.sort_options[data.sort_options.length - 1]!.text = SKU;
  return data;
}

/** Opens the paged listing inside `theme`'s stylesheet (a `<style>` of the head, before Aisle's sheet). */
async function openThemed(theme: string, width: number): Promise<Page> {
  const page = await chromium().newPage({ viewport: { width, height: 900 } });
  await page.route(`${baseUrl}${PATH}`, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const context = JSON.parse(CONTEXT.exec(html)![2]!) as { data: Listing };
    context.data = withLongLabels(context.data);
    const body = html
      .replace(CONTEXT, `$1${jsonForScript(context)}$3`)
      .replace('</head>', () => `<style>${THEMES[theme]}</style></head>`);
    await route.fulfill({ response, body });
  });
  // Later results keep the same labels, so the chip of a picked option carries one too.
  await page.route(`${baseUrl}/search`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: withLongLabels((await response.json()) as Listing) });
  });
  await page.goto(`${baseUrl}${PATH}`);
  await waitForListing(page);
  return page;
}

/**
 * What is wrong with Aisle's controls in view right now: text too faint on its background (below
 * 4.5:1, or 3:1 for large text), list markers, inputs squashed or blown up, hidden elements that show,
 * and a document wider than the viewport.
 */
function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.querySelector('.aisle-root')!;
    const rgba = (value: string) => (value.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const [lr, lg, lb] = [r!, g!, b!].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    const background = (element: Element | null): number[] => {
      for (let at = element; at; at = at.parentElement) {
        const colour = rgba(getComputedStyle(at).backgroundColor);
        if ((colour[3] ?? 1) > 0.5) return colour;
      }
      return [255, 255, 255, 1];
    };
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    const controls = root.querySelectorAll(
      'button, a, [role="option"], .aisle-chip, h1, h2, .aisle-count, label, .aisle-price-input__field',
    );
    for (const control of controls) {
      if (!shown(control) || (control.textContent ?? '').trim() === '' || control.closest('.aisle-card__media'))
        continue;
      const style = getComputedStyle(control);
      const [l1, l2] = [luminance(rgba(style.color)), luminance(background(control))];
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      const large =
        parseFloat(style.fontSize) >= 18.5 || (parseFloat(style.fontSize) >= 14 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) found.push(`contrast ${ratio.toFixed(2)}: ${name(control)}`);
    }
    for (const item of root.querySelectorAll('li')) {
      const style = getComputedStyle(item);
      if (shown(item) && style.display === 'list-item' && style.listStyleType !== 'none')
        found.push(`marker: ${name(item)}`);
    }
    for (const hidden of root.querySelectorAll('[hidden]'))
      if (shown(hidden)) found.push(`hidden shows: ${name(hidden)}`);
    for (const field of root.querySelectorAll('.aisle-price-input__field, select')) {
      const height = field.getBoundingClientRect().height;
      if (shown(field) && (height < 24 || height > 56)) found.push(`input height ${height}: ${name(field)}`);
    }
    const scroll = document.documentElement.scrollWidth;
    if (scroll > window.innerWidth) {
      found.push(`page scrolls sideways: ${scroll} > ${window.innerWidth}`);
      // Name the innermost elements that reach past the viewport: the ones to fix.
      const past = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 1;
      for (const el of document.querySelectorAll('body *'))
        if (past(el) && ![...el.children].some(past)) found.push(`too wide: ${name(el)}`);
    }
    return found;
  });
}

async function closeWithEscape(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
}

describe.each(Object.keys(THEMES))('Aisle inside %s', (theme) => {
  it('at 1280 px: listing, sort, a filter popover, the price panel, chips and pager stay Aisle’s', async () => {
    const page = await openThemed(theme, 1280);
    const seen: Record<string, string[]> = {};
    seen.listing = await problems(page);
    await screenshot(page, `theme-${theme}-1280`);

    await page.click('.aisle-dropdown__button');
    await page.waitForSelector('[role="option"]');
    seen.sort = await problems(page);
    await closeWithEscape(page);

    await page.locator('[data-aisle="filter-button"]').filter({ hasText: 'SKU-' }).click();
    await page.waitForSelector('[data-aisle="filter-panel"]');
    seen.filter = await problems(page);
    await screenshot(page, `theme-${theme}-1280-filter`);
    await page.locator('[data-aisle="filter-panel"] label', { hasText: 'https://' }).click();
    await searchSettled(page);
    await closeWithEscape(page);

    await page.locator('[data-aisle="filter-button"]').filter({ hasText: 'Price' }).click();
    await page.waitForSelector('.aisle-price-input__field');
    seen.price = await problems(page);
    seen.priceBoxes = await page.$$eval('.aisle-price-input__box', (boxes) =>
      boxes.flatMap((box) => {
        const field = box.querySelector('.aisle-price-input__field')!;
        // A theme's inset shadow on the field draws a second frame inside Aisle's box, as a border would.
        const framed = (el: Element) => {
          const style = getComputedStyle(el);
          return parseFloat(style.borderTopWidth) > 0 || style.boxShadow.includes('inset');
        };
        const frames = [box, field].filter(framed).length;
        return frames === 1 ? [] : [`${frames} frames on a price box`];
      }),
    );
    const slider = await page.locator('.aisle-price-slider').boundingBox();
    if (!slider || slider.width < 150) seen.priceBoxes.push(`slider squeezed: ${slider?.width}px`);
    await screenshot(page, `theme-${theme}-1280-price`);
    await closeWithEscape(page);

    const chip = await page.locator('[data-aisle="chips"] .aisle-chip', { hasText: 'https://' }).boundingBox();
    seen.chips = chip && chip.width <= 1280 ? [] : [`no chip of the long option in view: ${chip?.width}`];
    await page.locator('.aisle-paging').scrollIntoViewIfNeeded();
    seen.pager = await problems(page);
    expect(Object.fromEntries(Object.entries(seen).filter(([, list]) => list.length > 0))).toEqual({});
    await page.close();
  });

  it('at 375 px: listing, the drawer and pager stay Aisle’s', async () => {
    const page = await openThemed(theme, 375);
    const seen: Record<string, string[]> = {};
    seen.listing = await problems(page);
    await screenshot(page, `theme-${theme}-375`);

    await page.click('[data-aisle="all-filters"]');
    await page.waitForSelector('[data-aisle="drawer"] .aisle-drawer__title');
    seen.drawer = await problems(page);
    await screenshot(page, `theme-${theme}-375-drawer`);
    await closeWithEscape(page);

    await page.locator('.aisle-paging').scrollIntoViewIfNeeded();
    seen.pager = await problems(page);
    expect(Object.fromEntries(Object.entries(seen).filter(([, list]) => list.length > 0))).toEqual({});
    await page.close();
  });
});
