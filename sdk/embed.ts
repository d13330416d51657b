/**
 * The loader of the production embed (`dist/embed/aisle.js`, a classic script of a few kilobytes).
 * It defines `window.Aisle`, reads the render context from `#aisle-context`, adopts Aisle's
 * stylesheet, asks for the app (React, the stores and the screens: one classic script beside it)
 * at once, and meanwhile draws the listing's first screen from the page's data with the DOM alone
 * (sdk/firstPaint), which the app's screen replaces when it arrives. It never throws into the host
 * page: every failure is one console message.
 */
import type { AisleApp } from './app.js';
import { FIRST_SCREEN_CSS } from './ui/stylesheet.js';
import {
  CONTEXT_ELEMENT_ID,
  GLOBAL_NAME,
  emptyDebugSnapshot,
  type AisleGlobal,
  type WindowWithAisle,
} from './contract.js';
import { VERSION } from './version.js';
import type { FirstPaint } from './host/firstPaintHandover.js';
import { HostEvents } from './host/hostEvents.js';
import { CardSlotRegistry } from './host/cardSlots.js';
import { LAYOUT_STYLESHEET, wantsUnstyled } from './host/unstyled.js';
import { paintFirstScreen } from './firstPaint/paint.js';

// Every locale's words travel in this script (about 1.2 KB gzip each): the build inlines the loader
// of each row of sdk/core/locales.ts, so the first paint draws a page in any shipped locale as soon
// as an English one, without a request (scripts/aisleJs.test.ts checks it).

const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? '';
/** When this script began to run: the first paint counts it toward its first task's share. */
const evaluatedAt = performance.now();
let appPromise: Promise<AisleApp> | undefined;

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

/**
 * Starts downloading the app's script without running it: it runs once the first screen is drawn,
 * so on a fast connection its evaluation does not cut into the drawing.
 */
function preloadApp(): void {
  if (appPromise || preload || registeredApp()) return;
  preload = document.createElement('link');
  preload.rel = 'preload';
  preload.as = 'script';
  // Ahead of the first screen's images, which would otherwise share the connection with it.
  preload.setAttribute('fetchpriority', 'high');
  preload.href = appUrl();
  document.head.appendChild(preload);
}

function dropPreload(): void {
  preload?.remove();
  preload = null;
}

/**
 * The app: its script (beside aisle.js, named by the build) is added on the first call (the
 * download a preload started is reused); a failed load is tried again on the next mount.
 */
function loadApp(): Promise<AisleApp> {
  appPromise ??= new Promise<AisleApp>((resolve, reject) => {
    const present = registeredApp();
    if (present) return resolve(present);
    const script = document.createElement('script');
    script.src = appUrl();
    script.async = true;
    script.addEventListener('load', () => {
      dropPreload();
      const app = registeredApp();
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
/** The page's handlers of Aisle's events: registered at any time, the app calls them. */
const hostEvents = new HostEvents();
/** The page's card slots: set at any time, drawn by the app. */
const cardSlots = new CardSlotRegistry();
/** The first screen drawn by this script, until the app's replaces it. */
let painted: FirstPaint | null = null;
/** Counts mount and unmount calls: an unmount while the app still loads cancels that mount. */
let generation = 0;
/** Aisle's rules as a constructed sheet (adopted by the document, or not yet), or the linked aisle.css. */
let stylesheet:
  { sheet: CSSStyleSheet; adopted: boolean; app?: CSSStyleSheet } | { link: HTMLLinkElement; file: string } | undefined;

/** Longest wait for a linked aisle.css before rendering anyway (a blocked stylesheet must not block Aisle). */
const STYLES_WAIT_MS = 3000;

/**
 * Aisle's rules as a constructed sheet, parsed once and not yet applied; false where the browser
 * has no constructed sheets. They travel inside aisle.js: no request to wait for, and a page's
 * style-src policy, which governs style elements, does not apply to them.
 */
function constructStyles(): boolean {
  if (stylesheet) return 'sheet' in stylesheet;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(FIRST_SCREEN_CSS);
    stylesheet = { sheet, adopted: false };
    return true;
  } catch {
    return false;
  }
}

/**
 * Applies the constructed sheet to the document. The first paint does it as it rehearses the
 * screen, off the page's view (see paint.ts), not before: every rule starts with Aisle's root, so the
 * retailer's content looks the same either way, but each application makes the browser restyle it.
 */
function adoptStyles(): void {
  if (!stylesheet || !('sheet' in stylesheet) || stylesheet.adopted) return;
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, stylesheet.sheet];
  stylesheet.adopted = true;
}

/**
 * Loads the fonts of the first screen's text (Aisle's font stack in each weight its rules use) by
 * measuring a word in each on a canvas, apart from the page. The browser keeps a font once loaded;
 * left alone, it loads each one while laying out the frame that first shows the screen, about a
 * fifth of that frame on a phone.
 */
function loadFonts(): void {
  const stack = /--aisle-font:([^;]+)/.exec(FIRST_SCREEN_CSS)?.[1];
  const canvas = document.createElement('canvas').getContext('2d');
  if (!stack || !canvas) return;
  for (const weight of new Set(FIRST_SCREEN_CSS.match(/font-weight: *\d+/g))) {
    canvas.font = `${weight.slice(12)} 15px ${stack}`;
    canvas.measureText('Aisle');
  }
}

/**
 * Installs Aisle's rules once: the constructed sheet, or where there is none, aisle.css linked from
 * beside aisle.js.
 */
function loadStyles(unstyled: boolean): Promise<void> {
  // The unstyled mode's rules (the layout's only) are a file of their own beside aisle.js.
  const file = unstyled ? LAYOUT_STYLESHEET : 'aisle.css';
  if (stylesheet && 'link' in stylesheet && stylesheet.file === file && stylesheet.link.isConnected)
    return Promise.resolve();
  // A mount in the other mode takes the previous mode's rules away.
  if (stylesheet && ('sheet' in stylesheet ? unstyled : stylesheet.file !== file)) removeStyles();
  if (!unstyled && constructStyles()) {
    adoptStyles();
    return Promise.resolve();
  }
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL(file, scriptSrc || location.href).href;
  link.setAttribute('data-aisle-styles', '');
  stylesheet = { link, file };
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, STYLES_WAIT_MS);
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    document.head.appendChild(link);
  });
}

/**
 * Adds the app's own rules (what only the app draws) after the first screen's, when those are a
 * constructed sheet; a linked aisle.css holds them already.
 */
function adoptAppStyles(css: string): void {
  if (!stylesheet || !('sheet' in stylesheet) || stylesheet.app) return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    stylesheet.app = sheet;
  } catch {
    /* the listing stays usable without them, if plainer */
  }
}

function removeStyles(): void {
  if (stylesheet && 'sheet' in stylesheet) {
    const { sheet, app } = stylesheet;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet && s !== app);
  } else stylesheet?.link.remove();
  stylesheet = undefined;
}

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
  // the rules are in place by then (the drawing applies them as it puts the screen in), unless an
  // unmount came meanwhile: it took them away for good.
  const styled = drawn.then(() => (ticket === generation ? loadStyles(wantsUnstyled(context)) : undefined));
  return Promise.all([drawn.then(loadApp), styled]).then(
    async ([app]) => {
      loaded = app;
      if (ticket === generation) adoptAppStyles(app.css);
      // The app's code was evaluated in this task: its mount runs in a task of its own, so that
      // neither makes a long one.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (ticket !== generation) return paint?.withdraw();
      return app.mount(context, paint, hostEvents.emit, cardSlots);
    },
    (error: unknown) => {
      // Without the app the drawn screen cannot work: the page gets its own content back.
      paint?.withdraw();
      throw error;
    },
  );
}

const aisle: AisleGlobal = {
  version: VERSION,
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
    removeStyles();
    hostEvents.clear();
    cardSlots.set(null);
  },
  on: (name, handler) => hostEvents.on(name, handler),
  off: (name, handler) => hostEvents.off(name, handler),
  setCardSlots: (slots) => cardSlots.set(slots),
  debug: {
    snapshot(): unknown {
      return loaded ? loaded.snapshot() : emptyDebugSnapshot();
    },
  },
};

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
  // The first screen is drawn only with Aisle's rules at hand (a linked aisle.css may come later,
  // and an unstyled page waits for the retailer's rules to apply to the app's classes).
  const draw = (cancelled: () => boolean) =>
    paintFirstScreen(context, window, {
      cancelled,
      taskStartedAt,
      beforeDrawing: loadFonts,
      applyRules: adoptStyles,
      cardSlots: () => cardSlots.shape(),
    });
  mountApp(context, !wantsUnstyled(context) && constructStyles() ? draw : undefined)
    .catch((error: unknown) => console.error('[Aisle] could not start:', error))
    .finally(() => (painted = null));
}

const page = window as WindowWithAisle;
if (!page[GLOBAL_NAME]) {
  page[GLOBAL_NAME] = aisle;
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
