/**
 * The service's own pass over what it stores (defence in depth: a browser may run an old embed or a
 * forged client): event addresses and referrers keep only the listing's query parameters, `utm_*`
 * and those named in `ANALYTICS_QUERY_PARAMS`; e-mail addresses and phone numbers are redacted from
 * addresses, titles and metadata, as the embed does (sdk/core/privacy.ts holds the one set of rules).
 */
import { privateAddress, queryParamsOf, withoutPersonalData } from '../../sdk/core/privacy.js';
import type { AnalyticsEvent, IdentityMetadata } from './types.js';

/** The query parameters the service keeps: the listing's own plus the deployment's `extra`. */
export function serviceQueryParams(extra: readonly string[]): readonly string[] {
  return queryParamsOf(extra);
}

/** `ANALYTICS_QUERY_PARAMS`: parameter names separated by spaces or commas. */
export function parseQueryParams(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,]+/).filter((name) => name !== '');
}

/** `event` as the service stores it: no personal data in its address, referrer, title or metadata. */
export function storableEvent(event: AnalyticsEvent, queryParams: readonly string[]): AnalyticsEvent {
  return withoutPersonalData(event, queryParams);
}

/** Identity metadata as stored: the first referrer made private like an event's. */
export function storableIdentityMetadata(metadata: IdentityMetadata | undefined): IdentityMetadata | undefined {
  if (metadata?.initial_referrer === undefined) return metadata;
  return { ...metadata, initial_referrer: privateAddress(metadata.initial_referrer) };
}
