import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './browser.js';
import { VIOLATION_WATCHER_JS } from '../../server/demo/csp.js';

/** The unpacked Chrome build of the extension. */
export const EXTENSION_DIR = resolve('.output/chrome-mv3');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Builds the Chrome extension unless `.output/chrome-mv3` is newer than its sources. */
export function buildExtensionIfStale(): void {
  const manifest = join(EXTENSION_DIR, 'manifest.json');
  const sources = Math.max(...['extension', 'sdk', 'wxt.config.ts'].map((p) => newestMtime(resolve(p))));
  if (existsSync(manifest) && statSync(manifest).mtimeMs > sources) return;
  execSync('npx wxt build', { stdio: 'pipe' });
}

/** A Chromium with the unpacked extension loaded, and the extension's id. */
export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  close(): Promise<void>;
}

/**
 * Launches Chromium (new headless mode) with the extension, in a throw-away profile, or in
 * `profile` (kept on close, so that a test can start the browser again on it).
 */
export async function launchWithExtension(profile?: string): Promise<ExtensionBrowser> {
  const userDataDir = profile ?? mkdtempSync(join(tmpdir(), 'aisle-extension-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
    viewport: { width: 1280, height: 900 },
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    async close() {
      await context.close();
      if (!profile) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Opens an extension page (`popup.html`, `devtools-panel.html`, …) as a normal tab. */
export async function openExtensionPage(
  browser: ExtensionBrowser,
  path: string,
  init?: { devtoolsTabId: number },
): Promise<Page> {
  const page = await browser.context.newPage();
  if (init) {
    // The DevTools panel outside DevTools: the part of chrome.devtools it reads, stubbed.
    await page.addInitScript((tabId) => {
      const devtools = { inspectedWindow: { tabId }, panels: {} };
      // Chromium exposes the API as both `chrome` and `browser`.
      for (const name of ['chrome', 'browser']) {
        const api = (globalThis as unknown as Record<string, Record<string, unknown> | undefined>)[name];
        if (api) api.devtools = devtools;
      }
    }, init.devtoolsTabId);
  }
  await page.goto(`chrome-extension://${browser.extensionId}/${path}`);
  return page;
}

/** The id of the tab showing `url` (asked through an extension page). */
export async function tabIdOf(extensionPage: Page, url: string): Promise<number> {
  return extensionPage.evaluate(async (wanted) => {
    type Tabs = { query(q: object): Promise<Array<{ id?: number; url?: string }>> };
    const tabs = await (globalThis as unknown as { chrome: { tabs: Tabs } }).chrome.tabs.query({});
    const tab = tabs.find((t) => t.url === wanted);
    if (tab?.id === undefined) throw new Error(`no tab shows ${wanted}`);
    return tab.id;
  }, url);
}

/**
 * Stops the extension's service worker, as Chrome does when it has been idle (CDP
 * `Target.closeTarget` on the worker). The worker is marked first, so that `workerRestarted` can
 * tell the fresh worker Chrome starts for the next message from the stopped one.
 */
export async function stopServiceWorker(browser: ExtensionBrowser, anyPage: Page): Promise<void> {
  const worker = browser.context.serviceWorkers().find((w) => w.url().includes(browser.extensionId));
  if (!worker) throw new Error('the extension has no running service worker');
  await worker.evaluate(() => ((globalThis as unknown as { __stopMarker: boolean }).__stopMarker = true));
  const cdp = await browser.context.newCDPSession(anyPage);
  const { targetInfos } = await cdp.send('Target.getTargets');
  for (const target of targetInfos)
    if (target.type === 'service_worker' && target.url.includes(browser.extensionId))
      await cdp.send('Target.closeTarget', { targetId: target.targetId });
  await cdp.detach();
}

/** True when the running service worker is a new one (started after `stopServiceWorker`). */
export async function workerRestarted(browser: ExtensionBrowser): Promise<boolean> {
  const worker =
    browser.context
      .serviceWorkers()
      .filter((w) => w.url().includes(browser.extensionId))
      .at(-1) ?? (await browser.context.waitForEvent('serviceworker'));
  return worker.evaluate(() => !(globalThis as unknown as { __stopMarker?: boolean }).__stopMarker);
}

/** A fake retailer site on its own origin (not the local stack's), for the preview to run on. */
export interface RetailerSite {
  /** `http://localhost:{port}`: another host and port than the stack's `127.0.0.1`. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves retailer pages without Aisle: listings under any path, a product page under `/{x}/p/…`
 * and, with `?csp=strict`, a Content-Security-Policy that allows the page's own origin only (as
 * a retailer that never heard of Aisle's search host would send); with `?csp=script`, a strict
 * `script-src` (a nonce and 'strict-dynamic') and Trusted Types allowing Aisle's policy only, which
 * let requests go anywhere, and the local stack's
 * watcher of CSP violations (`<html data-csp-violations>`).
 */
export async function startRetailerSite(): Promise<RetailerSite> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
    if (url.searchParams.get('csp') === 'strict')
      headers['content-security-policy'] = "default-src 'self'; style-src 'self' 'unsafe-inline'";
    const nonce = url.searchParams.get('csp') === 'script' ? randomBytes(16).toString('base64') : '';
    if (nonce)
      headers['content-security-policy'] =
        `script-src 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'; require-trusted-types-for 'script'; trusted-types aisle`;
    const watcher = nonce ? `<script nonce="${nonce}">${VIOLATION_WATCHER_JS}</script>` : '';
    if (url.pathname.startsWith('/img/') || url.pathname === '/favicon.ico') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('the retailer has no such file');
    }
    const product = /\/p\//.test(url.pathname);
    const body = product
      ? `<main id="main"><h1>Rain jacket</h1><p data-retailer-product>The shop's own product page.</p></main>`
      : `<main id="main"><h1>Our products</h1><p data-retailer-listing>The shop's own listing is shown here.</p></main>`;
    res.writeHead(200, headers);
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">${watcher}<title>Retailer</title></head>
<body><header><a href="/">Retailer home</a></header>${body}<footer>Retailer footer</footer></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
