/**
 * The production entry (`dist/embed/aisle.js`, a classic script). It defines `window.Aisle`, reads
 * the render context from `#aisle-context` and loads the app's module chunks from beside itself.
 * It never throws into the host page: every failure is one console message.
 */
import type { AisleApp } from './app.js';
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

function loadApp(): Promise<AisleApp> {
  appPromise ??= import(/* @vite-ignore */ new URL(__AISLE_APP_CHUNK__, scriptSrc || location.href).href).then(
    (m: { app: AisleApp }) => m.app,
  );
  return appPromise;
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
    stylesheet?.remove();
    stylesheet = undefined;
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
  aisle.mount(context).catch((error: unknown) => console.error('[Aisle] could not start:', error));
}

const page = window as WindowWithAisle;
if (!page[GLOBAL_NAME]) {
  page[GLOBAL_NAME] = aisle;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
