/**
 * The support journeys of the extension in Firefox ESR, as Chromium runs them in
 * e2e/inspector.e2e.ts, e2e/extension-groundtruth.e2e.ts and e2e/extension.e2e.ts: a custom
 * tenant imported in the popup, ground truth against the service, export and import, the
 * delivery banners (401, 503, a dropped connection) and a page that runs its own Aisle. The
 * inspector at scale is in extension-firefox-scale.e2e.ts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { DEV_ANALYTICS_ADMIN_KEY } from '../../server/analytics/keys.js';
import { firefoxPage } from '../support/drivers/firefox.js';
import { axeViolationsIn } from '../support/engineAxe.js';
import { engines } from '../support/drivers/index.js';
import { pollUntil } from '../support/drivers/poll.js';
import {
  buildFirefoxExtensionIfStale,
  firefoxPopup,
  launchFirefoxWithExtension,
  openExtensionTab,
  tabIdOf,
} from '../support/firefoxExtension.js';
import { analyticsControls } from '../support/inspector.js';

const baseUrl = inject('baseUrl');
const controls = analyticsControls(baseUrl);
const CARDS = '[data-aisle="grid"] [data-aisle="product"]';
const dlp = `${baseUrl}/maple/womens-running-shoes`;
const text = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);
const has = (page: Page, selector: string, what: string, ms = 30_000) =>
  pollUntil(() => page.evaluate((s) => document.querySelector(s) !== null, selector), ms, what);

/** Replaces a field's value as typed (React hears each key). */
async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.evaluate((s) => {
    const field = document.querySelector<HTMLInputElement>(s)!;
    field.focus();
    field.select();
  }, selector);
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value);
}

describe.skipIf(!engines.includes('firefox'))('the extension’s support journeys in Firefox ESR', () => {
  let browser: Browser;
  let shop: Page;
  let panel: Page;
  let tabId: number;

  beforeAll(async () => {
    buildFirefoxExtensionIfStale();
    await controls.reset();
    browser = await launchFirefoxWithExtension();
    shop = await browser.newPage();
    await shop.setViewport({ width: 1280, height: 900 });
    await shop.goto(dlp);
    await shop.waitForSelector(CARDS);
    const helper = await openExtensionTab(browser, 'popup.html');
    tabId = await tabIdOf(helper, dlp);
    await helper.close();
    panel = await openExtensionTab(browser, `sidepanel.html?tabId=${tabId}`);
    await panel.setViewport({ width: 1280, height: 800 });
  });
  afterAll(async () => {
    await controls.clearFaults();
    await browser?.close();
  });

  it('is readable by everyone: axe-core finds nothing in the panel nor in the popup', async () => {
    await has(panel, '[data-testid="event"]', 'rows');
    expect(await axeViolationsIn(firefoxPage(panel), '.inspector')).toEqual([]);
    const popup = await openExtensionTab(browser, `popup.html?tabId=${tabId}`);
    await has(popup, '[data-testid="status"]', 'the popup');
    expect(await axeViolationsIn(firefoxPage(popup), '.popup')).toEqual([]);
    await popup.close();
  });

  it('imports a custom tenant in the popup, lists it and chooses it; a bad one is refused with its field', async () => {
    const popup = await openExtensionTab(browser, `popup.html?tabId=${tabId}`);
    await has(popup, 'details.import', 'the import box');
    const { typeField } = firefoxPopup(() => popup);
    await popup.evaluate(() => document.querySelector<HTMLDetailsElement>('details.import')!.setAttribute('open', ''));
    await typeField('tenantJson', '{"config": {"id": "acme", "base": "acme"}}');
    await popup.click('button[name="import"]');
    await has(popup, '[data-testid="import-errors"]', 'the import errors');
    expect(await text(popup, '[data-testid="import-errors"]')).toContain('base');
    await typeField(
      'tenantJson',
      '{"config": {"id": "acme", "base": "/acme", "region": "us"}, "demo": {"locales": ["en"]}}',
    );
    await popup.click('button[name="import"]');
    await pollUntil(
      () =>
        popup.evaluate(() => document.querySelector<HTMLSelectElement>('select[name="tenantId"]')?.value === 'acme'),
      10_000,
      'the imported tenant chosen',
    );
    expect(await text(popup, 'details.import')).toContain('acme');
    await popup.close();
  });

  it('compares the panel with what the service stored, and says when the key is refused', async () => {
    await has(panel, '[data-testid="event"][data-event="search:display_results"][data-state="acknowledged"]', 'rows');
    await panel.bringToFront();
    await panel.click('[data-testid="truth"] > summary');
    const compare = async (key: string) => {
      await fill(panel, 'input[name="analyticsHost"]', `${baseUrl}/analytics`);
      await fill(panel, 'input[name="readKey"]', key);
      await panel.evaluate(() =>
        [...document.querySelectorAll<HTMLButtonElement>('.truth-form button')]
          .find((b) => b.textContent === 'Save')!
          .click(),
      );
      await pollUntil(
        () => panel.evaluate(() => document.querySelector<HTMLInputElement>('input[name="readKey"]')!.value === ''),
        10_000,
        'the key saved',
      );
      await panel.click('button[name="compare"]');
    };
    await compare(DEV_ANALYTICS_ADMIN_KEY);
    await has(panel, '[data-testid="truth-result"]', 'the comparison');
    const count = (id: string) => text(panel, `[data-testid="${id}"] summary strong`);
    expect(Number(await count('truth-agreeing'))).toBeGreaterThanOrEqual(2);
    expect(await count('truth-only-service')).toBe('0');
    expect(await panel.content()).not.toContain(DEV_ANALYTICS_ADMIN_KEY);
    await compare('not-a-key');
    await has(panel, '[data-testid="truth-error"]', 'the refusal');
    expect(await text(panel, '[data-testid="truth-error"]')).toContain('refused the key (HTTP 401)');
  });

  it('follows one visitor live, as the service stores their events', async () => {
    await fill(panel, 'input[name="readKey"]', DEV_ANALYTICS_ADMIN_KEY);
    await panel.evaluate(() =>
      [...document.querySelectorAll<HTMLButtonElement>('.truth-form button')]
        .find((b) => b.textContent === 'Save')!
        .click(),
    );
    await panel.click('[data-testid="live"] > summary');
    await panel.click('button[name="liveUseTab"]');
    await panel.click('button[name="liveFollow"]');
    await has(panel, '[data-testid="live-event"][data-event="search:display_results"]', 'the stored events');
    await shop.bringToFront();
    const page = firefoxPage(shop);
    await page.click('.aisle-dropdown__button');
    await page.click({ selector: '[role="option"]', text: 'Low to High' });
    await has(panel, '[data-testid="live-event"][data-event="search:sort"]', 'the new event, live');
    await panel.bringToFront();
    await panel.click('button[name="liveStop"]');
  });

  it("follows the visitor a pasted token names, and the one the page's code names", async () => {
    const token = await shop.evaluate(() => localStorage.getItem('analytics-token'));
    const { visitorId, visitorCode } = await shop.evaluate(
      () =>
        (
          window as unknown as { Aisle: { debug: { snapshot(): { analytics: Record<string, string> } } } }
        ).Aisle.debug.snapshot().analytics,
    );
    expect(visitorCode).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/);
    const value = (name: string) =>
      panel.evaluate((n) => document.querySelector<HTMLInputElement>(`input[name="${n}"]`)!.value, name);
    const status = () => text(panel, '[data-testid="live-status"]');

    await fill(panel, 'input[name="liveVisitor"]', 'someone-else');
    await fill(panel, 'input[name="liveToken"]', 'nonsense');
    await panel.click('button[name="liveFollowToken"]');
    await has(panel, '[data-testid="live-error"]', 'the refusal of a bad token');
    expect(await text(panel, '[data-testid="live-error"]')).toContain('this is not a visitor token');
    expect(await value('liveVisitor')).toBe('someone-else');
    await fill(panel, 'input[name="liveToken"]', token!);
    await panel.click('button[name="liveFollowToken"]');
    await pollUntil(async () => (await status()).includes('found by token subject'), 10_000, 'the subject');
    expect(await value('liveVisitor')).toBe(visitorId);
    expect(await value('liveToken')).toBe('');
    expect(await panel.content()).not.toContain(token!.split('.')[1]);
    await has(panel, '[data-testid="live-event"][data-event="search:sort"]', "the subject's events");
    await panel.click('button[name="liveStop"]');

    await fill(panel, 'input[name="liveVisitor"]', 'someone-else');
    await fill(panel, 'input[name="liveCode"]', visitorCode!.toLowerCase());
    await panel.keyboard.press('Enter');
    await pollUntil(async () => (await status()).includes(`found by code ${visitorCode}`), 10_000, 'the code');
    expect(await value('liveVisitor')).toBe(visitorId);
    await has(panel, '[data-testid="live-event"][data-event="search:sort"]', "the code's visitor's events");
    await panel.click('button[name="liveStop"]');
  });

  it('exports what is shown as JSON, and an import of it reproduces the same table', async () => {
    await panel.evaluate(() => {
      const kept = window as unknown as { __exported?: Blob };
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        if (blob instanceof Blob) kept.__exported = blob;
        return create(blob);
      };
      HTMLAnchorElement.prototype.click = function () {};
    });
    const rows = () =>
      panel.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('[data-testid="event"]'), (r) => [
          r.dataset.id,
          r.dataset.state,
        ]),
      );
    await panel.select('[data-testid="filter-name"]', 'navigate:visit_page');
    const shown = await rows();
    expect(shown.length).toBeGreaterThanOrEqual(1);
    await panel.click('[data-testid="export-json"]');
    await pollUntil(
      () => panel.evaluate(() => (window as unknown as { __exported?: Blob }).__exported !== undefined),
      10_000,
      'the export',
    );
    await panel.select('[data-testid="filter-name"]', '');
    // The file chooser is the browser's: the exported file is handed to the input as a person would pick it.
    await panel.evaluate(async () => {
      const blob = (window as unknown as { __exported: Blob }).__exported;
      const input = document.querySelector<HTMLInputElement>('[data-testid="import"]')!;
      const files = new DataTransfer();
      files.items.add(new File([await blob.text()], 'export.json', { type: 'application/json' }));
      input.files = files.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await has(panel, '[data-testid="imported"]', 'the imported file');
    expect(await rows()).toEqual(shown);
    await panel.click('[data-testid="imported"] button');
    await pollUntil(() => panel.evaluate(() => !document.querySelector('[data-testid="imported"]')), 10_000, 'live');
  });

  it.each([
    [
      { mode: 'status', status: 401 },
      'stuck',
      'Delivery is stuck: the analytics service refuses every token (HTTP 401)',
    ],
    [{ mode: 'status', status: 503 }, 'warning', 'Delivery is retrying: the analytics service answers HTTP 503'],
    [{ mode: 'refuse' }, 'stuck', 'Delivery is stuck: the analytics service cannot be reached'],
  ])(
    'raises the banner while the service answers %o',
    async (fault, level, words) => {
      await controls.fault({ ...fault, count: 1000, paths: ['/v3/event', '/v3/batch'] });
      await shop.bringToFront();
      const page = firefoxPage(shop);
      await page.click('.aisle-dropdown__button');
      await page.click({ selector: '[role="option"]', text: level === 'warning' ? 'Low to High' : 'High to Low' });
      await has(panel, `[data-testid="health"][data-level="${level}"]`, `the ${level} banner`);
      expect(await text(panel, '[data-testid="health"]')).toContain(words);
      await controls.clearFaults();
      // A refused token backs off for tens of seconds before delivery recovers.
      await has(panel, '[data-testid="health"][data-level="ok"]', 'delivery to recover', 60_000);
    },
    120_000,
  );

  it('leaves a page that runs its own Aisle to it when an exact pattern excludes it, and takes it over with a query', async () => {
    const own = `${baseUrl}/maple/mens-rain-jackets`;
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(own);
    await page.waitForSelector(CARDS);
    const helper = await openExtensionTab(browser, 'popup.html');
    const ownTab = await tabIdOf(helper, own);
    await helper.close();
    const popup = await openExtensionTab(browser, `popup.html?tabId=${ownTab}`);
    await has(popup, '[data-testid="status"]', 'the popup');
    const { choose, typeField, setEnabled, statusContains, reopen } = firefoxPopup(() => popup);
    await choose('environment', 'development');
    await typeField('localStack', baseUrl);
    await choose('tenantId', 'maple');
    await typeField('pathPatterns', '/maple/*\n!/maple/mens-rain-jackets');
    await setEnabled(true);
    await page.bringToFront();
    await pollUntil(
      () =>
        page.evaluate(
          () =>
            document.readyState === 'complete' &&
            document.querySelector('[data-aisle="grid"] [data-aisle="product"]') !== null,
        ),
      20_000,
      'the page’s own listing after the reload',
    );
    await reopen();
    await statusContains('outside the path patterns');
    // Content-script patterns match the query too: this address is not excluded, and the preview runs there.
    await page.goto(`${own}?sort=price_desc`);
    await page.waitForSelector(CARDS, { timeout: 20_000 });
    await reopen();
    await statusContains('Aisle is shown');
    expect(await popup.evaluate(() => document.querySelector<HTMLElement>('.status')?.dataset.kind)).toBe('shown');
    await popup.close();
    await page.close();
  });
});
