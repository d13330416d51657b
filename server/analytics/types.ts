import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WireEvent, WireEventData, WireIdentityMetadata } from '../../sdk/ports/analyticsWire.js';
import type { LegacyPaths } from './legacy.js';
import type { RateLimitSettings } from './rateLimits.js';

/** Optional page details of an analytics event: where it happened and any extra metadata (declared with the client). */
export type EventData = WireEventData;

/** One analytics event as the browser client sends it (declared with the client); its shop and `id` (in lower case) are the de-duplication key. */
export type AnalyticsEvent = WireEvent;

/** The click a product of a conversion is credited to (server/analytics/attribution.ts). */
export interface Attribution {
  /** The listing's path, as the report names it. */
  listing: string;
  /** The 1-based position the product was clicked at. */
  position: number;
  /** The listing view the click happened in (as its impressions name it), null when the click did not say. */
  listing_view_id: string | null;
  /** The click event's id, and when it happened. */
  click_id: string;
  clicked_at: string;
}

/** An event as stored and listed by `GET /v3/events`, in receipt order. */
export interface StoredEvent extends AnalyticsEvent {
  /** A conversion's attribution, one entry per product of `data.metadata.items` (null: no click led there). */
  attribution?: Array<Attribution | null>;
  shop_id: string;
  /** The token's sub; null for server-to-server events sent without a `distinct_id`. */
  visitor_id: string | null;
  received_at: string;
}

/** Browser details sent with an identity request (declared with the client). */
export type IdentityMetadata = WireIdentityMetadata;

/** The claims of an analytics token. */
export interface TokenClaims {
  sub: string;
  shop_id: string;
  iat: number;
  exp: number;
}

/** Options of `createAnalyticsService`; what is left out comes from the environment (`configFromEnv`). */
export interface AnalyticsServiceOptions {
  /** SQLite file (its folder is created); `':memory:'` for tests. Default `data/analytics.sqlite`. */
  dbPath?: string;
  /** `postgres://…`: store in PostgreSQL instead. Default env `AISLE_ANALYTICS_DATABASE_URL` unless `dbPath` is given. */
  databaseUrl?: string;
  /** PostgreSQL connections this process keeps (default 8). */
  poolSize?: number;
  /** Token lifetime in seconds. Default 3600. */
  tokenTtlSeconds?: number;
  /** HS256 key, at least 32 characters. Default env `ANALYTICS_SECRET` (and its previous keys). */
  secret?: string;
  /** The admin key. Default env `ANALYTICS_ADMIN_KEY`, in development the local stack's key. */
  adminKey?: string;
  /** Rate limits per visitor, shop and address. Default from the environment (`rateLimitsFromEnv`), else the documented defaults. */
  rateLimits?: RateLimitSettings;
  /** Legacy paths served: all, post (not the GET ones, tokens in URLs) or none. Default env `ANALYTICS_LEGACY_PATHS`, else all. */
  legacyPaths?: LegacyPaths;
  /** Origins allowed for every shop. Default env `ANALYTICS_ALLOWED_ORIGINS`. */
  allowedOrigins?: string[];
  /** Allows pages on this machine (localhost, 127.x, [::1]) for every shop: the local stack only. */
  loopbackOrigins?: boolean;
  /**
   * Asks for development: the published keys serve when none is set. Default: `NODE_ENV` is
   * `development`. The local stack and the tests ask in code; a deployment never does.
   */
  development?: boolean;
  /** Environment variables to read instead of `process.env` (tests). */
  env?: NodeJS.ProcessEnv;
  /** Serves the `/__control` fault-injection endpoints. Default false; production never enables it. */
  controls?: boolean;
  /** Clock in epoch milliseconds, for token times, time bounds and `received_at`. Default `Date.now`. */
  now?: () => number;
  /** Waits `ms` milliseconds (for the delay fault). Default a `setTimeout`; tests pass one they control. */
  wait?: (ms: number) => Promise<void>;
  /** Deletes what is older than the retention period every hour (server/analytics/retention.ts). Default true. */
  retention?: boolean;
}

/** The analytics service: a request handler over one database. */
export interface AnalyticsService {
  /** Settles once the database is open and migrated; rejects with why it could not be. */
  ready: Promise<void>;
  /** Answers one request; `path` is the part after the service's mount point. Never rejects. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
  /** Closes the database; later requests get 503 from readiness and errors elsewhere. */
  close(): Promise<void>;
  /** Stored events in receipt order, optionally for one shop (for tests). */
  stored(shopId?: string): Promise<StoredEvent[]>;
}
