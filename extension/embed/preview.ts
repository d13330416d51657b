/**
 * The extension's Aisle, in the page's main world: the app bundled into one classic script (no
 * chunks to load, so the page's CSP cannot stop it), its CSS adopted as a constructable style
 * sheet, and `window.Aisle` claimed before the page's own aisle.js runs when the user chose
 * takeover. It waits for its render context from the relay and reports what it did.
 */
import { createPageChannel } from '../lib/pageChannel.js';
import type { PreviewStatus } from '../lib/pageData.js';
import type { PreviewConfig } from '../lib/previewContext.js';
import { MODE_GLOBAL } from '../lib/registration.js';
import { isValidSelector } from '../lib/selector.js';
import { describe, isPreviewConfig, missingParts, productsInWords, sameOrigin, searchedPage } from './previewFacts.js';
import { LISTING_SETTLE_MS, watchListing, watchRoute } from './previewWatch.js';
import { CONTEXT_ELEMENT_ID, DEBUG_EVENT, GLOBAL_NAME, type WindowWithAisle, VERSION } from '../../sdk/public/tools.js';
import {
  app,
  createAisleInstance,
  keepLayoutOnly,
  wantsUnstyled,
  AISLE_CSS,
  PageConsent,
  sendsGpc,
} from '../../sdk/public/preview.js';

/** How long after the page's DOM is parsed the preview waits for its main element. */
const MAIN_WAIT_MS = 3000;

type AisleWindow = Window & typeof globalThis & WindowWithAisle & { [MODE_GLOBAL]?: unknown };

/**
 * Starts the preview in `win`; the mode was set by the one-line script registered before it.
 * Returns the cleanup (the page's own unload ends it otherwise).
 */
export function startPreview(win: AisleWindow): () => void {
  const mode = win[MODE_GLOBAL] === 'stand-aside' ? 'stand-aside' : 'takeover';
  delete win[MODE_GLOBAL];
  const doc = win.document;
  const channel = createPageChannel();
  let claimed = false;
  let config: PreviewConfig | null = null;
  let mountedKey = '';
  /** Why the relay last said the preview no longer runs here, and whether it reported that itself. */
  let offReason: string | null = null;
  let offQuietly = false;
  let sheet: CSSStyleSheet | null = null;
  let tookOver = false;
  let last: [PreviewStatus['outcome'], string, string?] | null = null;
  let lastSent = '';
  // A search has answered since the mount: from then on the listing on show is the status.
  let answered = false;
  let stopListing: (() => void) | null = null;
  // What the page's Content-Security-Policy refused (connect-src, img-src), first of each URL.
  const blocked: Array<{ directive: 'connect-src' | 'img-src'; uri: string }> = [];
  let searchFailure: { url: string; error: string } | null = null;

  // The preview's Aisle: the page's own calls reach it as they would the retailer's Aisle.
  const instance = createAisleInstance(
    {
      version: VERSION,
      consent: new PageConsent(sendsGpc(win.navigator)),
      log: win.console,
      mount(): Promise<void> {
        // The page's own call after a takeover: the preview stays.
        win.console.info('[Aisle extension] the preview has taken over this page: mount() ignored.');
        return Promise.resolve();
      },
      unmount: () => stop(),
      snapshot: () => app.snapshot(),
    },
    { extension: true as const },
  );
  const ours = instance.global;

  const report = (outcome: PreviewStatus['outcome'], message: string, warning?: string): void => {
    last = [outcome, message, warning];
    if (outcome === 'shown') instance.step('show');
    else if (outcome === 'failed') instance.step('keep');
    // The listing is looked at on every change of the page: say only what is new.
    const said = JSON.stringify([outcome, message, warning, tookOver]);
    if (said === lastSent) return;
    lastSent = said;
    const status: PreviewStatus = { outcome, tookOver, message, ...(warning ? { warning } : {}), at: Date.now() };
    channel.sendMessage('previewStatus', status).catch(() => undefined);
  };

  const cspCause = (directive: string, uri: string): string =>
    `the page's Content-Security-Policy (${directive}) blocks ${uri}`;

  // A blocked request to the search's own origin is what made the search fail.
  const searchBlock = (): string | null => {
    if (!searchFailure) return null;
    const hit = blocked.find((b) => b.directive === 'connect-src' && sameOrigin(b.uri, searchFailure!.url));
    return hit ? cspCause(hit.directive, hit.uri) : null;
  };

  const reportSearchFailure = (): void => {
    if (!searchFailure) return;
    const cause = searchBlock();
    report(
      'failed',
      cause
        ? `Aisle's search was blocked: ${cause}`
        : `the search failed: ${searchFailure.error} (${searchFailure.url})`,
    );
  };

  // What the CSP blocks although the listing is shown (images, requests elsewhere such as analytics),
  // and the parts of the listing left empty.
  const warnings = (context: PreviewConfig['context']): string | undefined => {
    const searchHost = String(context.config.searchHost ?? '');
    const image = blocked.find((b) => b.directive === 'img-src');
    const other = blocked.find((b) => b.directive === 'connect-src' && !sameOrigin(b.uri, searchHost));
    const missing = missingParts(doc);
    const found = [
      image ? `product images are blocked: ${cspCause(image.directive, image.uri)}` : '',
      other ? `a request is blocked (analytics?): ${cspCause(other.directive, other.uri)}` : '',
      missing.length > 0 ? `not shown: ${missing.join(', ')}` : '',
    ].filter(Boolean);
    return found.length > 0 ? found.join('; ') : undefined;
  };

  // Only the state after a search tells the truth: an element was found, but is there a listing?
  // It is looked at again whenever the page changes (cards rendered late, pages appended).
  const reportAfterResponse = (key: string, context: PreviewConfig['context']): void => {
    if (key !== mountedKey || !answered || searchFailure) return;
    if (doc.querySelector('[data-aisle="not-found"], .aisle-not-found'))
      return report(
        'not-found',
        `page not found: the search service has no page "${searchedPage(context, win)}" for ${context.config.id}`,
      );
    report('shown', `${describe(context)}: ${productsInWords(doc)}`, warnings(context));
  };

  doc.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const directive = event.effectiveDirective || event.violatedDirective;
      if (directive !== 'img-src' && directive !== 'connect-src') return;
      if (!mountedKey || blocked.length >= 20) return;
      const uri = String(event.blockedURI).slice(0, 300) || 'a request';
      if (blocked.some((b) => b.directive === directive && b.uri === uri)) return;
      blocked.push({ directive, uri });
      // The violation may arrive after the failed request has been reported: name the cause now.
      if (searchFailure && last?.[0] === 'failed') reportSearchFailure();
      else if (last?.[0] === 'shown' && config) reportAfterResponse(mountedKey, config.context);
    },
    true,
  );

  win.addEventListener(DEBUG_EVENT, (event) => {
    const detail = (event as CustomEvent).detail as {
      source?: unknown;
      phase?: unknown;
      url?: unknown;
      error?: unknown;
    };
    if (!mountedKey || !config || detail?.source !== 'search') return;
    const key = mountedKey;
    const context = config.context;
    if (detail.phase === 'response') {
      searchFailure = null;
      answered = true;
      // The cards may already be there (no mutation follows): look once, and on every change after.
      win.setTimeout(() => reportAfterResponse(key, context), LISTING_SETTLE_MS);
    } else if (detail.phase === 'error') {
      searchFailure = { url: String(detail.url ?? '').slice(0, 300), error: String(detail.error ?? '').slice(0, 300) };
      reportSearchFailure();
    }
  });

  const claim = (): void => {
    if (claimed) return;
    win[GLOBAL_NAME] = ours;
    claimed = true;
  };

  const stop = (): void => {
    stopListing?.();
    stopListing = null;
    answered = false;
    app.unmount();
    if (sheet) doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
    sheet = null;
    mountedKey = '';
  };

  const pageHasOwnAisle = (): boolean =>
    doc.getElementById(CONTEXT_ELEMENT_ID) !== null || doc.querySelector('script[src*="aisle"]') !== null;

  const mount = (next: PreviewConfig): void => {
    // The path is part of the key: a single-page site's route to another listing remounts Aisle.
    const key = `${win.location.pathname} ${JSON.stringify(next)}`;
    if (key === mountedKey) return;
    if (mountedKey) stop();
    const selector = String(next.context.config.mainSelector ?? 'main');
    if (!isValidSelector(selector, doc)) {
      return report('failed', `the main element "${selector}" is not a valid CSS selector: correct it in the popup`);
    }
    mountedKey = key;
    searchFailure = null;
    answered = false;
    stopListing = watchListing(win, doc.documentElement, () => {
      if (config) reportAfterResponse(key, config.context);
    });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(AISLE_CSS);
      if (wantsUnstyled(next.context)) keepLayoutOnly(sheet);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    }
    let mounted: Promise<void>;
    try {
      instance.step('mount');
      mounted = app.mount(next.context, null, instance.hostEvents.emit, instance.cardSlots, instance.consent);
    } catch (error) {
      mounted = Promise.reject(error);
    }
    report('pending', `waiting for the page's ${selector} element`);
    mounted.then(
      () => {
        if (key === mountedKey && last?.[0] === 'pending') report('pending', `${describe(next.context)}: searching`);
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
      if (claimed && mountedKey) {
        stop();
        // A failure the relay reported itself stays what the tab says.
        if (!offQuietly)
          report('idle', `${offReason ?? 'the preview no longer runs on this page'}: the preview stepped back`);
      }
      return;
    }
    if (mode === 'takeover') return mount(config);
    // Stand aside: the page's deferred scripts have run by DOMContentLoaded; decide then.
    whenParsed(() => {
      if (!config) return;
      if (!claimed && (win[GLOBAL_NAME] !== undefined || pageHasOwnAisle())) {
        const version = (win[GLOBAL_NAME] as { version?: unknown } | undefined)?.version;
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
    const off = data as { off?: unknown; failed?: unknown } | null;
    offReason = typeof off?.off === 'string' ? off.off.slice(0, 300) : null;
    offQuietly = off?.failed === true;
    apply();
  });
  // A route change without a page load: the relay decides the scope again and answers with the
  // config (or null), and the preview mounts, remounts or steps back as the new address requires.
  const stopRoute = watchRoute(win, () => void channel.sendMessage('previewRoute').catch(() => undefined));
  channel.sendMessage('previewHello').catch(() => undefined);
  return () => {
    stopRoute();
    stopListing?.();
    channel.removeAllListeners();
  };
}
