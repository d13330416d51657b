// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ErrorEvent } from '@sentry/browser';
import { prepareErrorEvent, cutLines } from './errorEvent.js';
import { clientOptions, startErrorReporting, type ErrorReportingOptions } from './errorReporting.js';
import { ErrorReports } from './errorReports.js';
import { scrubText } from './scrub.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const VISITOR = '3b241101-e2bb-4255-8caf-4136c566a962';

function options(overrides: Partial<ErrorReportingOptions> = {}): ErrorReportingOptions {
  const stored = new Map([
    ['analytics-token', JWT],
    ['analytics-token-distinct-id', VISITOR],
  ]);
  return {
    dsn: 'http://aisle@errors.test/integrations/sentry/1',
    environment: 'production',
    tenant: 'maple',
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: () => undefined, removeItem: () => undefined },
    pageUrl: () => 'http://shop.test/maple/dresses?email=jo@shop.example#top',
    fetch: vi.fn(async () => new Response('{}', { status: 200 })),
    ...overrides,
  };
}

function frames(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    filename: `http://cdn.test/chunk.js`,
    function: `f${i}`,
    lineno: i,
  }));
}

describe('the error reporter is set up with the product’s fixed rates', () => {
  it('samples 0.0001 of errors and 0.01 of traces, whatever a production or qa page asks', () => {
    for (const environment of ['production', 'qa'] as const) {
      const set = clientOptions(options({ environment, sampleRate: 1 }));
      expect(set.sampleRate).toBe(0.0001);
      expect(set.tracesSampleRate).toBe(0.01);
    }
    expect(clientOptions(options({ environment: 'development' })).sampleRate).toBe(0.0001);
    expect(clientOptions(options({ environment: 'development', sampleRate: 1 })).sampleRate).toBe(1);
  });

  it.each([
    ['production', 'production'],
    ['qa', 'staging'],
    ['development', 'development'],
  ] as const)('reports a %s page as %s', (environment, reported) => {
    expect(clientOptions(options({ environment })).environment).toBe(reported);
  });

  it('installs no integration that hooks the page (global handlers, wrapped APIs, breadcrumbs)', () => {
    const names = clientOptions(options()).integrations.map((i) => i.name);
    expect(names).toEqual(['Dedupe']);
    expect(clientOptions(options()).maxBreadcrumbs).toBe(0);
    // Sentry would otherwise infer the shopper's IP address from the request.
    expect(clientOptions(options()).dataCollection).toMatchObject({ userInfo: false });
  });
});

describe('an outgoing report is cut to the limits and scrubbed', () => {
  const page = { url: 'http://shop.test/maple/dresses?email=jo@shop.example', known: [JWT, VISITOR] };

  it('keeps the 50 frames nearest to the throw and 1024 characters per line', () => {
    const long = 'x'.repeat(3000);
    const event = prepareErrorEvent(
      {
        type: undefined,
        exception: {
          values: [
            {
              type: 'Error',
              value: `${long}\nsecond line`,
              stacktrace: { frames: [...frames(79), { filename: long, function: 'thrower', lineno: 1 }] },
            },
          ],
        },
      },
      page,
    );
    const exception = event.exception!.values![0]!;
    const kept = exception.stacktrace!.frames!;
    expect(kept).toHaveLength(50);
    expect(kept[0]!.function).toBe('f30');
    expect(kept[49]!.function).toBe('thrower');
    expect(kept[49]!.filename).toHaveLength(1024);
    expect(exception.value!.split('\n').map((line) => line.length)).toEqual([1024, 11]);
    expect(cutLines('short')).toBe('short');
  });

  it('never carries the analytics token, credentials, the visitor id or e-mail addresses', () => {
    const event = prepareErrorEvent(
      {
        type: undefined,
        message: `identity failed for ${VISITOR} with Bearer ${JWT} (jo@shop.example)`,
        contexts: { aisle: { log: `token ${JWT}`, distinct_id: 'visitor-7', headers: { Authorization: 'Basic abc' } } },
      },
      page,
    );
    const text = JSON.stringify(event);
    expect(text).not.toContain(JWT);
    expect(text).not.toContain(VISITOR);
    expect(text).not.toContain('visitor-7');
    expect(text).not.toContain('jo@shop.example');
    expect(text).not.toContain('Basic abc');
    expect(event.request).toEqual({ url: 'http://shop.test/maple/dresses' });
    expect(scrubText('a 12345678-1234-4abc-8abc-123456789abc b')).toBe('a [Filtered] b');
  });

  it("drops what a host's own Sentry put on the shared scopes: user, breadcrumbs, extra, foreign tags", () => {
    const event = prepareErrorEvent(
      {
        type: undefined,
        message: 'x',
        user: { id: 'host-user', email: 'jo@shop.example' },
        breadcrumbs: [{ message: 'host click' }],
        extra: { cart: 3 },
        tags: { 'aisle.tenant': 'maple', 'host.page': 'checkout' },
        contexts: { aisle: { log: 'x' }, host: { plan: 'gold' } },
      } as ErrorEvent,
      page,
    );
    expect(Object.keys(event).sort()).toEqual(['contexts', 'message', 'request', 'tags', 'type']);
    expect(event.tags).toEqual({ 'aisle.tenant': 'maple' });
    expect(event.contexts).toEqual({ aisle: { log: 'x' } });
  });
});

describe('startErrorReporting', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends Aisle’s reports as envelopes, without installing handlers on the page', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const onerror = window.onerror;
    const set = options({ environment: 'development', sampleRate: 1 });
    const reports = new ErrorReports();
    reports.report({ message: '[Aisle] the listing could not be shown:', error: new Error(`boom ${JWT}`) });
    const stop = startErrorReporting(set, reports);
    await vi.waitFor(() => expect(set.fetch).toHaveBeenCalled());
    const [url, init] = vi.mocked(set.fetch).mock.calls[0]!;
    expect(String(url)).toMatch(/^http:\/\/errors\.test\/integrations\/sentry\/api\/1\/envelope\/\?.*sentry_key=aisle/);
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
    const [, , payload] = String(init!.body).split('\n');
    const event = JSON.parse(payload!) as ErrorEvent;
    expect(event.environment).toBe('development');
    expect(event.exception!.values![0]!.value).toBe('boom [Filtered]');
    expect(event.tags).toMatchObject({ 'aisle.tenant': 'maple' });
    expect(event.release).toBe('aisle@0.1.0');
    expect(event.sdk?.settings).toEqual({ infer_ip: 'never' });
    expect(listen.mock.calls.map(([type]) => type)).not.toEqual(expect.arrayContaining(['error']));
    expect(listen.mock.calls.map(([type]) => type)).not.toEqual(expect.arrayContaining(['unhandledrejection']));
    expect(window.onerror).toBe(onerror);
    stop();
  });

  it('at the production rate, almost nothing is sent', async () => {
    /** How many reports go out for one error when the sampling draw is `draw`. */
    const sentWith = async (draw: number) => {
      const set = options();
      const reports = new ErrorReports();
      vi.spyOn(Math, 'random').mockReturnValue(draw);
      vi.useFakeTimers();
      const stop = startErrorReporting(set, reports);
      reports.report({ message: 'x', error: new Error('x') });
      await vi.advanceTimersByTimeAsync(20);
      vi.useRealTimers();
      stop();
      return vi.mocked(set.fetch).mock.calls.length;
    };
    expect(await sentWith(0.5)).toBe(0);
    // The same steps do send when the draw falls under the rate.
    expect(await sentWith(0)).toBe(1);
  });
});
