import { describe, expect, inject, it, beforeAll, afterAll } from 'vitest';
import { engines, useEngine } from '../support/drivers/index.js';
import { APP_CARD } from '../support/dlp.js';
import { countOf, openListing } from '../support/listing.js';

const baseUrl = inject('baseUrl');

describe.each(engines)('the first screen and the take-over (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it('the app takes the first paint over: 24 cards, no first paint left, structured data written', async () => {
    const page = await openListing(engine(), baseUrl, '/maple/womens-running-shoes');
    expect(await countOf(page, APP_CARD)).toBe(24);
    expect(await countOf(page, '[data-aisle-first-paint]')).toBe(0);
    await page.waitForSelector('script[type="application/ld+json"]');
    await page.screenshot('first-screen-1280');
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('a shop whose search sends only the documented fields gets its first screen and the app too', async () => {
    // Cedar's backend is the strict one: no counts, no swatches, nothing the spec does not name.
    const page = await openListing(engine(), baseUrl, '/cedar/mens-rain-jackets?pageSize=48', 375);
    expect(await countOf(page, APP_CARD)).toBe(48);
    expect(await countOf(page, '[data-aisle-first-paint]')).toBe(0);
    expect(await countOf(page, '[data-aisle="breadcrumbs"], nav.aisle-breadcrumbs')).toBeGreaterThan(0);
    await page.screenshot('first-screen-strict-375');
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('starts the integrations once the page is idle, with requestIdleCallback or without it', async () => {
    await fetch(`${baseUrl}/integrations/growthbook/received`, { method: 'DELETE' });
    const page = await openListing(engine(), baseUrl, '/maple/womens-running-shoes');
    // WebKit (Safari) has no requestIdleCallback: Aisle's fallback, a short timer, starts them there.
    expect(await page.evaluate(() => typeof window.requestIdleCallback)).toBe(
      name === 'webkit' ? 'undefined' : 'function',
    );
    // Every demo page configures experiments: their SDK asks the stand-in for its features.
    await expect.poll(() => receivedBy('growthbook'), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});

/** How many requests an integration's stand-in on the local stack received. */
async function receivedBy(name: string): Promise<number> {
  const response = await fetch(`${baseUrl}/integrations/${name}/received`);
  return ((await response.json()) as { received: unknown[] }).received.length;
}
