// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountAisle, type Mounted } from '../mount.js';
import { RootStore } from '../stores/RootStore.js';
import { fakeEnv, fakeResponse, testContext, type FakeEnv } from '../testing/stores.js';
import { FakeIntersectionObserver } from '../testing/ui.js';

// React's scheduler as it is, with its slice length watched.
const slices = vi.hoisted(() => ({ fps: [] as number[] }));
vi.mock('scheduler', async (importOriginal) => {
  const original = await importOriginal<{ unstable_forceFrameRate(fps: number): void }>();
  return {
    ...original,
    unstable_forceFrameRate: (fps: number) => {
      slices.fps.push(fps);
      original.unstable_forceFrameRate(fps);
    },
  };
});

// These tests drive the mount as the embed does, outside React's act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const HOST_MAIN = '<h1>Host content</h1><p>The retailer’s own page</p>';
let mounted: Mounted | null = null;
let net: FakeEnv;
let debugEvents: Array<Record<string, unknown>>;
const onDebug = (event: Event): void => void debugEvents.push((event as CustomEvent).detail as Record<string, unknown>);

const main = () => document.querySelector('main')!;
const aisleShown = () => main().querySelector('.aisle-mount') !== null;
const hostShown = () => main().innerHTML === HOST_MAIN;
/** Lets replies, reactions and lazy chunks arrive. */
const settle = async (rounds = 5) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function mount(context: unknown): Promise<Mounted> {
  const result = await mountAisle(context, window, { transport: net.transport });
  if (!result) throw new Error('not mounted');
  mounted = result;
  return result;
}

beforeEach(() => {
  history.replaceState(null, '', '/maple/dresses');
  document.body.innerHTML = `<main>${HOST_MAIN}</main>`;
  net = fakeEnv();
  debugEvents = [];
  window.addEventListener('aisle:debug', onDebug);
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  window.removeEventListener('aisle:debug', onDebug);
  vi.unstubAllGlobals();
});

describe('the #department guard holds from Aisle’s first moment', () => {
  it('stops a pushState to #department made in the same task as the mount, before the first render', async () => {
    const started = mount(testContext());
    // Still the task that started the mount: the listing renders in later tasks.
    expect(aisleShown()).toBe(false);
    history.pushState(null, '', '/maple/dresses#department');
    history.replaceState(null, '', '/maple/dresses?x=1#department');
    expect(location.hash).toBe('');
    await started;
    expect(aisleShown()).toBe(true);
  });

  it('lets such an update through again after unmount', async () => {
    (await mount(testContext())).unmount();
    mounted = null;
    history.pushState(null, '', '/maple/dresses#department');
    expect(location.hash).toBe('#department');
  });
});

describe('the first render', () => {
  it('runs in long slices until it is on show, then later renders go back to short ones', async () => {
    slices.fps = [];
    const started = mount(testContext());
    expect(slices.fps).toEqual([33]);
    expect(aisleShown()).toBe(false);
    await started;
    expect(aisleShown()).toBe(true);
    expect(slices.fps).toEqual([33, 0]);
  });

  it('gives the short slices back when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(RootStore.prototype, 'messages', 'get').mockImplementation(() => {
      throw new Error('boom');
    });
    slices.fps = [];
    await mount(testContext());
    expect(hostShown()).toBe(true);
    expect(slices.fps[0]).toBe(33);
    expect(slices.fps.at(-1)).toBe(0);
  });
});

describe('a listing that cannot load never leaves a hole in the page', () => {
  it('shows an inline listing at once, without a request', async () => {
    await mount(testContext());
    expect(aisleShown()).toBe(true);
    expect(main().querySelector('[data-aisle="grid"]')).not.toBeNull();
    expect(net.requests).toHaveLength(0);
  });

  it('keeps the retailer’s content while the first search runs, then swaps the listing in', async () => {
    let answer: (reply: { status: number; json: unknown }) => void = () => undefined;
    net.reply(() => new Promise((resolve) => (answer = resolve)));
    const m = await mount(testContext({}, { data: undefined }));
    await settle();
    expect(hostShown()).toBe(true);
    expect(m.status.state).toBe('waiting');
    answer({ status: 200, json: fakeResponse() });
    await vi.waitFor(() => expect(aisleShown()).toBe(true));
    expect(main().querySelector('[data-aisle="grid"]')).not.toBeNull();
    expect(m.status).toEqual({ state: 'shown', reason: null });
  });

  it('keeps the retailer’s content when the search cannot be reached, says why once, and retries when online', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    net.reply(() => new TypeError('Failed to fetch'));
    const m = await mount(testContext({}, { data: undefined }));
    await settle();
    expect(hostShown()).toBe(true);
    expect(m.status.state).toBe('kept-host-content');
    expect(m.status.reason).toMatch(/could not be reached/);
    const kept = debugEvents.filter((d) => String(d.error).startsWith('Aisle kept the page'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ source: 'search', phase: 'error', url: 'http://search.test/search' });
    // Still offline: another failure is not logged again.
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(hostShown()).toBe(true);
    expect(warn.mock.calls.filter(([line]) => String(line).includes('could not load'))).toHaveLength(1);
    net.reply(() => ({ status: 200, json: fakeResponse() }));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(aisleShown()).toBe(true));
    expect(m.status.state).toBe('shown');
  });

  it('keeps the retailer’s content on a refused search too (an error status)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    net.reply(() => ({ status: 503, json: {} }));
    const m = await mount(testContext({}, { data: undefined }));
    await settle();
    expect(hostShown()).toBe(true);
    expect(m.status.reason).toBe('the search answered HTTP 503');
  });

  it('gives the retailer’s content back when the first render throws, and logs once', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(RootStore.prototype, 'messages', 'get').mockImplementation(() => {
      throw new Error('boom');
    });
    const m = await mount(testContext());
    expect(hostShown()).toBe(true);
    expect(m.status).toEqual({ state: 'kept-host-content', reason: 'the listing could not be rendered' });
    expect(error.mock.calls.filter(([line]) => String(line).startsWith('[Aisle]'))).toHaveLength(1);
  });

  it('gives the retailer’s content back when Aisle’s root itself throws, without an uncaught error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(RootStore.prototype, 'locale', 'get').mockImplementation(() => {
      throw new Error('boom');
    });
    const m = await mount(testContext());
    expect(hostShown()).toBe(true);
    expect(m.status.state).toBe('kept-host-content');
    expect(error.mock.calls.filter(([line]) => String(line).startsWith('[Aisle]'))).toHaveLength(1);
  });

  it('gives the retailer’s content back when a later render throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const m = await mount(testContext());
    expect(aisleShown()).toBe(true);
    vi.spyOn(RootStore.prototype, 'messages', 'get').mockImplementation(() => {
      throw new Error('boom');
    });
    m.store.viewport.setWidth(500);
    await settle();
    expect(hostShown()).toBe(true);
    expect(m.status.state).toBe('kept-host-content');
  });

  it('puts the retailer’s content back on unmount', async () => {
    (await mount(testContext())).unmount();
    mounted = null;
    expect(hostShown()).toBe(true);
  });
});

describe('a sitemap page without inline data fetches its sitemap', () => {
  const sitemap = {
    url: '/maple/vsm/women',
    title: 'Women',
    links: [{ title: 'Boots', url: '/maple/boots' }],
    subcategories: [{ title: 'Shoes', url: '/maple/vsm/women/shoes' }],
    breadcrumbs: [{ title: 'Home', url: '/' }],
  };

  it('posts the sitemap body and shows the sitemap, with no product search', async () => {
    history.replaceState(null, '', '/maple/vsm/women');
    net.reply(({ url }) => (url.endsWith('/sitemap') ? { status: 200, json: sitemap } : { status: 500 }));
    const m = await mount(testContext({}, { data: undefined, additional: { locale: 'en', region: 'us', x: 1 } }));
    await vi.waitFor(() => expect(main().querySelector('[data-aisle="vsm"]')).not.toBeNull());
    expect(net.requests.map((r) => r.url)).toEqual(['http://search.test/sitemap']);
    expect(net.requests[0]!.init).toMatchObject({ method: 'POST' });
    expect(net.requests[0]!.init.body).toEqual({
      customer: 'maple-pine',
      page: 'women',
      environment: 'production',
      skip_cache: true,
      region: 'us',
      locale: 'en',
    });
    expect(main().textContent).toContain('Boots');
    expect(m.status.state).toBe('shown');
  });

  it('asks for the root sitemap with an empty page', async () => {
    history.replaceState(null, '', '/maple/vsm');
    net.reply(() => ({ status: 200, json: sitemap }));
    await mount(testContext({ proxySearch: true }, { data: undefined }));
    await settle();
    expect(net.requests.map((r) => r.url)).toEqual(['/maple/sitemap']);
    expect((net.requests[0]!.init.body as { page: string }).page).toBe('');
  });

  it('keeps the retailer’s content when the sitemap cannot load', async () => {
    history.replaceState(null, '', '/maple/vsm/women');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    net.reply(() => ({ status: 404, json: { error: 'no such page' } }));
    const m = await mount(testContext({}, { data: undefined }));
    await settle();
    expect(hostShown()).toBe(true);
    expect(m.status.reason).toBe('the sitemap answered HTTP 404');
  });
});

describe('over a first paint drawn by aisle.js', () => {
  it('takes the paint’s place at its commit, with the context the paint read, and gives back the retailer’s content on unmount', async () => {
    const { paintFirstScreen } = await import('../firstPaint/paint.js');
    const originalPush = history.pushState;
    const paint = await paintFirstScreen(testContext(), window);
    expect(paint?.pending).toBe(true);
    const painted = main().querySelector('[data-aisle-first-paint]');
    expect(painted).not.toBeNull();
    // The context the paint read is used as it is: a raw context that would not even be read proves it.
    const result = await mountAisle('not a render context', window, { transport: net.transport, firstPaint: paint });
    mounted = result;
    expect(result).not.toBeNull();
    expect(paint!.pending).toBe(false);
    expect(main().querySelector('[data-aisle-first-paint]')).toBeNull();
    expect(main().querySelectorAll('.aisle-mount [data-aisle="product"]').length).toBe(24);
    // The paint's #department guard went over to the app: still on, and gone with the app.
    history.pushState(null, '', '/maple/dresses#department');
    expect(location.hash).toBe('');
    result!.unmount();
    mounted = null;
    expect(hostShown()).toBe(true);
    expect(history.pushState).toBe(originalPush);
  });
});
