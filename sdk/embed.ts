/**
 * The loader of the production embed (`dist/embed/aisle.js`, a classic script). The build puts the
 * app itself in the same file, before this code, so the first render waits for no second file. It
 * defines `window.Aisle`, reads the render context from `#aisle-context` and adopts Aisle's
 * stylesheet. It never throws into the host page: every failure is one console message.
 */
import type { AisleApp } from './app.js';
import { AISLE_CSS } from './ui/stylesheet.js';
import {
  CONTEXT_ELEMENT_ID,
  GLOBAL_NAME,
  emptyDebugSnapshot,
  type AisleGlobal,
  type WindowWithAisle,
} from './contract.js';
import { VERSION } from './version.js';

const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? '';
let appPromise: Promise<AisleApp> | undefined;

/** The app the build placed before this loader in aisle.js (absent when another Aisle ran first). */
function loadApp(): Promise<AisleApp> {
  appPromise ??= new Promise<AisleApp>((resolve, reject) => {
    const modules = (globalThis as unknown as Record<symbol, { app?: AisleApp } | undefined>)[
      Symbol.for(__AISLE_APP_REGISTRY__)
    ];
    if (modules?.app) resolve(modules.app);
    else reject(new Error('the app is missing from aisle.js'));
  });
  return appPromise;
}

let loaded: AisleApp | undefined;
/** Counts mount and unmount calls: an unmount while the app still loads cancels that mount. */
let generation = 0;
/** Aisle's rules as a constructed sheet adopted by the document, or the linked aisle.css. */
let stylesheet: { sheet: CSSStyleSheet } | { link: HTMLLinkElement } | undefined;

/** Longest wait for a linked aisle.css before rendering anyway (a blocked stylesheet must not block Aisle). */
const STYLES_WAIT_MS = 3000;

/**
 * Installs Aisle's rules once. They travel inside aisle.js and are adopted as a constructed sheet:
 * no request to wait for, and a page's style-src policy, which governs style elements, does not
 * apply to it. Browsers without constructed sheets get aisle.css linked from beside aisle.js.
 */
function loadStyles(): Promise<void> {
  if (stylesheet && ('sheet' in stylesheet || stylesheet.link.isConnected)) return Promise.resolve();
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(AISLE_CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    stylesheet = { sheet };
    return Promise.resolve();
  } catch {
    // No constructed sheets here: link the file.
  }
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('aisle.css', scriptSrc || location.href).href;
  link.setAttribute('data-aisle-styles', '');
  stylesheet = { link };
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

function removeStyles(): void {
  if (stylesheet && 'sheet' in stylesheet) {
    const { sheet } = stylesheet;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  } else stylesheet?.link.remove();
  stylesheet = undefined;
}

const aisle: AisleGlobal = {
  version: VERSION,
  mount(context: unknown): Promise<void> {
    const ticket = ++generation;
    return Promise.all([loadApp(), loadStyles()]).then(([app]) => {
      loaded = app;
      if (ticket !== generation) return;
      return app.mount(context);
    });
  },
  unmount(): void {
    generation++;
    loaded?.unmount();
    removeStyles();
  },
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

function start(): void {
  const context = readContext();
  if (context === undefined) return;
  // The app's code has just been evaluated in this task: rendering in a task of its own keeps each
  // shorter, so the page answers input in between and a phone sees fewer blocking tasks. A mount or
  // unmount called meanwhile overrides this start.
  const ticket = generation;
  setTimeout(() => {
    if (ticket !== generation) return;
    aisle.mount(context).catch((error: unknown) => console.error('[Aisle] could not start:', error));
  }, 0);
}

const page = window as WindowWithAisle;
if (!page[GLOBAL_NAME]) {
  page[GLOBAL_NAME] = aisle;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
