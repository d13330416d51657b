/**
 * The extension's Aisle in the page's main world: one classic script (no chunks, so the page's CSP cannot
 * stop it), CSS as a constructable style sheet, and `window.Aisle` claimed before the page's aisle.js on takeover.
 */
import { createPageChannel } from '../lib/pageChannel.js';
import type { PreviewConfig } from '../lib/previewContext.js';
import { MODE_GLOBAL } from '../lib/registration.js';
import { isValidSelector } from '../lib/selector.js';
import { describe, isPreviewConfig } from './previewFacts.js';
import { PreviewStatusReport } from './previewStatus.js';
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
  type AisleInstance,
} from '../../sdk/public/preview.js';

/** How long after the page's DOM is parsed the preview waits for its main element. */
const MAIN_WAIT_MS = 3000;

type AisleWindow = Window & typeof globalThis & WindowWithAisle & { [MODE_GLOBAL]?: unknown };

/**
 * Starts the preview in `win`; the mode was set by the one-line script registered before it.
 * Returns the cleanup (the page's own unload ends it otherwise).
 */
export function startPreview(win: AisleWindow): () => void {
  const preview = new Preview(win);
  return () => preview.end();
}

/**
 * One page's preview. Its Aisle instance keeps the phase (mounting, shown, kept the host's
 * content); what is the preview's own is the relay's config, whether `window.Aisle` is claimed, the
 * mounted config and the adopted style sheet.
 */
class Preview {
  private readonly mode: 'takeover' | 'stand-aside';
  private readonly doc: Document;
  private readonly channel = createPageChannel();
  private readonly instance: AisleInstance & { global: object };
  private readonly status: PreviewStatusReport;
  private readonly stopRoute: () => void;
  private claimed = false;
  /** The relay's last word: the config to show, or null when the preview does not run here. */
  private config: PreviewConfig | null = null;
  /** Why the relay last said the preview no longer runs here, and whether it reported that itself. */
  private off: { reason: string | null; quietly: boolean } = { reason: null, quietly: false };
  /** The path and config on show (a single-page site's route to another listing remounts), or ''. */
  private mountedKey = '';
  private sheet: CSSStyleSheet | null = null;
  private stopListing: (() => void) | null = null;
  private readonly timers = new Set<number>();

  constructor(private readonly win: AisleWindow) {
    this.mode = win[MODE_GLOBAL] === 'stand-aside' ? 'stand-aside' : 'takeover';
    delete win[MODE_GLOBAL];
    this.doc = win.document;
    // The preview's Aisle: the page's own calls reach it as they would the retailer's Aisle.
    this.instance = createAisleInstance(
      {
        version: VERSION,
        consent: new PageConsent(sendsGpc(win.navigator)),
        log: win.console,
        mount(): Promise<void> {
          // The page's own call after a takeover: the preview stays.
          win.console.info('[Aisle extension] the preview has taken over this page: mount() ignored.');
          return Promise.resolve();
        },
        unmount: () => this.stop(),
        snapshot: () => app.snapshot(),
      },
      { extension: true as const },
    );
    this.status = new PreviewStatusReport(
      win,
      (status) => void this.channel.sendMessage('previewStatus', status).catch(() => undefined),
      (outcome) => {
        if (outcome === 'shown') this.instance.step('show');
        else if (outcome === 'failed') this.instance.step('keep');
      },
    );
    this.doc.addEventListener('securitypolicyviolation', this.onViolation, true);
    win.addEventListener(DEBUG_EVENT, this.onDebug);
    if (this.mode === 'takeover') {
      this.claim();
      this.whenParsed(() => {
        this.status.tookOver = this.pageHasOwnAisle();
        if (this.status.tookOver) this.status.repeat();
      });
    }
    this.channel.onMessage('previewConfig', ({ data }) => {
      this.config = isPreviewConfig(data) ? data : null;
      const off = data as { off?: unknown; failed?: unknown } | null;
      this.off = { reason: typeof off?.off === 'string' ? off.off.slice(0, 300) : null, quietly: off?.failed === true };
      this.apply();
    });
    // A route change without a page load: the relay decides the scope again and answers with the
    // config (or null), and the preview mounts, remounts or steps back as the new address requires.
    this.stopRoute = watchRoute(win, () => void this.channel.sendMessage('previewRoute').catch(() => undefined));
    this.channel.sendMessage('previewHello').catch(() => undefined);
  }

  /** Stops listening to the page and the relay (what is shown stays until the page goes). */
  end(): void {
    for (const timer of this.timers) this.win.clearTimeout(timer);
    this.timers.clear();
    this.stopRoute();
    this.stopListing?.();
    this.doc.removeEventListener('securitypolicyviolation', this.onViolation, true);
    this.win.removeEventListener(DEBUG_EVENT, this.onDebug);
    this.channel.removeAllListeners();
  }

  private readonly onViolation = (event: SecurityPolicyViolationEvent): void => {
    const directive = event.effectiveDirective || event.violatedDirective;
    if ((directive !== 'img-src' && directive !== 'connect-src') || !this.mountedKey) return;
    const uri = String(event.blockedURI).slice(0, 300) || 'a request';
    this.status.refused(directive, uri, this.config?.context ?? null);
  };

  private readonly onDebug = (event: Event): void => {
    const detail = (event as CustomEvent).detail as {
      source?: unknown;
      phase?: unknown;
      url?: unknown;
      error?: unknown;
    };
    const { mountedKey: key, config } = this;
    if (!key || !config || detail?.source !== 'search') return;
    if (detail.phase === 'response') {
      this.status.searchAnswered();
      // The cards may already be there (no mutation follows): look once, and on every change after.
      this.later(() => this.listingOnShow(key, config.context), LISTING_SETTLE_MS);
    } else if (detail.phase === 'error') {
      this.status.searchFailed(String(detail.url ?? '').slice(0, 300), String(detail.error ?? '').slice(0, 300));
    }
  };

  /** Says what the page shows, if `key` is still the preview on show. */
  private listingOnShow(key: string, context: PreviewConfig['context']): void {
    if (key === this.mountedKey) this.status.listingOnShow(context);
  }

  /** Runs `fn` after `ms`, unless the preview has ended by then. */
  private later(fn: () => void, ms: number): void {
    const timer = this.win.setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private claim(): void {
    if (this.claimed) return;
    this.win[GLOBAL_NAME] = this.instance.global as WindowWithAisle[typeof GLOBAL_NAME];
    this.claimed = true;
  }

  private stop(): void {
    this.stopListing?.();
    this.stopListing = null;
    this.status.stopped();
    app.unmount();
    const { sheet } = this;
    if (sheet) this.doc.adoptedStyleSheets = this.doc.adoptedStyleSheets.filter((s) => s !== sheet);
    this.sheet = null;
    this.mountedKey = '';
  }

  private pageHasOwnAisle(): boolean {
    return (
      this.doc.getElementById(CONTEXT_ELEMENT_ID) !== null || this.doc.querySelector('script[src*="aisle"]') !== null
    );
  }

  private whenParsed(callback: () => void): void {
    if (this.doc.readyState === 'loading') this.doc.addEventListener('DOMContentLoaded', callback, { once: true });
    else callback();
  }

  private mount(next: PreviewConfig): void {
    const { win, doc, status } = this;
    // The path is part of the key: a single-page site's route to another listing remounts Aisle.
    const key = `${win.location.pathname} ${JSON.stringify(next)}`;
    if (key === this.mountedKey) return;
    if (this.mountedKey) this.stop();
    const selector = String(next.context.config.mainSelector ?? 'main');
    if (!isValidSelector(selector, doc)) {
      return status.report(
        'failed',
        `the main element "${selector}" is not a valid CSS selector: correct it in the popup`,
      );
    }
    this.mountedKey = key;
    status.restart();
    this.stopListing = watchListing(win, doc.documentElement, () => {
      if (this.config) this.listingOnShow(key, this.config.context);
    });
    this.adoptSheet(next);
    let mounted: Promise<void>;
    try {
      const { instance } = this;
      instance.step('mount');
      mounted = app.mount(
        next.context,
        null,
        instance.hostEvents.emit,
        instance.cardSlots,
        instance.consent,
        instance.conversions,
      );
    } catch (error) {
      mounted = Promise.reject(error);
    }
    status.report('pending', `waiting for the page's ${selector} element`);
    mounted.then(
      () => {
        if (key === this.mountedKey && status.outcome === 'pending')
          status.report('pending', `${describe(next.context)}: searching`);
      },
      (error: unknown) => status.report('failed', `Aisle could not start: ${String(error).slice(0, 300)}`),
    );
    this.whenParsed(() =>
      this.later(() => {
        if (key === this.mountedKey && !doc.querySelector('.aisle-mount') && !doc.querySelector(selector))
          status.report('failed', `no element matches "${selector}" on this page: set the main element in the popup`);
      }, MAIN_WAIT_MS),
    );
  }

  private adoptSheet(next: PreviewConfig): void {
    if (this.sheet) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(AISLE_CSS);
    if (wantsUnstyled(next.context)) keepLayoutOnly(sheet);
    this.doc.adoptedStyleSheets = [...this.doc.adoptedStyleSheets, sheet];
    this.sheet = sheet;
  }

  private apply(): void {
    const { config } = this;
    if (!config) {
      if (this.claimed && this.mountedKey) {
        this.stop();
        // A failure the relay reported itself stays what the tab says.
        if (!this.off.quietly)
          this.status.report(
            'idle',
            `${this.off.reason ?? 'the preview no longer runs on this page'}: the preview stepped back`,
          );
      }
      return;
    }
    if (this.mode === 'takeover') return this.mount(config);
    // Stand aside: the page's deferred scripts have run by DOMContentLoaded; decide then.
    this.whenParsed(() => {
      const current = this.config;
      if (!current) return;
      if (!this.claimed && (this.win[GLOBAL_NAME] !== undefined || this.pageHasOwnAisle())) {
        const version = (this.win[GLOBAL_NAME] as { version?: unknown } | undefined)?.version;
        return this.status.report(
          'stood-aside',
          `this page runs its own Aisle${typeof version === 'string' ? ` ${version.slice(0, 20)}` : ''}: the extension stood aside, as chosen`,
        );
      }
      this.claim();
      this.mount(current);
    });
  }
}
