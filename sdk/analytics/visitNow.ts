/**
 * The first visit of a page, written to the shop's durable outbox the moment Aisle mounts, before
 * the analytics session has loaded: a page left at once (a quick Back, a closed tab, a crash) still
 * has its visit on record, and this page's session, or the shop's next page in any tab, delivers it.
 * Small on purpose: it ships with the app, not with the session.
 */
import { v4 as uuidv4 } from 'uuid';
import type { Locale } from '../core/locales.js';
import type { RenderContext, Region } from '../core/types.js';
import type { StoreEnv } from '../ports/env.js';
import { VERSION } from '../version.js';
import { analyticsEnvironment, buildEvent, visitEvent } from './events.js';
import { fitsOutbox, Outbox } from './outbox.js';

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

/**
 * Writes `visit` as a `navigate:visit_page` event into the shop's stored outbox; returns its id, or
 * null when nothing was stored (no analytics on this page, storage refused or unreadable), in which
 * case the session records the visit itself once it loads. Never throws.
 */
export function recordVisitNow(
  root: { env: StoreEnv; context: RenderContext; locale: Locale; region: Region },
  visit: PageVisit,
): string | null {
  const { env, context } = root;
  if (!context.config.analyticsHost) return null;
  try {
    const outbox = new Outbox(env.storage, context.config.id);
    const input = visitEvent({ ...visit, title: env.host.title(), referrer: env.host.referrer() });
    const event = buildEvent({
      id: uuidv4(),
      seq: outbox.nextSeq(),
      event: input.event,
      data: input.data,
      globalMetadata: globalMetadataOf(root),
      url: input.url ?? visit.url,
      timestamp: new Date(env.now()).toISOString(),
      environment: analyticsEnvironment(context.environment),
    });
    // Only an event in storage is on record: one this throwaway outbox keeps in memory is not.
    return fitsOutbox(event) && outbox.add(event) ? event.id : null;
  } catch {
    return null;
  }
}
