import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { useChromium } from './support/browser.js';
import { openDlp, screenshot, searchSettled } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

describe('the DLP looks finished and passes axe', () => {
  it.each([1280, 1024, 768, 375])('renders cleanly at %i px (screenshot saved)', async (width) => {
    const page = await openDlp(chromium(), baseUrl, '/maple/womens-running-shoes', width);
    await page.waitForSelector('[data-aisle="seo"][data-aisle-ready]');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `dlp-${width}`);
    await page.close();
  });

  it('has no axe violations at 1280 px', async () => {
    const page = await openDlp(chromium(), baseUrl, '/maple/womens-running-shoes', 1280);
    await page.waitForSelector('[data-aisle="seo"][data-aisle-ready]');
    expect(await axeViolations(page)).toEqual([]);
    await page.click('[data-aisle="filter-button"]:has-text("Size")');
    await page.waitForSelector('[data-filter-key="size"]');
    await screenshot(page, 'dlp-1280-popover');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('the drawer at 375 px is a modal dialog: focus in, trapped, Escape, focus back, no scroll behind', async () => {
    const page = await openDlp(chromium(), baseUrl, '/boreal/womens-running-shoes?locale=fr_CA', 375);
    const opener = page.locator('[data-aisle="all-filters"]');
    await opener.click();
    const dialog = page.locator('[data-aisle="drawer"][role="dialog"]');
    await dialog.waitFor();
    await page.waitForSelector('.aisle-drawer--ready');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    }
    await page.locator('.aisle-accordion__toggle').nth(2).click();
    await page.locator('.aisle-accordion__panel button:not([disabled])').first().click();
    await searchSettled(page);
    expect(await page.textContent('.aisle-drawer__results')).toMatch(/Voir \d+ résultats?/);
    await screenshot(page, 'dlp-375-drawer');
    expect(await axeViolations(page, '.aisle-root')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-aisle="drawer"]', { state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-aisle'))).toBe('all-filters');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await page.close();
  });
});
