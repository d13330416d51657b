/**
 * Aisle follows the shopper's browser font-size setting (a larger default font makes its text
 * larger), even on a page whose theme shrinks its root font size to 62.5 %. Chromium's setting is
 * set through the DevTools protocol, Firefox's through its preference; WebKitGTK's WebDriver offers
 * no such setting.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useChromium } from './support/browser.js';
import { APP_CARD } from './support/dlp.js';
import { launchFirefox } from './support/drivers/firefox.js';

const baseUrl = inject('baseUrl');
const URL_OF_LISTING = `${baseUrl}/maple/mens-rain-jackets`;

/** What a test page can run: the part of Playwright's and Puppeteer's pages these checks use. */
interface AnyPage {
  goto(url: string): Promise<unknown>;
  waitForSelector(selector: string): Promise<unknown>;
  evaluate<R>(fn: () => R): Promise<R>;
}

/** The root's text size and the drawer title's, on a page whose root font size is 62.5 %. */
async function aisleSizes(page: AnyPage): Promise<{ root: string; title: string }> {
  await page.goto(URL_OF_LISTING);
  await page.waitForSelector(APP_CARD);
  await page.evaluate(() => void document.documentElement.style.setProperty('font-size', '62.5%'));
  await page.evaluate(() => document.querySelector<HTMLElement>('[data-aisle="all-filters"]')!.click());
  await page.waitForSelector('.aisle-drawer__title');
  return page.evaluate(() => ({
    root: getComputedStyle(document.querySelector('.aisle-root')!).fontSize,
    title: getComputedStyle(document.querySelector('.aisle-drawer__title')!).fontSize,
  }));
}

describe("Aisle follows the browser's font-size setting, not the page's root", () => {
  const chromium = useChromium({ beforeAll, afterAll });

  it('Chromium: a 20 px default font makes Aisle 1.25 times larger', async () => {
    const sizes: Array<{ root: string; title: string }> = [];
    for (const standard of [16, 20]) {
      const page = await chromium().newPage({ viewport: { width: 375, height: 800 } });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard } });
      sizes.push(await aisleSizes(page));
      await page.close();
    }
    expect(sizes).toEqual([
      { root: '15px', title: '20px' },
      { root: '18.75px', title: '25px' },
    ]);
  });

  it('Firefox: a 20 px default font (font.size.variable.x-western) makes Aisle 1.25 times larger', async () => {
    const sizes: Array<{ root: string; title: string }> = [];
    for (const standard of [16, 20]) {
      const browser = await launchFirefox({ 'font.size.variable.x-western': standard });
      try {
        const page = await browser.newPage();
        await page.setViewport({ width: 375, height: 800 });
        sizes.push(await aisleSizes(page));
      } finally {
        await browser.close();
      }
    }
    expect(sizes).toEqual([
      { root: '15px', title: '20px' },
      { root: '18.75px', title: '25px' },
    ]);
  });
});
