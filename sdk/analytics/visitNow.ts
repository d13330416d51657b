/**
 * Events written to the stored outbox before the session loads, so a page left at once (a quick Back,
 * a crash) still has them on record. Small on purpose: it ships with the app and with aisle.js.
 */
import type { Locale } from '../core/locales.js';
import { permits } from '../core/consent.js';
import { queryParamsOf } from '../core/privacy.js';
import type { RenderContext, Region } from '../core/types.js';
import type { KeyValueStorage, StoreEnv } from '../ports/env.js';
import { VERSION } from '../version.js';
import { analyticsEnvironment, buildEvent, visitEvent } from './events.js';
import { appendToStoredOutbox } from './outbox.js';
import type { AnalyticsEvent, TrackInput } from './types.js';

/**
 * A version-4 UUID for a new event: the browser's own, else one made from its random bytes as the
 * uuid package does (which the session uses; aisle.js, which carries this module, cannot afford it).
 */
export function eventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What every event of a page carries in `data.metadata` besides its own fields. */
export function globalMetadataOf(root: {
  context: RenderContext;
  locale: Locale;
  region: Region;
}): Record<string, string> {
  const id = root.context.config.id;
  return { config_id: id, locale: root.locale, region: root.region, sdk_version: VERSION };
}

/** A page's visit as the router reports it. */
export interface PageVisit {
  routeName: string;
  url: string;
  redirectedFrom: string | null;
}

/** What writing an event straight to the shop's stored outbox takes from the page. */
export interface OutboxPage {
  storage: Pick<KeyValueStorage, 'getItem' | 'setItem'>;
  now: () => number;
  context: RenderContext;
  locale: Locale;
  region: Region;
}

/**
 * Writes `input` as the session would into the stored outbox; its id, or null when nothing was
 * stored. `refused` takes an event storage would not (to be sent at once). Never throws.
 */
export function recordNow(
  page: OutboxPage,
  input: TrackInput & { url: string },
  refused?: (event: AnalyticsEvent) => void,
): string | null {
  const { context } = page;
  if (!context.config.analyticsHost) return null;
  let built: AnalyticsEvent | null = null;
  const make = (seq: number): AnalyticsEvent =>
    (built = buildEvent({
      id: eventId(),
      seq,
      event: input.event,
      data: input.data,
      globalMetadata: globalMetadataOf(page),
      queryParams: queryParamsOf(context.config.queryParams),
      url: input.url,
      timestamp: new Date(page.now()).toISOString(),
      environment: analyticsEnvironment(context.environment),
    }));
  const id = appendToStoredOutbox(page.storage, context.config.id, make);
  if (id !== null || !refused) return id;
  try {
    // Built with the shop's next number unless storage could not even be read.
    const event: AnalyticsEvent = built ?? make(1);
    refused(event);
    return event.id;
  } catch {
    return null;
  }
}

/** Writes `visit` into the stored outbox; on null the session records it itself once it loads. */
export function recordVisitNow(
  root: { env: StoreEnv; context: RenderContext; locale: Locale; region: Region },
  visit: PageVisit,
): string | null {
  const { env } = root;
  if (!root.context.config.analyticsHost) return null;
  // Before consent (where the tenant requires it) nothing is written: the session holds the visit in memory.
  if (!permits(env.consent, 'analytics', root.context.config, root.region)) return null;
  try {
    const input = visitEvent({ ...visit, title: env.host.title(), referrer: env.host.referrer() });
    const page = {
      storage: env.storage,
      now: env.now,
      context: root.context,
      locale: root.locale,
      region: root.region,
    };
    return recordNow(page, { ...input, url: input.url ?? visit.url });
  } catch {
    return null;
  }
}
