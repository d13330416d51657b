/**
 * Each product of a conversion is credited to the same visitor's latest click on it in a listing's grid
 * within the conversion's window. Decided once on arrival and stored with the conversion, so the report's
 * aggregates stay a function of the stored rows: a click erased or expired later moves nothing already counted.
 */
import { isRecord } from '../../sdk/core/coerce.js';
import { conversionOfEvent, type ConversionKind } from '../../sdk/core/conversion.js';
import type { AnalyticsStore, NewEvent } from './store.js';
import type { AnalyticsEvent, Attribution } from './types.js';

const HOUR_MS = 3_600_000;

/**
 * How long before a conversion a click may have led to it. An add to cart follows its click in the
 * same visit (a shopper back at an open tab the next morning still counts); a purchase often comes in
 * a later visit, after the cart was kept and compared, so it looks back a week.
 */
export const ATTRIBUTION_WINDOW_MS: Readonly<Record<ConversionKind, number>> = {
  add_to_cart: 24 * HOUR_MS,
  purchase: 7 * 24 * HOUR_MS,
};

/** The most recent clicks of a visitor read to attribute one conversion: more is a robot, not a shopper. */
export const CLICKS_READ = 1000;

/** An event as stored, with the attribution of each of its products when it is a conversion. */
export type AttributedEvent = AnalyticsEvent & { attribution?: Array<Attribution | null> };

/** A click in a listing's results grid, as attribution reads it. */
export interface Click {
  id: string;
  productId: string;
  at: number;
  attribution: Attribution;
}

/** The listing an address is in: its path, without scheme, host, query or fragment (as the report reads it). */
export function listingOf(url: string): string {
  const path = url.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*/, '');
  return path.split('#')[0]!.split('?')[0]!;
}

/** The click `event` is, when it is one in a listing's results grid naming its product and position, else null. */
export function clickOf(event: AnalyticsEvent): Click | null {
  if (event.event !== 'ecommerce:product_click') return null;
  const meta = event.data.metadata ?? {};
  const { product_id: productId, list_position: position, list_name: list, listing_view_id: view } = meta;
  if (list !== 'search_results' || typeof productId !== 'string') return null;
  if (!Number.isSafeInteger(position) || (position as number) < 1) return null;
  const at = Date.parse(event.timestamp);
  // An old row without a readable time cannot be placed in a window.
  if (Number.isNaN(at)) return null;
  const clickedAt = new Date(at).toISOString();
  return {
    id: event.id,
    productId,
    at,
    attribution: {
      listing: listingOf(event.url),
      position: position as number,
      listing_view_id: typeof view === 'string' ? view : null,
      click_id: event.id,
      clicked_at: clickedAt,
    },
  };
}

/** The attribution of each product of `conversion` among `clicks` (null where none qualifies). */
export function attribute(
  kind: ConversionKind,
  conversion: AnalyticsEvent,
  clicks: readonly Click[],
): Array<Attribution | null> {
  const at = Date.parse(conversion.timestamp);
  const since = at - ATTRIBUTION_WINDOW_MS[kind];
  const items = conversion.data.metadata?.items;
  return (Array.isArray(items) ? items : []).map((item: unknown) => {
    const productId = isRecord(item) ? item.product_id : undefined;
    let latest: Click | null = null;
    for (const click of clicks) {
      if (click.productId !== productId || click.at > at || click.at < since) continue;
      if (!latest || click.at > latest.at || (click.at === latest.at && click.id > latest.id)) latest = click;
    }
    return latest?.attribution ?? null;
  });
}

/**
 * `rows` with each conversion's attribution added, from the visitor's stored clicks and the clicks
 * that come before it in `rows` itself (a batch that holds both). A conversion without a visitor (a
 * server event sent without `distinct_id`) is stored unattributed.
 */
export async function attributeConversions(store: AnalyticsStore, rows: readonly NewEvent[]): Promise<NewEvent[]> {
  const stored = new Map<string, Click[]>();
  const result: NewEvent[] = [];
  for (const [index, row] of rows.entries()) {
    const kind = conversionOfEvent(row.event.event);
    if (!kind) {
      result.push(row);
      continue;
    }
    let clicks: Click[] = [];
    if (row.visitorId !== null) {
      const key = `${row.shopId}\u0000${row.visitorId}`;
      if (!stored.has(key)) {
        const events = await store.list({
          shopId: row.shopId,
          visitor: row.visitorId,
          event: 'ecommerce:product_click',
          limit: CLICKS_READ,
        });
        stored.set(
          key,
          events.flatMap((event) => clickOf(event) ?? []),
        );
      }
      const earlier = rows
        .slice(0, index)
        .filter((other) => other.shopId === row.shopId && other.visitorId === row.visitorId)
        .flatMap((other) => clickOf(other.event) ?? []);
      clicks = [...stored.get(key)!, ...earlier];
    }
    const event: AttributedEvent = { ...row.event, attribution: attribute(kind, row.event, clicks) };
    result.push({ ...row, event });
  }
  return result;
}

/** The order id a stored purchase is de-duplicated on (one per shop), else null. */
export function orderIdOf(event: AnalyticsEvent): string | null {
  if (event.event !== 'ecommerce:purchase') return null;
  const orderId = event.data.metadata?.order_id;
  return typeof orderId === 'string' ? orderId : null;
}
