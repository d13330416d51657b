/**
 * The production entry (`dist/embed/aisle.js`, a classic script). It defines `window.Aisle`, reads
 * the render context from `#aisle-context` and loads the app's module chunks from beside itself.
 * It never throws into the host page: every failure is one console message.
 */
import type { AisleApp } from './app.js';
import { VERSION } from './version.js';

const CONTEXT_ID = 'aisle-context';

const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? '';
let appPromise: Promise<AisleApp> | undefined;

function loadApp(): Promise<AisleApp> {
  appPromise ??= import(/* @vite-ignore */ new URL(__AISLE_APP_CHUNK__, scriptSrc || location.href).href).then(
    (m: { app: AisleApp }) => m.app,
  );
  return appPromise;
}

function emptySnapshot(): unknown {
  return {
    analytics: { status: 'created', visitorId: null, tokenExp: null, events: [] },
    mount: { state: 'none', reason: null },
    search: { loading: false, lastRequest: null, lastLatencyMs: null },
  };
}

let loaded: AisleApp | undefined;
/** Counts mount and unmount calls: an unmount while the app still loads cancels that mount. */
let generation = 0;
let stylesheet: HTMLLinkElement | undefined;

/** Longest wait for aisle.css before rendering anyway (a blocked stylesheet must not block Aisle). */
const STYLES_WAIT_MS = 3000;

/** Links aisle.css (beside aisle.js) once; resolves when it loaded, failed or took too long. */
function loadStyles(): Promise<void> {
  if (stylesheet?.isConnected) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('aisle.css', scriptSrc || location.href).href;
  link.setAttribute('data-aisle-styles', '');
  stylesheet = link;
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

const aisle = {
  version: VERSION,
  /** Renders Aisle for `context`; resolves once the first render is on screen. */
  mount(context: unknown): Promise<void> {
    const ticket = ++generation;
    return Promise.all([loadApp(), loadStyles()]).then(([app]) => {
      loaded = app;
      if (ticket !== generation) return;
      return app.mount(context);
    });
  },
  /** Removes everything Aisle installed and restores the host's content. */
  unmount(): void {
    generation++;
    loaded?.unmount();
    stylesheet?.remove();
    stylesheet = undefined;
  },
  debug: {
    /** A JSON-safe picture of the analytics queue and the search state; never holds the token. */
    snapshot(): unknown {
      return loaded ? loaded.snapshot() : emptySnapshot();
    },
  },
};

/** Reads `#aisle-context`; warns once and returns undefined when it is absent or unparsable. */
function readContext(): unknown {
  const element = document.getElementById(CONTEXT_ID);
  if (!element) {
    console.warn('[Aisle] no render context (#aisle-context) on this page: Aisle is not started.');
    return undefined;
  }
  try {
    return JSON.parse(element.textContent ?? '');
  } catch {
    console.warn('[Aisle] the render context (#aisle-context) is not valid JSON: Aisle is not started.');
    return undefined;
  }
}

function start(): void {
  const context = readContext();
  if (context === undefined) return;
  aisle.mount(context).catch((error: unknown) => console.error('[Aisle] could not start:', error));
}

if (!(window as { Aisle?: unknown }).Aisle) {
  (window as { Aisle?: unknown }).Aisle = aisle;
  if (document.readyState === 'loading') {
    // Loaded without `defer` while the page still parses: when the context is already there, fetch
    // the app and the stylesheet now, so they arrive while the rest of the page parses; the start
    // itself waits for the whole document. A failure here is reported by that start.
    if (document.getElementById(CONTEXT_ID)) {
      loadApp().catch(() => undefined);
      loadStyles().catch(() => undefined);
    }
    document.addEventListener('DOMContentLoaded', start, { once: true });
  } else start();
}
