/**
 * The extension's Aisle, in the page's main world: the app bundled into one classic script (no
 * chunks to load, so the page's CSP cannot stop it), its CSS adopted as a constructable style
 * sheet, and `window.Aisle` claimed before the page's own aisle.js runs when the user chose
 * takeover. It waits for its render context from the relay and reports what it did.
 */
import { app } from '../../sdk/app.js';
import { AISLE_CSS } from '../../sdk/ui/stylesheet.js';
import { VERSION } from '../../sdk/version.js';
import { createPageChannel } from '../lib/pageChannel.js';
import type { PreviewStatus } from '../lib/pageData.js';
import type { PreviewConfig } from '../lib/previewContext.js';
import { MODE_GLOBAL } from '../lib/registration.js';

/** How long after the page's DOM is parsed the preview waits for its main element. */
const MAIN_WAIT_MS = 3000;

type AisleWindow = Window & typeof globalThis & { Aisle?: unknown; [MODE_GLOBAL]?: unknown };

/** Starts the preview in `win`; the mode was set by the one-line script registered before it. */
export function startPreview(win: AisleWindow): void {
  const mode = win[MODE_GLOBAL] === 'stand-aside' ? 'stand-aside' : 'takeover';
  delete win[MODE_GLOBAL];
  const doc = win.document;
  const channel = createPageChannel();
  let claimed = false;
  let config: PreviewConfig | null = null;
  let mountedKey = '';
  let sheet: CSSStyleSheet | null = null;
  let tookOver = false;
  let last: [PreviewStatus['outcome'], string] | null = null;

  const report = (outcome: PreviewStatus['outcome'], message: string): void => {
    last = [outcome, message];
    const status: PreviewStatus = { outcome, tookOver, message, at: Date.now() };
    channel.sendMessage('previewStatus', status).catch(() => undefined);
  };

  const ours = {
    version: VERSION,
    extension: true,
    mount(): Promise<void> {
      // The page's own call after a takeover: the preview stays.
      win.console.info('[Aisle extension] the preview has taken over this page: mount() ignored.');
      return Promise.resolve();
    },
    unmount(): void {
      stop();
    },
    debug: { snapshot: (): unknown => app.snapshot() },
  };

  const claim = (): void => {
    if (claimed) return;
    win.Aisle = ours;
    claimed = true;
  };

  const stop = (): void => {
    app.unmount();
    if (sheet) doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
    sheet = null;
    mountedKey = '';
  };

  const pageHasOwnAisle = (): boolean =>
    doc.getElementById('aisle-context') !== null || doc.querySelector('script[src*="aisle"]') !== null;

  const mount = (next: PreviewConfig): void => {
    const key = JSON.stringify(next);
    if (key === mountedKey) return;
    mountedKey = key;
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(AISLE_CSS);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    }
    let mounted: Promise<void>;
    try {
      mounted = app.mount(next.context);
    } catch (error) {
      mounted = Promise.reject(error);
    }
    const selector = String(next.context.config.mainSelector ?? 'main');
    report('pending', `waiting for the page's ${selector} element`);
    mounted.then(
      () => {
        if (key === mountedKey) report('shown', describe(next));
      },
      (error: unknown) => report('failed', `Aisle could not start: ${String(error).slice(0, 300)}`),
    );
    whenParsed(() =>
      win.setTimeout(() => {
        if (key === mountedKey && !doc.querySelector('.aisle-mount') && !doc.querySelector(selector))
          report('failed', `no element matches "${selector}" on this page: set the main element in the popup`);
      }, MAIN_WAIT_MS),
    );
  };

  const whenParsed = (callback: () => void): void => {
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', callback, { once: true });
    else callback();
  };

  const apply = (): void => {
    if (!config) {
      if (claimed && mountedKey) stop();
      return;
    }
    if (mode === 'takeover') return mount(config);
    // Stand aside: the page's deferred scripts have run by DOMContentLoaded; decide then.
    whenParsed(() => {
      if (!config) return;
      if (!claimed && (win.Aisle !== undefined || pageHasOwnAisle())) {
        const version = (win.Aisle as { version?: unknown } | undefined)?.version;
        return report(
          'stood-aside',
          `this page runs its own Aisle${typeof version === 'string' ? ` ${version.slice(0, 20)}` : ''}: the extension stood aside, as chosen`,
        );
      }
      claim();
      mount(config);
    });
  };

  if (mode === 'takeover') {
    claim();
    whenParsed(() => {
      tookOver = pageHasOwnAisle();
      if (tookOver && last) report(...last);
    });
  }
  channel.onMessage('previewConfig', ({ data }) => {
    config = isPreviewConfig(data) ? data : null;
    apply();
  });
  channel.sendMessage('previewHello').catch(() => undefined);
}

function describe(config: PreviewConfig): string {
  const { context } = config;
  return `showing ${context.config.id} (${context.environment}, ${context.additional.locale})`;
}

/** The relay is the only sender we expect, but the page can post on the same channel. */
function isPreviewConfig(data: unknown): data is PreviewConfig {
  if (typeof data !== 'object' || data === null) return false;
  const { context } = data as Partial<PreviewConfig>;
  return typeof context === 'object' && context !== null && typeof context.config?.id === 'string';
}
