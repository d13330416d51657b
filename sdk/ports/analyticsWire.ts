/**
 * The analytics client's and service's shared shapes, as the service's checks accept them; types
 * only, so both sides may import it. server/analytics/clientEvents.test.ts keeps them in step.
 */

/**
 * An event's page details. Each field may be left out (the service also takes null for "left out",
 * and stores it as left out). The service keeps these four keys only: any other key of `data` is
 * dropped on receipt.
 */
export interface WireEventData {
  /** What kind of page the event happened on (the route's name: `dlp`, `vsm`); 1 to 100 characters. */
  page_type?: string;
  /** The page's title; at most 1,000 characters. */
  page_title?: string;
  /** The page's referrer; at most 2,048 characters. */
  referrer?: string;
  /** The event's own fields and the page's global metadata; at most 32 KiB as JSON, 16 levels deep. */
  metadata?: Record<string, unknown>;
}

/**
 * One event as `POST /v3/event` and each entry of `POST /v3/batch` take it; the shop (from the
 * token) and `id` (compared in lower case) make it unique, so a repeat delivery is stored once.
 */
export interface WireEvent {
  /** A UUID, made by the client once and never changed. */
  id: string;
  /** The shop's sequence number, an integer from 0: the order the shopper acted in. */
  seq: number;
  /** The event's name, `namespace:action`; 1 to 100 characters. */
  event: string;
  data: WireEventData;
  /** The page's address when the event happened; at most 2,048 characters. */
  url: string;
  /** ISO 8601 with a zone; from 30 days before its receipt to 1 hour after. */
  timestamp: string;
  /** Where the event comes from (`production`, `staging`, `development`); 1 to 100 characters. */
  environment: string;
}

/** The browser details an identity request (`POST /v3/identity`) carries; other keys are dropped. */
export interface WireIdentityMetadata {
  initial_referrer?: string;
  screen_height?: number;
  screen_width?: number;
  user_agent?: string;
}
