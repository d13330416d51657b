/**
 * The extension's Firefox build (.output/firefox-mv2) in Firefox ESR: installed as a temporary
 * add-on over WebDriver BiDi, its pages opened as tabs, and the popup driven as a person would.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { launchFirefox } from './drivers/firefox.js';
import { pollUntil } from './drivers/poll.js';

/** The unpacked Firefox build of the extension. */
export const FIREFOX_EXTENSION_DIR = resolve('.output/firefox-mv2');
/** The add-on's id (wxt.config.ts, browser_specific_settings.gecko.id). */
const ADDON_ID = 'preview@aisle.example';
/** The add-on's internal UUID, fixed by a preference so its pages have a known address. */
const ADDON_UUID = '3b0c5a47-9d1e-4f53-8a7e-aa15e0000025';

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Builds the Firefox extension unless `.output/firefox-mv2` is newer than its sources. */
export function buildFirefoxExtensionIfStale(): void {
  const manifest = join(FIREFOX_EXTENSION_DIR, 'manifest.json');
  const sources = Math.max(...['extension', 'sdk', 'wxt.config.ts'].map((p) => newestMtime(resolve(p))));
  if (existsSync(manifest) && statSync(manifest).mtimeMs > sources) return;
  execSync('npx wxt build -b firefox', { stdio: 'pipe' });
}

/**
 * Firefox ESR with the extension installed as a temporary add-on; in `profile` when given, where a
 * temporary add-on's storage.local outlives Firefox's close as an installed add-on's does.
 */
export async function launchFirefoxWithExtension(profile?: string): Promise<Browser> {
  const browser = await launchFirefox(
    {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
      // Firefox removes a temporary add-on when it closes, and with it its storage, unless told not to.
      ...(profile ? { 'extensions.webextensions.keepStorageOnUninstall': true } : {}),
    },
    // WebDriver BiDi refuses to navigate a tab to a moz-extension:// page without this flag.
    ['--remote-allow-system-access'],
    profile,
  );
  await browser.installExtension(FIREFOX_EXTENSION_DIR);
  return browser;
}

/** The address of one of the extension's pages. */
export const extensionUrl = (path: string): string => `moz-extension://${ADDON_UUID}/${path}`;

/**
 * Opens an extension page in a new tab. Firefox never reports the load of a moz-extension:// page
 * to BiDi's navigate, so the navigation is not awaited: the page is polled until it has loaded.
 */
export async function openExtensionTab(browser: Browser, path: string): Promise<Page> {
  const page = await browser.newPage();
  const url = extensionUrl(path);
  void page.goto(url, { timeout: 60_000 }).catch(() => undefined);
  await pollUntil(
    () => page.evaluate((wanted) => location.href === wanted && document.readyState === 'complete', url),
    20_000,
    `${url} to load`,
  );
  return page;
}

/** The id of the tab showing `url`, asked through an extension page. */
export function tabIdOf(extensionPage: Page, url: string): Promise<number> {
  return extensionPage.evaluate(async (wanted) => {
    type Tabs = { query(q: object): Promise<Array<{ id?: number; url?: string }>> };
    const tabs = await (globalThis as unknown as { browser: { tabs: Tabs } }).browser.tabs.query({});
    const tab = tabs.find((t) => t.url === wanted);
    if (tab?.id === undefined) throw new Error(`no tab shows ${wanted}`);
    return tab.id;
  }, url);
}

/** What the journeys do with the popup page (opened as a tab for the shop's tab). */
export function firefoxPopup(popup: () => Page) {
  const status = () => popup().evaluate(() => document.querySelector('[data-testid="status"]')?.textContent ?? '');
  return {
    status,
    async choose(name: string, value: string): Promise<void> {
      await popup().select(`select[name="${name}"]`, value);
    },
    /** Replaces a text field's value as typed, then leaves the field (where the popup saves it). */
    async typeField(name: string, value: string): Promise<void> {
      const field = `[name="${name}"]`;
      await popup().waitForSelector(field);
      await popup().evaluate((s) => {
        const el = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(s)!;
        el.focus();
        el.select();
      }, field);
      if (value) await popup().keyboard.type(value);
      else await popup().keyboard.press('Backspace');
      await popup().evaluate((s) => document.querySelector<HTMLElement>(s)!.blur(), field);
    },
    async statusContains(text: string): Promise<void> {
      await pollUntil(async () => (await status()).includes(text), 20_000, `the popup to say "${text}"`).catch(
        async (error: unknown) => {
          throw new Error(`the popup never said "${text}"; it says: ${await status()}`, { cause: error });
        },
      );
    },
    /** Flips the preview switch and waits until the popup shows the saved setting. */
    async setEnabled(on: boolean): Promise<void> {
      await popup().click('input[name="enabled"]');
      await popup().waitForFunction(
        (wanted) => document.querySelector<HTMLInputElement>('input[name="enabled"]')?.checked === wanted,
        {},
        on,
      );
    },
    /** The popup reads its tab's address when it opens: reload it after the tab went elsewhere. */
    async reopen(): Promise<void> {
      // The reload is not awaited as a navigation (Firefox does not report an extension page's
      // load over BiDi): a mark on the old document tells the new one from it.
      await popup().evaluate(() => {
        (window as unknown as { __old: boolean }).__old = true;
        setTimeout(() => location.reload());
      });
      await pollUntil(
        () =>
          popup().evaluate(
            () =>
              !(window as unknown as { __old?: boolean }).__old &&
              document.readyState === 'complete' &&
              document.querySelector('[data-testid="status"]') !== null,
          ),
        20_000,
        'the popup to reopen',
      );
    },
  };
}
