import type { ElementHandle, Page } from 'playwright-core';
import { launchChromium } from '../browser.js';
import { screenshotPath } from './artifacts.js';
import { describeTarget, findInPage, findSpec } from './find.js';
import { waiters } from './poll.js';
import type { Engine, EnginePage, Target } from './types.js';

/** Chromium (Debian's) through playwright-core, over the DevTools protocol. */
export async function launchChromiumEngine(): Promise<Engine> {
  const browser = await launchChromium();
  return {
    name: 'chromium',
    version: `chromium/${browser.version()}`,
    async newPage(viewport = { width: 1280, height: 900 }) {
      // A context per tab: its own storage, as a fresh profile.
      const context = await browser.newContext({ viewport });
      return chromiumPage(await context.newPage());
    },
    close: () => browser.close(),
  };
}

function chromiumPage(page: Page): EnginePage {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && errors.push(`console: ${message.text()}`));
  const element = async (target: Target): Promise<ElementHandle> => {
    await adapter.waitForSelector(target);
    const handle = (await page.evaluateHandle(findInPage, findSpec(target))).asElement();
    if (!handle) throw new Error(`no element ${describeTarget(target)}`);
    return handle as ElementHandle;
  };
  const adapter: EnginePage = {
    engine: 'chromium',
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    click: async (target) => (await element(target)).click(),
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
      const handle = await element(target);
      await handle.scrollIntoViewIfNeeded();
      const box = (await handle.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y + dy, { steps: 8 });
      await page.mouse.up();
    },
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    ...waiters({ evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never }),
    screenshot: async (name) => void (await page.screenshot({ path: screenshotPath('chromium', name) })),
    back: async () => void (await page.goBack({ waitUntil: 'commit' })),
    forward: async () => void (await page.goForward({ waitUntil: 'commit' })),
    reload: async () => void (await page.reload()),
    errors: async () => [...errors],
    close: () => page.context().close(),
  };
  return adapter;
}
