import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useChromium } from './support/browser.js';
import { watchErrors } from './support/page.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

describe('demo retailer pages in Chromium', () => {
  it('the index lists every tenant with links to its pages', async () => {
    const page = await chromium().newPage();
    await page.goto(`${baseUrl}/`);
    expect(await page.locator('article.tenant').count()).toBeGreaterThanOrEqual(8);
    await page.close();
  });

  it('a DLP page carries the render context and loads the embed', async () => {
    const page = await chromium().newPage();
    const { errors } = watchErrors(page);
    await page.goto(`${baseUrl}/maple/womens-running-shoes`);
    const context = await page.evaluate(() => JSON.parse(document.getElementById('aisle-context')!.textContent!));
    expect(context.config.id).toBe('maple');
    expect(context.environment).toBe('development');
    expect(context.data.products.length).toBeGreaterThan(0);
    await page.waitForFunction(() => typeof (window as { Aisle?: unknown }).Aisle === 'object');
    expect(await page.evaluate(() => (window as unknown as { Aisle: { version: string } }).Aisle.version)).toMatch(
      /^\d+\.\d+\.\d+$/,
    );
    await page.waitForSelector('main [data-aisle]');
    expect(errors).toEqual([]);
    await page.close();
  });
});
