import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { storedEvents } from './support/analytics.js';
import { useChromium } from './support/browser.js';
import { openDlp, searchSettled } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const PATH = '/maple/womens-running-shoes';
beforeEach(async () => {
  await fetch(`${baseUrl}/analytics/__control/reset`, { method: 'POST' });
  await fetch(`${baseUrl}/analytics/__control/faults`, { method: 'DELETE' });
});

const vitalsOf = async (path: string) =>
  (await storedEvents(baseUrl, 'maple')).filter(
    (e) => e.event === 'page:web_vitals' && new URL(e.url).pathname === path,
  );

describe("the page's own Web Vitals", () => {
  it('a page view records one vitals event whose LCP is the browser’s own LCP entry', async () => {
    const page = await openDlp(chromium(), baseUrl, PATH);
    await searchSettled(page);
    await page.click('.aisle-dropdown__button');
    await page.click('[role="option"]:has-text("Low to High")');
    await searchSettled(page);
    // Web Vitals load at the page's first idle moment: the test leaves once they have the LCP.
    await page.waitForFunction(() => performance.getEntriesByName('aisle:lcp-seen').length > 0);
    const browserLcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          }),
        ),
    );
    // Leaving the page (pagehide, then hidden) records the event; the next page's session delivers
    // it if the keepalive flush did not.
    await page.goto(`${baseUrl}/maple/vsm/`);
    await expect.poll(async () => (await vitalsOf(PATH)).length, { timeout: 15_000 }).toBe(1);
    // The sitemap is a page view of its own once its analytics session runs (its vitals are watched
    // from then on): the listing's vitals may arrive before that, by the keepalive flush.
    await page.waitForFunction(
      () =>
        (
          window as unknown as { Aisle: { debug: { snapshot(): { analytics: { status: string } } } } }
        ).Aisle.debug.snapshot().analytics.status === 'ready',
    );
    const m = (await vitalsOf(PATH))[0]!.data.metadata!;
    expect(m.lcp_ms as number).toBeCloseTo(browserLcp, 0);
    expect(m.lcp_element).toEqual(expect.any(String));
    expect(m).toMatchObject({ device_class: 'desktop' });
    for (const field of ['ttfb_ms', 'first_screen_ms', 'take_over_ms', 'filter_update_ms', 'cls'])
      expect(m[field], field).toEqual(expect.any(Number));
    expect(m.take_over_ms as number).toBeGreaterThanOrEqual(m.first_screen_ms as number);
    // Only once: leaving the second page too does not send the first page's vitals again (the
    // third page, still on show, has not sent its own yet).
    await page.goto(`${baseUrl}${PATH}`);
    await expect.poll(async () => (await vitalsOf('/maple/vsm/')).length, { timeout: 15_000 }).toBe(1);
    expect(await vitalsOf(PATH)).toHaveLength(1);
    await page.close();
  });
});
