/** Click analytics with Plausible, on demand: no cookies, no personal data, no query strings. */
import { init, track, type PlausibleRequestPayload } from '@plausible-analytics/tracker';
import type { TrackIntent, Tracker } from '../stores/Tracker.js';
import { PRODUCT_CLICK_EVENT } from './config.js';

/** What click analytics needs. */
export interface ClickAnalyticsOptions {
  domain: string;
  endpoint: string;
  /** Development pages run on localhost, which Plausible ignores unless told otherwise. */
  development: boolean;
}

/** The tracker is page-wide and can be initialised once: a later mount reuses it. */
let initialised = false;

/** The props of a product click's event: nothing about the shopper. */
export function productClickProps(intent: Extract<TrackIntent, { kind: 'product-click' }>): Record<string, string> {
  return { product_id: intent.product.product_id, list_position: String(intent.position) };
}

/** Only Aisle's own event (`plausible-event-*` classes are the host's), without query or fragment. */
export function onlyProductClicks(payload: PlausibleRequestPayload): PlausibleRequestPayload | null {
  if (payload.n !== PRODUCT_CLICK_EVENT) return null;
  const strip = (url: string | null | undefined) => (url ? url.split(/[?#]/)[0]! : null);
  return { ...payload, u: strip(payload.u) ?? '', r: strip(payload.r) };
}

/**
 * Runs `run` synchronously, then removes the listeners and ResizeObserver it installed: the tracker's
 * `init` adds them for features Aisle turned off and offers no way to remove them.
 */
export function withoutPageWatchers(run: () => void, scope: typeof globalThis = globalThis): void {
  type Registration = [
    EventTarget,
    string,
    EventListenerOrEventListenerObject,
    EventListenerOptions | boolean | undefined,
  ];
  const added: Registration[] = [];
  const observers: ResizeObserver[] = [];
  const targets = [scope.document, scope.window].filter((t): t is Document & Window => t != null) as EventTarget[];
  const restores = targets.map((target) => {
    const own = Object.prototype.hasOwnProperty.call(target, 'addEventListener');
    const original = target.addEventListener;
    target.addEventListener = function (
      this: EventTarget,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: AddEventListenerOptions | boolean,
    ) {
      if (listener) added.push([this, type, listener, options]);
      return original.call(this, type, listener, options);
    };
    return () => {
      if (own) target.addEventListener = original;
      else delete (target as { addEventListener?: unknown }).addEventListener;
    };
  });
  const OriginalResizeObserver = scope.ResizeObserver;
  if (OriginalResizeObserver)
    scope.ResizeObserver = class extends OriginalResizeObserver {
      constructor(callback: ResizeObserverCallback) {
        super(callback);
        observers.push(this);
      }
    };
  try {
    run();
  } finally {
    restores.forEach((restore) => restore());
    if (OriginalResizeObserver) scope.ResizeObserver = OriginalResizeObserver;
    added.forEach(([target, type, listener, options]) => target.removeEventListener(type, listener, options));
    observers.forEach((observer) => observer.disconnect());
  }
}

/** Sends a Plausible event for every product click the tracker sees; returns the cleanup. */
export function startClickAnalytics(options: ClickAnalyticsOptions, tracker: Tracker): () => void {
  if (!initialised) {
    withoutPageWatchers(() =>
      init({
        domain: options.domain,
        endpoint: options.endpoint,
        autoCapturePageviews: false,
        outboundLinks: false,
        fileDownloads: false,
        formSubmissions: false,
        captureOnLocalhost: options.development,
        logging: false,
        bindToWindow: false,
        transformRequest: onlyProductClicks,
      }),
    );
    initialised = true;
  }
  return tracker.observe((intent) => {
    // A callback makes a refused or blocked request settle quietly.
    if (intent.kind === 'product-click')
      track(PRODUCT_CLICK_EVENT, { props: productClickProps(intent), callback: () => undefined });
  });
}
