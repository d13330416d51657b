import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { screenshotPath } from './artifacts.js';
import { describeTarget, findInPage, findSpec } from './find.js';
import { waiters } from './poll.js';
import type { Engine, EnginePage, Target } from './types.js';

/** The Firefox the tests drive: Debian's ESR, unless AISLE_FIREFOX names another. */
export const firefoxPath = process.env.AISLE_FIREFOX ?? '/usr/bin/firefox-esr';

/**
 * Launches Firefox ESR headless over WebDriver BiDi, or says how to install it; in `profile` when
 * given (kept on close, so that a test can start Firefox again on it), else a throw-away one.
 */
export async function launchFirefox(
  extraPrefs: Record<string, unknown> = {},
  args: string[] = [],
  profile?: string,
): Promise<Browser> {
  if (!existsSync(firefoxPath))
    throw new Error(
      `Firefox not found at ${firefoxPath}. Install Debian's ESR with ` +
        '`apt-get install -y firefox-esr`, or set AISLE_FIREFOX to a Firefox binary.',
    );
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    protocol: 'webDriverBiDi',
    headless: true,
    args,
    userDataDir: profile,
    // No update checks, telemetry or remote settings: the network is closed.
    extraPrefsFirefox: { 'app.update.enabled': false, 'toolkit.telemetry.enabled': false, ...extraPrefs },
  });
}

/** Firefox ESR through puppeteer-core over WebDriver BiDi. */
export async function launchFirefoxEngine(): Promise<Engine> {
  const browser = await launchFirefox();
  return {
    name: 'firefox',
    version: await browser.version(),
    async newPage(viewport = { width: 1280, height: 900 }) {
      // A user context per tab: its own cookies and storage.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      // After earlier tabs of the file were closed, a click in a new tab could go unanswered
      // (the pagination journey, never when run alone) unless the tab is brought to the front.
      await page.bringToFront();
      await page.setViewport(viewport);
      return firefoxPage(page);
    },
    close: () => browser.close(),
  };
}

/** The EnginePage of a puppeteer page (also used by the extension's Firefox journeys). */
export function firefoxPage(page: Page): EnginePage {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${String(error)}`));
  page.on('console', (message) => message.type() === 'error' && errors.push(`console: ${message.text()}`));
  const element = async (target: Target): Promise<ElementHandle<Element>> => {
    await adapter.waitForSelector(target);
    const handle = (await page.evaluateHandle(findInPage, findSpec(target))).asElement();
    if (!handle) throw new Error(`no element ${describeTarget(target)}`);
    return handle as ElementHandle<Element>;
  };
  const evaluate: EnginePage['evaluate'] = (fn, arg) => page.evaluate(fn as never, arg) as never;
  const adapter: EnginePage = {
    engine: 'firefox',
    goto: async (url) => void (await page.goto(url)),
    // Asked of the page: a page restored from the back/forward cache is not reported over BiDi.
    url: () => evaluate(() => location.href),
    evaluate,
    async click(target) {
      // The layout can still move between measuring and clicking (it did under load): a click
      // that reached no control is measured and made again; one that reached another control fails.
      for (let attempt = 1; ; attempt++) {
        const handle = await element(target);
        const { x, y } = await middleOf(handle);
        await handle.evaluate((el) => {
          const w = window as unknown as { __aisleClick?: string };
          w.__aisleClick = 'none';
          document.addEventListener(
            'click',
            (e) => {
              const reached = e.target as Element;
              const control = reached.closest(
                'a, button, input, select, textarea, label, [role="button"], [role="option"], [role="checkbox"], [role="slider"]',
              );
              w.__aisleClick = el.contains(reached) ? 'hit' : control ? control.outerHTML.slice(0, 120) : 'missed';
            },
            { capture: true, once: true },
          );
        });
        await page.mouse.click(x, y);
        // Read and removed: the pages under test count the names on their window.
        const outcome = await evaluate(() => {
          const w = window as unknown as { __aisleClick?: string };
          const seen = w.__aisleClick;
          delete w.__aisleClick;
          return seen;
        }).catch(
          () => 'hit', // the click navigated away: it reached a link
        );
        // 'none': no click event at all (the element acted on the press and went): not retried.
        if (outcome === 'hit' || outcome === 'none' || outcome === undefined) return;
        if (outcome !== 'missed' || attempt === 3)
          throw new Error(`the click on ${describeTarget(target)} reached ${outcome}`);
      }
    },
    async type(target, text) {
      const handle = await element(target);
      await handle.evaluate((el) => {
        (el as HTMLElement).focus();
        (el as HTMLInputElement).select?.();
      });
      await page.keyboard.type(text, { delay: 10 });
    },
    press: (key) => page.keyboard.press(key),
    async drag(target, dx, dy) {
      const { x, y } = await middleOf(await element(target));
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y + dy, { steps: 8 });
      await page.mouse.up();
    },
    setViewport: (width, height) => page.setViewport({ width, height }),
    ...waiters({ evaluate }),
    screenshot: async (name) =>
      void (await page.screenshot({ path: screenshotPath('firefox', name) as `${string}.png` })),
    // History moves within the document fire no load: ask the page, as its own Back button would.
    back: () => evaluate(() => history.back()),
    forward: () => evaluate(() => history.forward()),
    reload: async () => void (await page.reload()),
    errors: async () => [...errors],
    close: () => page.browserContext().close(),
  };
  return adapter;
}

/**
 * The element's middle in the viewport, once it is scrolled into view and has stopped moving.
 * Puppeteer's own click, in Firefox over BiDi, missed Aisle's pagination at the end of a long grid
 * (the position it read was not where the link ended up): scroll first, then wait for a box that
 * has stopped moving and whose middle reaches the element.
 */
async function middleOf(handle: ElementHandle<Element>): Promise<{ x: number; y: number }> {
  // No named functions inside: tsx (the bench) would wrap them in a `__name` helper the page lacks.
  return handle.evaluate(async (el) => {
    let last = '';
    for (let frame = 0; frame < 240; frame++) {
      if (frame % 30 === 0) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const box = el.getBoundingClientRect();
      const now = `${box.left},${box.top},${box.width},${box.height}`;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      // Settled, and the element is what a click there reaches (as Playwright checks before clicking).
      const top = document.elementFromPoint(x, y);
      if (now === last && top !== null && (el === top || el.contains(top))) return { x, y };
      last = now;
    }
    throw new Error(`the element never settled where a click reaches it: ${el.outerHTML.slice(0, 120)}`);
  });
}
