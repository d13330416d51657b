/**
 * Long filter lists and the typed price, in Chromium. The demo catalogue's brand lists are short, so
 * the page's inline listing and every search reply get a brand facet of 80 values added (one of them
 * "Écru Atelier", for accent-blind search); everything else is the local stack's own answer.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { axeViolations } from './support/axe.js';
import { useChromium } from './support/browser.js';
import { query, screenshot, searchSettled, waitForListing } from './support/dlp.js';
import { watchErrors } from './support/page.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

const LONG_BRANDS = 80;
const CONTEXT_OPEN = '<script type="application/json" id="aisle-context">';

interface Option {
  key: string;
  text: string;
  count?: number;
  selected?: boolean;
}
interface Facet {
  key: string;
  label: string;
  options: Option[];
}

// The response's brand facet, stretched to 80 options after its own (which stay first and real).
function stretchBrands(data: { filters?: Facet[] } | undefined): void {
  const brand = data?.filters?.find((filter) => filter.key === 'brand');
  if (!brand) return;
  const extra: Option[] = [{ key: 'ecru-atelier', text: 'Écru Atelier', count: 2, selected: false }];
  for (let i = 1; brand.options.length + extra.length < LONG_BRANDS; i++) {
    extra.push({ key: `atelier-${i}`, text: `Atelier ${String(i).padStart(2, '0')}`, count: 1, selected: false });
  }
  brand.options.push(...extra);
}

// Inline JSON is escaped the way the server writes it, so it cannot close its script element.
const forScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** Opens a listing whose brand facet is long, at a width; `touch` gives the page a touch screen. */
async function openLongDlp(path: string, width: number, options: { touch?: boolean } = {}): Promise<Page> {
  const context = await chromium().newContext({
    viewport: { width, height: 800 },
    hasTouch: options.touch ?? false,
  });
  const page = await context.newPage();
  await page.route(
    (url) => url.pathname === path.split('?')[0],
    async (route: Route) => {
      const response = await route.fetch();
      const html = await response.text();
      const start = html.indexOf(CONTEXT_OPEN);
      const end = html.indexOf('</script>', start);
      if (start < 0 || end < 0) return route.fulfill({ response, body: html });
      const context = JSON.parse(html.slice(start + CONTEXT_OPEN.length, end)) as { data?: { filters?: Facet[] } };
      stretchBrands(context.data);
      const body = html.slice(0, start + CONTEXT_OPEN.length) + forScript(context) + html.slice(end);
      await route.fulfill({ response, body });
    },
  );
  await page.route('**/search', async (route: Route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { filters?: Facet[] };
    stretchBrands(json);
    await route.fulfill({ response, json });
  });
  await page.goto(`${baseUrl}${path}`);
  await waitForListing(page);
  return page;
}

/** Opens the brand options: its popover on desktop, its accordion section in the drawer on a phone. */
async function openBrand(page: Page, width: number): Promise<string> {
  if (width >= 1024) {
    await page.click('[data-aisle="filter-button"]:has-text("Brand")');
  } else {
    await page.click('[data-aisle="all-filters"]');
    await page.waitForSelector('[data-aisle="drawer"].aisle-drawer--ready');
    await page.click('[data-aisle="drawer"] .aisle-accordion__toggle:has-text("Brand")');
  }
  const panel = '[data-aisle="filter-panel"][data-filter-key="brand"]';
  await page.locator(`${panel} input[type="checkbox"]`).first().waitFor();
  return panel;
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.closest('label')?.textContent?.trim() ?? active?.textContent?.trim() ?? '';
  });

const TENANTS = [
  { kind: 'infinite', path: '/maple/womens-running-shoes' },
  { kind: 'paged', path: '/northwind/womens-running-shoes' },
] as const;

describe.each(TENANTS)('long filter lists ($kind tenant)', ({ kind, path }) => {
  it.each([1280, 375])('show more / less moves focus and search finds accented names (%i px)', async (width) => {
    const page = await openLongDlp(path, width);
    const { errors } = watchErrors(page);
    const panel = await openBrand(page, width);
    const boxes = page.locator(`${panel} input[type="checkbox"]`);
    expect(await boxes.count()).toBe(10);
    const list = page.locator(`${panel} .aisle-facet__list`);
    const listBox = (await list.boundingBox())!;
    const more = page.getByRole('button', { name: `Show ${LONG_BRANDS - 10} more Brand options` });
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await boxes.count()).toBe(LONG_BRANDS);
    // Focus lands on the eleventh option, the first one revealed.
    const eleventh = (await page.locator(`${panel} label`).nth(10).textContent())!.trim();
    expect(await focusedName(page)).toBe(eleventh);
    // The list area keeps its size: revealing options scrolls inside it, nothing else moves.
    expect((await list.boundingBox())!.height).toBeCloseTo(listBox.height, 0);
    await page.getByRole('button', { name: 'Show less of Brand' }).click();
    expect(await boxes.count()).toBe(10);

    const search = page.getByRole('searchbox', { name: 'Search Brand' });
    await search.fill('ecru');
    expect(await page.locator(`${panel} label`).allTextContents()).toEqual(['Écru Atelier (2)']);
    await search.fill('zzzz');
    await expect.poll(() => page.locator(`${panel} [role="status"]`).textContent()).toBe('Nothing matches "zzzz"');
    expect((await list.boundingBox())!.height).toBeCloseTo(listBox.height, 0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([1280, 375])('has no axe violations with the long list expanded and searched (%i px)', async (width) => {
    const page = await openLongDlp(path, width);
    const panel = await openBrand(page, width);
    await page.locator(`${panel} .aisle-facet__more`).click();
    expect(await axeViolations(page, '.aisle-root')).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search Brand' }).fill('atelier 1');
    await page.locator(`${panel} label`).first().waitFor();
    await screenshot(page, `facets-${kind}-${width}-searched`);
    expect(await axeViolations(page, '.aisle-root')).toEqual([]);
    await page.context().close();
  });

  it('a typed price is sent once, on Enter, snapped to the slider rules', async () => {
    const page = await openLongDlp(path, 1280);
    const searches: string[] = [];
    page.on(
      'request',
      (r) => r.method() === 'POST' && r.url().endsWith('/search') && searches.push(r.postData() ?? ''),
    );
    await page.click('[data-aisle="filter-button"]:has-text("Price")');
    const from = page.getByRole('textbox', { name: 'From' });
    await from.waitFor();
    const to = page.getByRole('textbox', { name: 'To' });
    const low = Number(await from.inputValue());
    const top = Number(await to.inputValue());
    // 24 above the bottom rounds to the nearest step: 20 above it.
    const wanted = low + 20;
    await from.fill('');
    await from.pressSequentially(String(low + 24), { delay: 20 });
    expect(searches).toHaveLength(0);
    await from.press('Enter');
    await page.waitForURL(/price=\d+\/\d+/);
    await searchSettled(page);
    expect(query(page).price).toEqual([`${wanted}/${top}`]);
    // Leaving the box afterwards has nothing new to send.
    await page.keyboard.press('Tab');
    await searchSettled(page);
    expect(searches).toHaveLength(1);
    expect(JSON.parse(searches[0]!).filters).toEqual([{ key: 'price', value: [wanted, top] }]);
    expect(await from.inputValue()).toBe(String(wanted));
    await page.context().close();
  });

  it('the slider takes a touch drag without scrolling, with 44 px targets at 375 px', async () => {
    const page = await openLongDlp(path, 375, { touch: true });
    await page.click('[data-aisle="all-filters"]');
    await page.waitForSelector('[data-aisle="drawer"].aisle-drawer--ready');
    await page.click('[data-aisle="drawer"] .aisle-accordion__toggle:has-text("Price")');
    const thumbs = page.locator('[data-aisle="drawer"] .aisle-slider__thumb');
    await thumbs.first().waitFor();
    for (const target of [thumbs.first(), thumbs.nth(1)]) {
      const box = (await target.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(await target.evaluate((el) => getComputedStyle(el).touchAction)).toBe('none');
    }
    await screenshot(page, `facets-${kind}-375-price`);
    for (const box of await page.locator('[data-aisle="drawer"] .aisle-price-input__box').all()) {
      expect((await box.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }

    // Make the drawer's body scrollable and scroll it a little, so a scroll would show.
    const body = page.locator('[data-aisle="drawer"] .aisle-drawer__body');
    await body.evaluate((el) => {
      el.appendChild(Object.assign(document.createElement('div'), { style: 'height: 2000px' }));
      el.scrollTop = 40;
    });
    // Let the scroll just made report itself before listening.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Count scrolls during the gesture only: once the range is sent, a chip appears above and the
    // browser's scroll anchoring moves the body on purpose.
    await page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { __scrolls: string[] }).__scrolls = log;
      const body = document.querySelector('[data-aisle="drawer"] .aisle-drawer__body')!;
      body.addEventListener('scroll', () => log.push(`drawer ${body.scrollTop}`));
      window.addEventListener('scroll', () => log.push(`window ${window.scrollY}`));
    });

    const cdp = await page.context().newCDPSession(page);
    // A swipe that starts on the slider's bar, between the handles, must not scroll either: a thumb
    // that misses the handle by a few pixels is still "on the slider" to the shopper.
    const bar = (await page.locator('[data-aisle="drawer"] .aisle-slider').boundingBox())!;
    const barX = bar.x + bar.width / 2;
    const barY = bar.y + bar.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: barX, y: barY }] });
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: barX - step * 4, y: barY - step * 12 }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    const box = (await thumbs.nth(1).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    // A drag that wanders up as much as a thumb does: without touch-action it would scroll the drawer.
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x - step * 12, y: y - step * 3 }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // A frame for any scroll the gesture caused to be reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { __scrolls: string[] }).__scrolls)).toEqual([]);
    await page.waitForURL(/price=\d+\/\d+/);
    await searchSettled(page);
    await page.context().close();
  });

  it.each([1280, 375])('See N Results puts focus on the results (%i px)', async (width) => {
    const page = await openLongDlp(path, width);
    await page.click('[data-aisle="all-filters"]');
    await page.waitForSelector('[data-aisle="drawer"].aisle-drawer--ready');
    await page.locator('[data-aisle="drawer"] .aisle-drawer__results').click();
    await page.waitForSelector('[data-aisle="drawer"]', { state: 'detached' });
    const focused = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      const rect = active?.getBoundingClientRect();
      return {
        heading: active?.getAttribute('data-aisle') === 'heading',
        product: active?.closest('[data-aisle="product"]') !== null && active?.closest('[data-aisle="grid"]') !== null,
        visible: !!rect && rect.width > 1 && rect.height > 1,
      };
    });
    // The heading is hidden on phones, so there the first result takes focus.
    expect(focused).toEqual({ heading: width >= 1024, product: width < 1024, visible: true });
    await page.context().close();
  });
});

describe('long filter lists in French', () => {
  it('names the controls in French and searches with accents (375 px)', async () => {
    const page = await openLongDlp('/boreal/womens-running-shoes?locale=fr_CA', 375);
    await page.click('[data-aisle="all-filters"]');
    await page.waitForSelector('[data-aisle="drawer"].aisle-drawer--ready');
    const brandToggle = page.locator('[data-aisle="drawer"] .aisle-accordion__toggle').filter({ hasText: 'Marque' });
    await brandToggle.first().click();
    const panel = '[data-aisle="filter-panel"][data-filter-key="brand"]';
    await page.locator(`${panel} input[type="checkbox"]`).first().waitFor();
    const more = page.locator(`${panel} .aisle-facet__more`);
    expect(await more.textContent()).toBe(`Afficher ${LONG_BRANDS - 10} de plus`);
    const search = page.locator(`${panel} input[type="search"]`);
    expect(await search.getAttribute('placeholder')).toBe('Rechercher');
    await search.fill('ÉCRU');
    expect(await page.locator(`${panel} label`).allTextContents()).toEqual(['Écru Atelier (2)']);
    await screenshot(page, 'facets-fr-375-searched');
    expect(await axeViolations(page, '.aisle-root')).toEqual([]);
    await page.context().close();
  });
});
