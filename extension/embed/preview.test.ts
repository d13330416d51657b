// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
vi.mock('../../sdk/ui/stylesheet.js', () => ({ AISLE_CSS: '' }));

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

async function started(cfg = config()): Promise<void> {
  startPreview(window as never);
  channel.handlers.get('previewConfig')!({ data: cfg });
  await Promise.resolve();
}

describe('the preview script', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    channel.handlers.clear();
    channel.sent.length = 0;
    app.mount.mockClear();
    document.body.innerHTML = '<main><p>The shop</p></main>';
  });

  it('refuses an invalid main selector with a failure instead of waiting forever', async () => {
    await started(config('main[['));
    expect(app.mount).not.toHaveBeenCalled();
    expect(latest()).toMatchObject({ outcome: 'failed', message: expect.stringContaining('not a valid CSS selector') });
  });

  it('says "shown" only once a search has answered and the listing rendered', async () => {
    await started();
    expect(latest().outcome).toBe('pending');
    document.querySelector('main')!.innerHTML = '<div data-aisle="product"></div><div data-aisle="product"></div>';
    debug({ phase: 'response', url: SEARCH, status: 200 });
    expect(latest().outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(200);
    expect(latest()).toMatchObject({ outcome: 'shown', message: expect.stringContaining('2 products') });
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
});
