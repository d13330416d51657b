/** The analytics service behind `/analytics` on the local stack: identities, events and health checks. */
export { createAnalyticsService, DEFAULT_ANALYTICS_DB_PATH } from './service.js';
export { MAX_ANALYTICS_BODY_BYTES } from './http.js';
export { ANALYTICS_SERVICE_VERSION } from './ops.js';
export { DEFAULT_FAULT_PATHS, type Fault, type FaultMode } from './faults.js';
export { DEFAULT_RATE_LIMITS, NO_RATE_LIMITS, type RateLimitSettings } from './rateLimits.js';
export type {
  AnalyticsEvent,
  AnalyticsService,
  AnalyticsServiceOptions,
  EventData,
  IdentityMetadata,
  StoredEvent,
  TokenClaims,
} from './types.js';
