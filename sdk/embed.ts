/**
 * aisle.js, a classic script of a few kilobytes: draws the first screen with the DOM alone while the
 * app loads beside it. It never throws into the host page: every failure is one console message.
 */
import type { AisleApp } from './app.js';
import { FIRST_SCREEN_CSS } from './ui/stylesheet.js';
import { CONTEXT_ELEMENT_ID, GLOBAL_NAME, emptyDebugSnapshot, type WindowWithAisle } from './contract.js';
import { VERSION } from './version.js';
import type { FirstPaint } from './host/firstPaintHandover.js';
import { createAisleInstance, type AisleInstance } from './host/instance.js';
import { wantsUnstyled } from './host/unstyled.js';
import { AisleStyles } from './host/aisleStyles.js';
import { paintFirstScreen } from './firstPaint/paint.js';
import { adoptServerMarkup } from './firstPaint/adopt.js';
import { pageConsent } from './host/pageConsent.js';
import { createAislePolicy, type AislePolicy } from './core/trustedTypes.js';

// Every locale's words travel in this script (about 1.2 KB gzip each): the build inlines the loader
// of each row of sdk/core/locales.ts, so the first paint draws a page in any shipped locale as soon
// as an English one, without a request (scripts/aisleJs.test.ts checks it).

const loaderScript = document.currentScript as HTMLScriptElement | null;
const scriptSrc = loaderScript?.src ?? '';
/**
 * The nonce of the script tag that loaded aisle.js, read while it runs (browsers hide the attribute
 * afterwards): every script Aisle adds carries it, since a page whose CSP allows scripts by nonce
 * alone (no 'strict-dynamic') refuses any other.
 */
const scriptNonce = loaderScript?.nonce ?? '';
/** When this script began to run: the first paint counts it toward its first task's share. */
const evaluatedAt = performance.now();
let appPromise: Promise<AisleApp> | undefined;
/** Aisle's Trusted Types policy on this page, created for the app's script and handed to the app. */
let policy: AislePolicy | null | undefined;

/** The app's modules, once its script has run. */
function registeredApp(): AisleApp | undefined {
  return (globalThis as unknown as Record<symbol, { app?: AisleApp } | undefined>)[Symbol.for(__AISLE_APP_REGISTRY__)]
    ?.app;
}

const appUrl = (): string => new URL(__AISLE_APP_FILE__, scriptSrc || location.href).href;
/** The preload hint for the app's script, until the script itself is in. */
let preload: HTMLLinkElement | null = null;

/**
 * Below this, aisle.js came over a fast connection (or from the cache), and so will the app: its
 * download can wait until the first screen is drawn.
 */
const FAST_FETCH_MS = 50;

/**
 * Whether the app's download should start now, alongside the drawing: on a slow connection it is the
 * longest wait of all, but on a fast one it arrives at once whenever asked for, and receiving and
 * compiling it meanwhile only takes processor time from the drawing (the grid came 16 to 23% sooner
 * without it on a two-core desktop). How long aisle.js itself took to arrive tells them apart;
 * without that figure, the download starts now.
 */
function appNeededEarly(): boolean {
  try {
    const [entry] = scriptSrc ? performance.getEntriesByName(scriptSrc, 'resource') : [];
    return entry === undefined || entry.duration >= FAST_FETCH_MS;
  } catch {
    return true;
  }
}

/** Downloads the app's script without running it, so its evaluation does not cut into the drawing. */
function preloadApp(): void {
  if (appPromise || preload || registeredApp()) return;
  preload = document.createElement('link');
  preload.rel = 'preload';
  preload.as = 'script';
  // Ahead of the first screen's images, which would otherwise share the connection with it.
  preload.setAttribute('fetchpriority', 'high');
  preload.href = appUrl();
  // Without it a nonce-only page refuses the download, and the script could not reuse it.
  if (scriptNonce) preload.nonce = scriptNonce;
  document.head.appendChild(preload);
}

function dropPreload(): void {
  preload?.remove();
  preload = null;
}

/** The app's script, added on the first call (reusing a preload); a failed load is retried on the next mount. */
function loadApp(): Promise<AisleApp> {
  appPromise ??= new Promise<AisleApp>((resolve, reject) => {
    const present = registeredApp();
    if (present) return resolve(present);
    const script = document.createElement('script');
    // A page enforcing Trusted Types takes a script's address only from a policy (Aisle's: `aisle`).
    policy ??= createAislePolicy(window);
    script.src = (policy ? policy.createScriptURL(appUrl()) : appUrl()) as string;
    if (scriptNonce) script.nonce = scriptNonce;
    script.async = true;
    script.addEventListener('load', () => {
      dropPreload();
      const app = registeredApp();
      // The app writes HTML through the same policy: a page allows each name once.
      app?.adoptPolicy(policy ?? null);
      if (app) resolve(app);
      else reject(new Error(`${script.src} did not define the app`));
    });
    script.addEventListener('error', () => {
      dropPreload();
      script.remove();
      reject(new Error(`${script.src} could not load`));
    });
    document.head.appendChild(script);
  });
  appPromise.catch(() => (appPromise = undefined));
  return appPromise;
}

let loaded: AisleApp | undefined;
/** The first screen drawn by this script, until the app's replaces it. */
let painted: FirstPaint | null = null;
/** Counts mount and unmount calls: an unmount while the app still loads cancels that mount. */
let generation = 0;
const styles = new AisleStyles(document, FIRST_SCREEN_CSS, (file) => new URL(file, scriptSrc || location.href).href);

/** Mounts the app for `context` once it is here, handing it the first screen drawn meanwhile. */
function mountApp(context: unknown, draw?: (cancelled: () => boolean) => Promise<FirstPaint | null>): Promise<void> {
  const ticket = ++generation;
  let paint: FirstPaint | null = null;
  // A newer mount or an unmount cancels the drawing (and takes away what was drawn).
  const drawn = (draw ? draw(() => ticket !== generation) : Promise.resolve(null)).then((done) => {
    paint = done;
    if (ticket === generation) painted = done;
  });
  // The app's script is added once the first screen is drawn (its download may have started), and
  // the rules are in place by then (the drawing applies them before it puts the screen in), unless an
  // unmount came meanwhile: it took them away for good.
  const styled = drawn.then(() => (ticket === generation ? styles.load(wantsUnstyled(context)) : undefined));
  return Promise.all([drawn.then(loadApp), styled]).then(
    async ([app]) => {
      loaded = app;
      if (ticket === generation) styles.adoptApp(app.css);
      // The app's code was evaluated in this task: its mount runs in a task of its own, so that
      // neither makes a long one.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (ticket !== generation) return paint?.withdraw();
      instance.step('mount');
      await app.mount(
        context,
        paint,
        instance.hostEvents.emit,
        instance.cardSlots,
        pageConsent(),
        instance.conversions,
      );
      if (ticket !== generation) return;
      const state = (app.snapshot() as { mount?: { state?: unknown } }).mount?.state;
      if (state === 'shown') instance.step('show');
      else if (state === 'kept-host-content') instance.step('keep');
    },
    (error: unknown) => {
      // Without the app the drawn screen cannot work: the page gets its own content back.
      paint?.withdraw();
      throw error;
    },
  );
}

/** This page's Aisle: `window.Aisle` is its public object. */
const instance: AisleInstance = createAisleInstance({
  version: VERSION,
  consent: pageConsent(),
  mount(context: unknown): Promise<void> {
    painted?.withdraw();
    painted = null;
    return mountApp(context);
  },
  unmount(): void {
    generation++;
    dropPreload();
    painted?.withdraw();
    painted = null;
    loaded?.unmount();
    styles.remove();
  },
  snapshot: () => (loaded ? loaded.snapshot() : emptyDebugSnapshot()),
});

/** Reads `#aisle-context`; warns once and returns undefined when it is absent or unparsable. */
function readContext(): unknown {
  const element = document.getElementById(CONTEXT_ELEMENT_ID);
  if (!element) {
    console.warn(`[Aisle] no render context (#${CONTEXT_ELEMENT_ID}) on this page: Aisle is not started.`);
    return undefined;
  }
  try {
    return JSON.parse(element.textContent ?? '');
  } catch {
    console.warn(`[Aisle] the render context (#${CONTEXT_ELEMENT_ID}) is not valid JSON: Aisle is not started.`);
    return undefined;
  }
}

/** Starts Aisle on this page; `taskStartedAt`: when the task it runs in began. */
function start(taskStartedAt: number): void {
  const context = readContext();
  if (context === undefined) return;
  // On a slow connection the app is asked for before anything else, so that its download overlaps
  // the first paint; otherwise it is asked for once the first screen is in.
  if (appNeededEarly()) preloadApp();
  // The retailer's server rendered the listing: nothing is drawn, the app adopts that markup.
  const adopted = wantsUnstyled(context) ? null : adoptServerMarkup(context, window);
  if (adopted) styles.usePageStylesheet();
  // The first screen is drawn only with Aisle's rules at hand (a linked aisle.css may come later,
  // and an unstyled page waits for the retailer's rules to apply to the app's classes).
  const draw = (cancelled: () => boolean) =>
    paintFirstScreen(context, window, {
      cancelled,
      taskStartedAt,
      beforeDrawing: () => styles.loadFonts(),
      applyRules: () => styles.adopt(),
      cardSlots: () => instance.cardSlots.shape(),
    });
  const paints = !adopted && !wantsUnstyled(context) && styles.construct();
  instance.step(adopted ? 'adopt' : paints ? 'paint' : 'mount');
  mountApp(context, adopted ? () => Promise.resolve(adopted) : paints ? draw : undefined)
    .catch((error: unknown) => console.error('[Aisle] could not start:', error))
    .finally(() => (painted = null));
}

const page = window as WindowWithAisle;
if (!page[GLOBAL_NAME]) {
  page[GLOBAL_NAME] = instance.global;
  // In a task of its own, after the one that compiled and ran this script (together they made a
  // long task on a phone): a DOMContentLoaded task, or a message to ourselves, which no timer clamps.
  // A mount or unmount called meanwhile (the page's own script, right after this one) decides instead.
  const ticket = generation;
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', () => ticket === generation && start(performance.now()), {
      once: true,
    });
  else if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      if (ticket === generation) start(performance.now());
    };
    channel.port2.postMessage(null);
  } else start(evaluatedAt);
}
