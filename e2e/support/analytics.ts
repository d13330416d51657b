/**
 * What the local stack's analytics service stored, read the way support staff read it: with the
 * development admin key (the local stack's documented key; a deployment sets its own).
 */
import { DEV_ANALYTICS_ADMIN_KEY } from '../../server/analytics/keys.js';

/** An event as the service lists it (only the fields the tests read). */
export interface StoredEvent {
  id: string;
  seq: number;
  event: string;
  visitor_id: string | null;
  url: string;
  data: { page_type?: string; page_title?: string; metadata?: Record<string, unknown> };
  timestamp: string;
  environment: string;
  received_at: string;
}

/** The `Authorization` header that lets a test read every shop's events on the local stack. */
export const adminHeaders = { authorization: `Bearer ${DEV_ANALYTICS_ADMIN_KEY}` };

/** Every event the service stored for a shop, oldest first. */
export async function storedEvents(baseUrl: string, shop: string): Promise<StoredEvent[]> {
  const response = await fetch(`${baseUrl}/analytics/v3/events?shop_id=${encodeURIComponent(shop)}`, {
    headers: adminHeaders,
  });
  if (!response.ok) throw new Error(`listing ${shop}'s events answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { events: StoredEvent[] }).events;
}

/** How many requests an integration's stand-in on the local stack received. */
export async function receivedBy(baseUrl: string, name: string): Promise<number> {
  const response = await fetch(`${baseUrl}/integrations/${name}/received`);
  return ((await response.json()) as { received: unknown[] }).received.length;
}
