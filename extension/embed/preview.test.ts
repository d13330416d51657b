// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreviewStatus } from '../lib/pageData.js';
import type { PreviewConfig } from '../lib/previewContext.js';

// The page channel and Aisle's app, stood in for: what is under test is what the preview reports.
const channel = vi.hoisted(() => ({
  handlers: new Map<string, (message: { data: unknown }) => void>(),
  sent: [] as Array<{ type: string; data: unknown }>,
}));
vi.mock('../lib/pageChannel.js', () => ({
  createPageChannel: () => ({
    sendMessage: (type: string, data: unknown) => {
      channel.sent.push({ type, data });
      return Promise.resolve();
    },
    onMessage: (type: string, handler: (message: { data: unknown }) => void) => channel.handlers.set(type, handler),
    removeAllListeners: () => channel.handlers.clear(),
  }),
}));
const app = vi.hoisted(() => ({
  mount: vi.fn(() => Promise.resolve()),
  unmount: vi.fn(),
  snapshot: () => ({ search: { lastRequest: { page: 'no-such-page' } } }),
}));
vi.mock('../../sdk/app.js', () => ({ app }));
vi.mock('../../sdk/ui/appStylesheet.js', () => ({ AISLE_CSS: '' }));

const { startPreview } = await import('./preview.js');

const SEARCH = 'http://127.0.0.1:4173/search';

function config(mainSelector = 'main'): PreviewConfig {
  return {
    context: {
      config: { id: 'maple', base: '/maple', mainSelector, searchHost: 'http://127.0.0.1:4173' },
      environment: 'development',
      additional: { locale: 'en_US', lang: 'en', region: 'us' },
    },
  };
}

const statuses = () => channel.sent.filter((m) => m.type === 'previewStatus').map((m) => m.data as PreviewStatus);
const latest = () => statuses().at(-1)!;

function debug(detail: Record<string, unknown>): void {
  window.dispatchEvent(new CustomEvent('aisle:debug', { detail: { source: 'search', ...detail } }));
}

function violation(effectiveDirective: string, blockedURI: string): void {
  const event = new Event('securitypolicyviolation', { bubbles: true }) as Event & Record<string, unknown>;
  Object.assign(event, { effectiveDirective, violatedDirective: effectiveDirective, blockedURI });
  document.dispatchEvent(event);
}

let stopPreview: () => void = () => undefined;

async function started(cfg = config()): Promise<void> {
  stopPreview = startPreview(window as never);
  channel.handlers.get('previewConfig')!({ data: cfg });
  await Promise.resolve();
}

describe('the preview script', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    channel.handlers.clear();
    channel.sent.length = 0;
    app.mount.mockClear();
    app.unmount.mockClear();
    history.replaceState(null, '', '/maple/dresses');
    document.body.innerHTML = '<main><p>The shop</p></main>';
  });
  afterEach(() => stopPreview());

  it('refuses an invalid main selector with a failure instead of waiting forever', async () => {
    await started(config('main[['));
    expect(app.mount).not.toHaveBeenCalled();
    expect(latest()).toMatchObject({ outcome: 'failed', message: expect.stringContaining('not a valid CSS selector') });
  });

  it('says "shown" only once a search has answered and the listing rendered', async () => {
    await started();
    expect(latest().outcome).toBe('pending');
    document.querySelector('main')!.innerHTML =
      '<div data-aisle="grid"><div data-aisle="product"></div><div data-aisle="product"></div></div>';
    debug({ phase: 'response', url: SEARCH, status: 200 });
    expect(latest().outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(200);
    expect(latest()).toMatchObject({ outcome: 'shown', message: expect.stringContaining('2 products') });
  });

  it('once ended, hears no more of the page: no late listing check, search answer or CSP refusal reports', async () => {
    await started();
    document.querySelector('main')!.innerHTML = '<div data-aisle="grid"><div data-aisle="product"></div></div>';
    debug({ phase: 'response', url: SEARCH, status: 200 });
    stopPreview();
    const before = statuses().length;
    await vi.advanceTimersByTimeAsync(5000);
    debug({ phase: 'error', url: SEARCH, error: 'HTTP 503' });
    violation('connect-src', SEARCH);
    expect(statuses()).toHaveLength(before);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports page not found as such, naming the page', async () => {
    await started();
    document.querySelector('main')!.innerHTML = '<div data-aisle="not-found">Gone</div>';
    debug({ phase: 'response', url: SEARCH, status: 200 });
    await vi.advanceTimersByTimeAsync(200);
    expect(latest()).toMatchObject({ outcome: 'not-found', message: expect.stringContaining('"no-such-page"') });
  });

  it("names the page's CSP when it blocked the search, whichever comes first", async () => {
    await started();
    debug({ phase: 'error', url: SEARCH, error: 'Failed to fetch search results: Failed to fetch' });
    expect(latest()).toMatchObject({ outcome: 'failed', message: expect.stringContaining('the search failed') });
    violation('connect-src', SEARCH);
    expect(latest().message).toContain('Content-Security-Policy (connect-src) blocks http://127.0.0.1:4173/search');
  });

  it('does not blame the CSP for a search failure when it blocked something else', async () => {
    await started();
    violation('connect-src', 'http://analytics.example/v3/event');
    debug({ phase: 'error', url: SEARCH, error: 'HTTP 503' });
    expect(latest().message).toContain('the search failed: HTTP 503');
  });

  it('clears a failure when a later search succeeds, and warns about blocked images', async () => {
    await started();
    debug({ phase: 'error', url: SEARCH, error: 'HTTP 503' });
    expect(latest().outcome).toBe('failed');
    violation('img-src', 'http://127.0.0.1:4173/img/a.svg');
    debug({ phase: 'response', url: SEARCH, status: 200 });
    await vi.advanceTimersByTimeAsync(200);
    expect(latest()).toMatchObject({
      outcome: 'shown',
      warning: expect.stringContaining('Content-Security-Policy (img-src)'),
    });
  });

  it('re-derives "shown" when the cards render late, and follows infinite loading', async () => {
    await started();
    debug({ phase: 'response', url: SEARCH, status: 200 });
    await vi.advanceTimersByTimeAsync(200);
    expect(latest().message).toContain('no products on this page');
    // React took 2.6 s to render the first page of cards.
    await vi.advanceTimersByTimeAsync(2_400);
    document.querySelector('main')!.innerHTML =
      `<ul data-aisle="grid">${'<li data-aisle="product"></li>'.repeat(24)}</ul>`;
    await vi.advanceTimersByTimeAsync(200);
    expect(latest()).toMatchObject({ outcome: 'shown', message: expect.stringContaining('24 products in the grid') });
    // Infinite loading appends the next page without another status from anyone.
    document
      .querySelector('[data-aisle="grid"]')!
      .insertAdjacentHTML('beforeend', '<li data-aisle="product"></li>'.repeat(24));
    await vi.advanceTimersByTimeAsync(200);
    expect(latest().message).toContain('48 products in the grid');
    // The Similar Products row under the grid holds product cards too: named apart, never counted in.
    document
      .querySelector('main')!
      .insertAdjacentHTML(
        'beforeend',
        `<section data-aisle="similar">${'<a data-aisle="product"></a>'.repeat(16)}</section>`,
      );
    await vi.advanceTimersByTimeAsync(200);
    expect(latest().message).toMatch(/: 48 products in the grid; 16 similar products below it$/);
    const shown = statuses().filter((s) => s.outcome === 'shown');
    expect(new Set(shown.map((s) => s.message)).size).toBe(shown.length);
  });

  it('asks the relay again after a route change, and steps back when the new route is out of scope', async () => {
    await started();
    const routes = () => channel.sent.filter((m) => m.type === 'previewRoute').length;
    history.pushState(null, '', '/maple/dresses#reviews');
    expect(routes()).toBe(0);
    history.pushState(null, '', '/checkout');
    expect(routes()).toBe(1);
    channel.handlers.get('previewConfig')!({
      data: { off: 'the page moved outside the path patterns without a page load' },
    });
    expect(app.unmount).toHaveBeenCalled();
    expect(latest()).toMatchObject({ outcome: 'idle', message: expect.stringContaining('outside the path patterns') });
  });

  it('says the preview was turned off when it was, and stays quiet after a failure the relay reported', async () => {
    await started();
    channel.handlers.get('previewConfig')!({ data: { off: 'the preview was turned off for this site' } });
    expect(latest()).toMatchObject({
      outcome: 'idle',
      message: 'the preview was turned off for this site: the preview stepped back',
    });
    channel.handlers.get('previewConfig')!({ data: config() });
    const before = statuses().length;
    channel.handlers.get('previewConfig')!({ data: { off: 'the local stack does not answer', failed: true } });
    expect(app.unmount).toHaveBeenCalled();
    expect(
      statuses()
        .slice(before)
        .map((s) => s.outcome),
    ).not.toContain('idle');
  });

  it("hands the page's Aisle.track calls to the app it mounts", async () => {
    await started();
    const aisle = (window as unknown as { Aisle: { track(event: string, data: unknown): unknown } }).Aisle;
    const order = { items: [{ product_id: 'P1', quantity: 1, price: 20 }], currency: 'USD', order_id: 'A-1' };
    expect(aisle.track('purchase', order)).toEqual({ ok: true });
    const source = (app.mount.mock.calls[0] as unknown[])[5] as
      { subscribe(sink: (c: { kind: string }) => void): () => void } | undefined;
    const taken: string[] = [];
    source?.subscribe((c) => taken.push(c.kind));
    expect(taken).toEqual(['purchase']);
  });

  it('remounts for a route to another listing, but not for a change of the query alone', async () => {
    await started();
    expect(app.mount).toHaveBeenCalledTimes(1);
    history.replaceState(null, '', '/maple/dresses?sort=price_desc');
    channel.handlers.get('previewConfig')!({ data: config() });
    expect(app.mount).toHaveBeenCalledTimes(1);
    history.pushState(null, '', '/maple/womens-running-shoes');
    expect(channel.sent.filter((m) => m.type === 'previewRoute')).toHaveLength(2);
    channel.handlers.get('previewConfig')!({ data: config() });
    expect(app.mount).toHaveBeenCalledTimes(2);
    expect(latest().outcome).toBe('pending');
  });

  it('never says a plain "shown" while a part Aisle drew a place for stays empty', async () => {
    await started();
    document.querySelector('main')!.innerHTML =
      '<div data-aisle="grid"><div data-aisle="product"></div></div><div data-aisle="seo"></div>' +
      '<div data-aisle="structured-data" hidden></div>';
    debug({ phase: 'response', url: SEARCH, status: 200 });
    await vi.advanceTimersByTimeAsync(200);
    expect(latest().warning).toBe('not shown: the structured data');
    // The sanitiser ran, but the page refused its HTML: only the attribute changes.
    document.querySelector('[data-aisle="seo"]')!.setAttribute('data-aisle-ready', '');
    await vi.advanceTimersByTimeAsync(200);
    expect(latest()).toMatchObject({ outcome: 'shown', warning: 'not shown: the SEO text, the structured data' });
    document.querySelector('[data-aisle="seo"]')!.innerHTML = '<p>Shoes for every run.</p>';
    document.querySelector('[data-aisle="structured-data"]')!.innerHTML =
      '<script type="application/ld+json">{}</script>';
    await vi.advanceTimersByTimeAsync(200);
    expect(latest()).toMatchObject({ outcome: 'shown' });
    expect(latest().warning).toBeUndefined();
  });
});
