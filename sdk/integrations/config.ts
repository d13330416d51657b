/** The fixed settings of Aisle's integrations (rates and limits the product fixes), in one place. */
import type { Environment } from '../core/types.js';

/** Share of Aisle's errors that are reported. */
export const ERROR_SAMPLE_RATE = 0.0001;
/** Share of traces kept; Aisle records no spans, so none are sent today. */
export const TRACE_SAMPLE_RATE = 0.01;
/** Most stack frames kept per exception: the ones nearest to the throw. */
export const MAX_STACK_FRAMES = 50;
/** Longest line kept in any reported text; longer lines are cut. */
export const MAX_LINE_CHARS = 1024;

/** qa is reported as staging. */
export function reportingEnvironment(environment: Environment): 'production' | 'staging' | 'development' {
  return environment === 'qa' ? 'staging' : environment;
}

/** The error sample rate: the fixed production rate, unless a development page sets `errorReportingSampleRate`. */
export function errorSampleRate(environment: Environment, configured: number | undefined): number {
  return environment === 'development' && configured !== undefined ? configured : ERROR_SAMPLE_RATE;
}

/** Name of the click-analytics event for a product click. */
export const PRODUCT_CLICK_EVENT = 'Product Click';

/** Longest wait for the features of the experiments client, and for its event posts. */
export const EXPERIMENTS_TIMEOUT_MS = 3000;

/** The analytics session's storage keys (a test holds them equal), named here so these chunks do not pull it in. */
export const ANALYTICS_SECRET_KEYS = ['analytics-token', 'analytics-token-distinct-id'] as const;
