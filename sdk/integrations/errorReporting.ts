/**
 * Sentry on demand, as a `BrowserClient` on its own `Scope` rather than `Sentry.init`: nothing global
 * is installed, so only what Aisle reports is ever sent.
 */
import { BrowserClient, Scope, dedupeIntegration, defaultStackParser, makeFetchTransport } from '@sentry/browser';
import type { Environment } from '../core/types.js';
import type { KeyValueStorage } from '../ports/env.js';
import { VERSION } from '../version.js';
import {
  ANALYTICS_SECRET_KEYS,
  MAX_LINE_CHARS,
  TRACE_SAMPLE_RATE,
  errorSampleRate,
  reportingEnvironment,
} from './config.js';
import { prepareErrorEvent } from './errorEvent.js';
import type { ErrorReport, ErrorReports } from './errorReports.js';

/** What the reporter needs from the page. */
export interface ErrorReportingOptions {
  dsn: string;
  environment: Environment;
  /** Honoured on development pages only. */
  sampleRate?: number;
  tenant: string;
  storage: KeyValueStorage;
  pageUrl(): string;
  fetch: typeof fetch;
}

/** The Sentry client options for Aisle (exported for the tests that pin them). */
export function clientOptions(options: ErrorReportingOptions): ConstructorParameters<typeof BrowserClient>[0] {
  return {
    dsn: options.dsn,
    environment: reportingEnvironment(options.environment),
    release: `aisle@${VERSION}`,
    sampleRate: errorSampleRate(options.environment, options.sampleRate),
    tracesSampleRate: TRACE_SAMPLE_RATE,
    maxValueLength: MAX_LINE_CHARS,
    maxBreadcrumbs: 0,
    // No shopper data: no IP address inferred from the request, no cookies, headers, bodies or queries.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    sendClientReports: false,
    // Only integrations that install nothing on the page.
    integrations: [dedupeIntegration()],
    stackParser: defaultStackParser,
    // The page's own fetch (no sandbox iframe to find a pristine one), without cookies.
    transport: (transportOptions) => makeFetchTransport(transportOptions, options.fetch),
    transportOptions: { fetchOptions: { credentials: 'omit' } },
    beforeSend: (event) => {
      const known = ANALYTICS_SECRET_KEYS.map((key) => options.storage.getItem(key) ?? '').filter(Boolean);
      return prepareErrorEvent(event, { url: options.pageUrl(), known });
    },
    beforeBreadcrumb: () => null,
  };
}

/** Starts the reporter and feeds it Aisle's reports; returns the cleanup. */
export function startErrorReporting(options: ErrorReportingOptions, reports: ErrorReports): () => void {
  const client = new BrowserClient(clientOptions(options));
  const scope = new Scope();
  scope.setClient(client);
  scope.setTags({ 'aisle.tenant': options.tenant, 'aisle.version': VERSION });
  client.init();
  reports.attach((report: ErrorReport) => {
    const context = { contexts: { aisle: { log: report.message } } };
    if (report.error) scope.captureException(report.error, { captureContext: context });
    else scope.captureMessage(report.message, 'error');
  });
  return () => {
    reports.disable();
    void client.close(0);
  };
}
