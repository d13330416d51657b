import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useChromium } from './support/browser.js';
import { screenshot, waitForListing } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

/** What the embedding guide tells a retailer to write in its own stylesheet. */
const RETAILER_THEME = `.aisle-root {
  --aisle-accent: rgb(47, 93, 80);
  --aisle-sale: rgb(120, 20, 140);
  --aisle-sale-contrast: rgb(255, 250, 200);
  --aisle-star: rgb(0, 128, 0);
  --aisle-star-empty: rgb(230, 230, 250);
}`;

/**
 * Opens a listing whose HTML carries the retailer's theme in a `<style>` of its head, as a shop's own
 * stylesheet would be: Aisle's sheet, adopted by its script, comes after it in the cascade.
 */
async function openThemedDlp(browser: Browser, path: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.route(`${baseUrl}${path}`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</head>', `<style>${RETAILER_THEME}</style></head>`);
    await route.fulfill({ response, body: html });
  });
  await page.goto(`${baseUrl}${path}`);
  await waitForListing(page);
  return page;
}

describe('a retailer themes Aisle from its own stylesheet', () => {
  it("the retailer's --aisle-* values win over Aisle's defaults, stars included", async () => {
    const page = await openThemedDlp(chromium(), '/maple/womens-running-shoes', 1280);
    // The retailer's rule really came first: Aisle's own sheet is adopted after the page's sheets.
    expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBeGreaterThan(0);
    const stars = await page.$eval('.aisle-stars', (el) => getComputedStyle(el, '::before').backgroundImage);
    expect(stars).toContain('rgb(0, 128, 0)');
    expect(stars).toContain('rgb(230, 230, 250)');
    const discount = await page.$eval('.aisle-card__discount', (el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color };
    });
    expect(discount).toEqual({ background: 'rgb(120, 20, 140)', color: 'rgb(255, 250, 200)' });
    await page.click('[data-aisle="filter-button"]:has-text("Brand")');
    const checkbox = page.locator('[data-filter-key="brand"] input[type="checkbox"]').first();
    await checkbox.waitFor();
    expect(await checkbox.evaluate((el) => getComputedStyle(el).accentColor)).toBe('rgb(47, 93, 80)');
    await screenshot(page, 'dlp-1280-themed');
    await page.close();
  });
});

describe('badges on a card never overlap', () => {
  it.each([1280, 375])('the French discount and the marketing flag sit apart at %i px', async (width) => {
    const page = await openThemedDlp(chromium(), '/boreal/womens-running-shoes?locale=fr_CA', width);
    const pairs = await page.$$eval('[data-aisle="product"]', (cards) =>
      cards.flatMap((card) => {
        const flag = card.querySelector('.aisle-card__flag');
        const discount = card.querySelector('.aisle-card__discount');
        if (!flag || !discount) return [];
        const a = flag.getBoundingClientRect();
        const b = discount.getBoundingClientRect();
        const media = card.querySelector('.aisle-card__media')!.getBoundingClientRect();
        return [
          {
            overlap: a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
            inside: [a, b].every(
              (r) => r.left >= media.left && r.right <= media.right && r.top >= media.top && r.bottom <= media.bottom,
            ),
          },
        ];
      }),
    );
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.filter((p) => p.overlap || !p.inside)).toEqual([]);
    await page.close();
  });
});
