import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshotPath } from './artifacts.js';
import { freePort, startProgram, startXvfb } from './display.js';
import { describeTarget, findInPage, findSpec } from './find.js';
import { pollUntil, waiters } from './poll.js';
import type { Engine, EnginePage, Key, Target } from './types.js';
import { WebDriverSession, type ElementRef } from './webdriver.js';

/** WebKitGTK's WebDriver server (Debian's webkit2gtk-driver), unless AISLE_WEBKIT_DRIVER names another. */
export const webkitDriverPath = process.env.AISLE_WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';

/** The MiniBrowser the driver automates: AISLE_WEBKIT_BROWSER, else the one beside libwebkit2gtk. */
export function miniBrowserPath(): string {
  if (process.env.AISLE_WEBKIT_BROWSER) return process.env.AISLE_WEBKIT_BROWSER;
  const lib = '/usr/lib/x86_64-linux-gnu';
  const dirs = existsSync(lib) ? readdirSync(lib).filter((d) => d.startsWith('webkit2gtk-')) : [];
  const found = dirs.map((d) => `${lib}/${d}/MiniBrowser`).find((path) => existsSync(path));
  if (!found) throw new Error(`no MiniBrowser under ${lib}/webkit2gtk-*: apt-get install -y webkit2gtk-driver`);
  return found;
}

/**
 * A GTK configuration that shrinks MiniBrowser's toolbar to nothing: its buttons and address box
 * keep the window at least 447 px wide, and a phone's 375 px viewport needs a narrower one.
 * (GTK's CSS styles the browser's own widgets only, never the web page.)
 */
function shrunkToolbarConfig(): string {
  const home = mkdtempSync(join(tmpdir(), 'aisle-webkit-gtk-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(
    join(home, 'gtk-3.0', 'gtk.css'),
    '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n',
  );
  return home;
}

/** WebDriver's code points for the keys journeys press. */
const KEYS: Record<Key, string> = {
  Escape: '\uE00C',
  Enter: '\uE007',
  Tab: '\uE004',
  ArrowLeft: '\uE012',
  ArrowRight: '\uE014',
  Backspace: '\uE003',
  End: '\uE010',
  Home: '\uE011',
};

/**
 * WebKitGTK's MiniBrowser, driven over W3C WebDriver by WebKitWebDriver, under its own Xvfb.
 * Its tabs are one window used in turn: opening a tab closes the one before, and closing a tab
 * drops the storage of the origin it showed, so every tab starts as a fresh profile would.
 */
export async function launchWebKitEngine(): Promise<Engine> {
  if (!existsSync(webkitDriverPath))
    throw new Error(`WebKitWebDriver not found at ${webkitDriverPath}: apt-get install -y webkit2gtk-driver`);
  const binary = miniBrowserPath();
  const xvfb = await startXvfb();
  const port = await freePort();
  const config = shrunkToolbarConfig();
  const driver = startProgram(webkitDriverPath, [`--port=${port}`], { DISPLAY: xvfb.display, XDG_CONFIG_HOME: config });
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await driver.stop();
    await xvfb.stop();
    rmSync(config, { recursive: true, force: true });
  };
  try {
    await pollUntil(
      async () => ((await (await fetch(`${endpoint}/status`)).json()) as { value: { ready: boolean } }).value.ready,
      10_000,
      `WebKitWebDriver on ${endpoint} (${driver.output()})`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const open = (): Promise<WebDriverSession> =>
    WebDriverSession.start(endpoint, { 'webkitgtk:browserOptions': { binary, args: ['--automation'] } });
  // One session (one MiniBrowser) for the whole file: WebKitWebDriver runs one session at a time,
  // and starting a MiniBrowser per test costs a second and now and then never answers.
  let session = await open();
  let current: EnginePage | undefined;
  return {
    name: 'webkit',
    version: `webkitgtk/${String(session.capabilities.browserVersion)}`,
    async newPage(viewport = { width: 1280, height: 900 }) {
      // A test that failed left its tab open: clean it up, or start afresh if the browser is stuck.
      if (current) {
        await current.close().catch(async () => {
          await session.end().catch(() => undefined);
          session = await open();
        });
      }
      const page = webkitPage(session, () => (current = undefined));
      current = page;
      await page.setViewport(viewport.width, viewport.height);
      return page;
    },
    async close() {
      await session.end().catch(() => undefined);
      await stop();
    },
  };
}

/**
 * Collects the page's errors in the page (WebDriver classic has no console or error events): run
 * after each load, so errors thrown while a page loads are not seen.
 */
const COLLECT_ERRORS = `if (!window.__aisleErrors) {
  const list = (window.__aisleErrors = []);
  addEventListener('error', (e) => list.push('pageerror: ' + e.message));
  addEventListener('unhandledrejection', (e) => list.push('pageerror: ' + String(e.reason)));
  const error = console.error;
  console.error = function (...args) { list.push('console: ' + args.map(String).join(' ')); return error.apply(this, args); };
}`;

function webkitPage(session: WebDriverSession, onClose: () => void): EnginePage {
  const seen: string[] = [];
  const watch = () =>
    session.executeSync(COLLECT_ERRORS, []).then(
      () => undefined,
      () => undefined,
    );
  /** Moves what the current document collected into `seen` (before it is left). */
  const harvest = async () => {
    const found = await session
      .executeSync<string[] | null>('const l = window.__aisleErrors; return l ? l.splice(0) : null;', [])
      .catch(() => null);
    if (found) seen.push(...found);
  };
  const evaluate: EnginePage['evaluate'] = async (fn, arg) => {
    // Async so that a function returning a promise is awaited, as in the other engines.
    const result = await session.executeAsync<{ ok: boolean; value?: unknown; error?: string }>(
      `const done = arguments[arguments.length - 1];
       Promise.resolve().then(() => (${String(fn)})(arguments[0])).then(
         (value) => done({ ok: true, value: value === undefined ? null : value }),
         (error) => done({ ok: false, error: String(error) + ' at ' + ((error && error.stack) || '') }));`,
      [arg ?? null],
    );
    if (!result.ok) throw new Error(`in the page: ${result.error}`);
    return result.value as never;
  };
  const element = async (target: Target): Promise<ElementRef> => {
    await page.waitForSelector(target);
    const ref = await session.executeSync<ElementRef | null>(`return (${String(findInPage)})(arguments[0]);`, [
      findSpec(target),
    ]);
    if (!ref) throw new Error(`no element ${describeTarget(target)}`);
    return ref;
  };
  const keys = (values: string[]) =>
    session.performActions([
      {
        type: 'key',
        id: 'keyboard',
        actions: values.flatMap((value) => [
          { type: 'keyDown' as const, value },
          { type: 'keyUp' as const, value },
        ]),
      },
    ]);
  const page: EnginePage = {
    engine: 'webkit',
    async goto(url) {
      await harvest();
      await session.navigate(url);
      await watch();
    },
    url: () => session.url(),
    evaluate,
    click: async (target) => void (await session.click(await element(target))),
    async type(target, text) {
      const ref = await element(target);
      await session.executeSync('arguments[0].focus(); if (arguments[0].select) arguments[0].select();', [ref]);
      await keys([...text]);
    },
    press: async (key) => void (await keys([KEYS[key]])),
    async drag(target, dx, dy) {
      const ref = await element(target);
      await session.executeSync("arguments[0].scrollIntoView({ block: 'center' });", [ref]);
      const steps = Array.from({ length: 8 }, () => ({
        type: 'pointerMove' as const,
        x: Math.round(dx / 8),
        y: Math.round(dy / 8),
        origin: 'pointer' as const,
        duration: 16,
      }));
      await session.performActions([
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', x: 0, y: 0, origin: ref },
            { type: 'pointerDown', button: 0 },
            ...steps,
            { type: 'pointerUp', button: 0 },
          ],
        },
      ]);
      await session.releaseActions();
    },
    async setViewport(width, height) {
      // WebDriver sizes the window: add what the window's frame and toolbar take, and wait for the
      // page to see each new size (the window is resized asynchronously).
      const want = { width, height };
      let size = { width, height };
      for (let attempt = 0; attempt < 4; attempt++) {
        const rect = await session.setWindowRect(size);
        await pollUntil(
          () => evaluate((r) => window.outerWidth === r.width && window.outerHeight === r.height, rect),
          5_000,
          `MiniBrowser's window to become ${rect.width}×${rect.height}`,
        ).catch(() => undefined);
        const inner = await evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
        if (inner.width === want.width && inner.height === want.height) return;
        size = { width: size.width + want.width - inner.width, height: size.height + want.height - inner.height };
      }
      const now = await evaluate(() => `${window.innerWidth}×${window.innerHeight}`);
      throw new Error(`MiniBrowser's viewport is ${now}, not ${width}×${height}`);
    },
    ...waiters({ evaluate }),
    async screenshot(name) {
      writeFileSync(screenshotPath('webkit', name), Buffer.from(await session.screenshot(), 'base64'));
    },
    back: () =>
      harvest()
        .then(() => session.back())
        .then(watch),
    forward: () =>
      harvest()
        .then(() => session.forward())
        .then(watch),
    reload: () =>
      harvest()
        .then(() => session.refresh())
        .then(watch),
    async errors() {
      await harvest();
      return [...seen];
    },
    async close() {
      await forgetOrigin(session);
      onClose();
    },
  };
  return page;
}

/**
 * Leaves the page and drops its origin's storage (localStorage, sessionStorage, cookies, IndexedDB).
 * The page is left first, since a page saves its state (the analytics outbox) as it goes: the
 * storage is cleared from a same-origin document without Aisle, the stack's own stylesheet.
 */
async function forgetOrigin(session: WebDriverSession): Promise<void> {
  const { origin, protocol } = new URL(await session.url());
  if (protocol === 'http:' || protocol === 'https:') {
    await session.navigate(`${origin}/embed/aisle.css`);
    await session.executeAsync(
      `const done = arguments[arguments.length - 1];
       localStorage.clear();
       sessionStorage.clear();
       (indexedDB.databases ? indexedDB.databases() : Promise.resolve([]))
         .then((dbs) => Promise.all(dbs.map((db) => new Promise((resolve) => {
           const request = indexedDB.deleteDatabase(db.name);
           request.onsuccess = request.onerror = request.onblocked = resolve;
         }))))
         .then(() => done(null), () => done(null));`,
      [],
    );
    await session.deleteCookies();
  }
  await session.navigate('about:blank');
}
