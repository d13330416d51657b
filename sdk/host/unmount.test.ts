// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountAisle } from '../mount.js';
import { fakeEnv, testContext } from '../testing/stores.js';
import type { TrackedTimers } from './timers.js';

// The mount runs as the embed runs it, outside React's act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** Listeners added to `target` and not removed since, as "type" (with " capture" when so). */
function countListeners(target: EventTarget): { live: () => string[]; seen: Set<string>; stop: () => void } {
  const live = new Map<string, Set<unknown>>();
  const seen = new Set<string>();
  const key = (type: string, options: unknown) =>
    `${type}${(typeof options === 'boolean' ? options : (options as { capture?: boolean })?.capture) ? ' capture' : ''}`;
  const add = target.addEventListener;
  const remove = target.removeEventListener;
  target.addEventListener = function (type: string, listener: unknown, options?: unknown) {
    seen.add(type);
    const once = typeof options === 'object' && (options as { once?: boolean } | null)?.once;
    // A `once` listener that fires removes itself: only those that can stay are counted.
    if (!once)
      (live.get(key(type, options)) ?? live.set(key(type, options), new Set()).get(key(type, options))!).add(listener);
    return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
  };
  target.removeEventListener = function (type: string, listener: unknown, options?: unknown) {
    live.get(key(type, options))?.delete(listener);
    return remove.call(this, type, listener as EventListener, options as EventListenerOptions);
  };
  return {
    seen,
    live: () => [...live].flatMap(([type, set]) => [...set].map(() => type)).sort(),
    stop: () => {
      target.addEventListener = add;
      target.removeEventListener = remove;
    },
  };
}

/** Observer classes that know which of their instances still observe something. */
function countObservers(): { live: () => string[] } {
  const active = new Map<object, string>();
  for (const name of ['MutationObserver', 'ResizeObserver', 'IntersectionObserver'] as const) {
    vi.stubGlobal(
      name,
      class {
        constructor(readonly callback: unknown) {}
        observe(): void {
          active.set(this, name);
        }
        unobserve(): void {}
        disconnect(): void {
          active.delete(this);
        }
        takeRecords(): [] {
          return [];
        }
      },
    );
  }
  return { live: () => [...active.values()].sort() };
}

const features = { features: { 'new-grid': { defaultValue: true } } };

beforeEach(() => {
  history.replaceState(null, '', '/maple/dresses');
  document.body.innerHTML = '<main><h1>Host content</h1></main>';
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('unmount leaves nothing of Aisle behind', () => {
  it('removes every listener and observer it installed, with error reporting, click analytics and experiments on', async () => {
    const observers = countObservers();
    const onDocument = countListeners(document);
    const onWindow = countListeners(window);
    // Loaded ahead (under the counters) so that all three start in the same idle moment.
    await Promise.all([
      import('../integrations/errorReporting.js'),
      import('../integrations/clickAnalytics.js'),
      import('../integrations/experiments.js'),
    ]);
    const net = fakeEnv();
    net.reply(({ url }) => (url.includes('/api/features/') ? { status: 200, json: features } : { status: 202 }));
    const context = testContext({
      errorReportingDsn: 'http://public@sentry.test/1',
      clickAnalytics: { domain: 'maple.example', endpoint: 'http://plausible.test/api/event' },
      experiments: { clientKey: 'sdk-maple', apiHost: 'http://growthbook.test' },
    });
    const mounted = await mountAisle(context, window, { transport: net.transport });
    // The integrations start once the page is idle; the experiments client once its features loaded.
    await vi.waitFor(
      () => {
        expect(mounted!.store.flags.value('new-grid', false)).toBe(true);
        // The Plausible tracker did start (and install its page watchers, taken back at once).
        expect(onDocument.seen).toContain('auxclick');
        // Sentry's client did start: it watches `freeze` and `resume` from its constructor on.
        expect(onDocument.seen).toContain('freeze');
      },
      { timeout: 5000 },
    );
    mounted!.unmount();
    expect(observers.live()).toEqual([]);
    // Sentry's client takes its listeners back when its (asynchronous) close has settled.
    await vi.waitFor(() => expect(onWindow.live()).toEqual([]));
    // The one thing a library keeps for the page's lifetime (docs/integrations.md): React DOM's
    // `selectionchange` listener on the document, added once per document and never removed.
    await vi.waitFor(() => expect(onDocument.live()).toEqual(['selectionchange']));
    onDocument.stop();
    onWindow.stop();
  });
  it('carries a click answered just before through: its address is written, nothing waits for a frame', async () => {
    const net = fakeEnv();
    const mounted = await mountAisle(testContext(), window, { transport: net.transport });
    mounted!.store.dlp.toggleFilter('color', 'black');
    // The address waits for the frame that shows the click…
    expect(location.search).toBe('');
    mounted!.unmount();
    // …and the unmount writes it rather than dropping what the shopper did.
    expect(location.search).toBe('?filters=color~black');
    expect(document.querySelector('main h1')?.textContent).toBe('Host content');
  });

  it('writes what waits for a frame when the page goes away or is hidden (no frame may come)', async () => {
    const mounted = await mountAisle(testContext(), window, { transport: fakeEnv().transport });
    mounted!.store.dlp.toggleFilter('color', 'black');
    expect(location.search).toBe('');
    window.dispatchEvent(new Event('pagehide'));
    expect(location.search).toBe('?filters=color~black');
    await vi.waitFor(() => expect(mounted!.store.search.loading).toBe(false));
    mounted!.store.dlp.toggleFilter('color', 'navy');
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    hidden.mockRestore();
    expect(location.search).toBe('?filters=color~black~navy');
    mounted!.unmount();
  });

  it('removes the analytics session’s page listeners too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onDocument = countListeners(document);
    const onWindow = countListeners(window);
    const net = fakeEnv();
    net.reply(() => ({ status: 503 }));
    const mounted = await mountAisle(testContext({ analyticsHost: 'http://analytics.test' }), window, {
      transport: net.transport,
    });
    await vi.waitFor(() => expect(mounted!.analytics?.session).toBeTruthy());
    expect(onWindow.seen).toContain('pagehide');
    mounted!.unmount();
    await vi.waitFor(() => expect(onWindow.live()).toEqual([]));
    expect(onDocument.live().filter((type) => type !== 'selectionchange')).toEqual([]);
    onDocument.stop();
    onWindow.stop();
  });
});

/**
 * The page's window as Aisle is given it, with what Aisle can leave behind counted: the listeners
 * added on it and not removed, and its timers, animation frames and idle callbacks still pending
 * (idle callbacks run only when the test says the page is idle).
 */
function fakeWindow() {
  const listeners = new Map<string, Set<unknown>>();
  const pending = { timers: new Set<unknown>(), frames: new Set<number>(), idle: new Map<number, () => void>() };
  let next = 0;
  const own = {
    addEventListener(type: string, listener: EventListener, options?: AddEventListenerOptions | boolean) {
      const once = typeof options === 'object' && options.once;
      if (!once) (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(listener);
      window.addEventListener(type, listener, options);
    },
    removeEventListener(type: string, listener: EventListener, options?: EventListenerOptions | boolean) {
      listeners.get(type)?.delete(listener);
      window.removeEventListener(type, listener, options);
    },
    setTimeout(fn: () => void, ms?: number) {
      const handle: unknown = window.setTimeout(() => {
        pending.timers.delete(handle);
        fn();
      }, ms);
      pending.timers.add(handle);
      return handle;
    },
    clearTimeout(handle: number) {
      pending.timers.delete(handle);
      window.clearTimeout(handle);
    },
    setInterval(fn: () => void, ms?: number) {
      const handle = window.setInterval(fn, ms);
      pending.timers.add(handle);
      return handle;
    },
    clearInterval(handle: number) {
      pending.timers.delete(handle);
      window.clearInterval(handle);
    },
    requestAnimationFrame(fn: FrameRequestCallback) {
      const handle = window.requestAnimationFrame((time) => {
        pending.frames.delete(handle);
        fn(time);
      });
      pending.frames.add(handle);
      return handle;
    },
    cancelAnimationFrame(handle: number) {
      pending.frames.delete(handle);
      window.cancelAnimationFrame(handle);
    },
    requestIdleCallback(fn: () => void) {
      pending.idle.set(++next, fn);
      return next;
    },
    cancelIdleCallback(handle: number) {
      pending.idle.delete(handle);
    },
  };
  const win = new Proxy(window, {
    get(target, name) {
      if (Object.hasOwn(own, name)) return own[name as keyof typeof own];
      const value: unknown = Reflect.get(target, name, target);
      // The window's own methods need the window itself as `this`; its classes stay as they are.
      return typeof value === 'function' && /^[a-z]/.test(String(name)) ? value.bind(target) : value;
    },
  }) as Window & typeof globalThis;
  return {
    win,
    /** Runs the idle callbacks waiting now, as the browser does when the page goes idle. */
    idle() {
      const waiting = [...pending.idle.values()];
      pending.idle.clear();
      waiting.forEach((run) => run());
    },
    /** What is still installed: listeners by type, and pending timers, frames and idle callbacks. */
    left() {
      return {
        listeners: [...listeners].flatMap(([type, set]) => [...set].map(() => type)).sort(),
        timers: pending.timers.size,
        frames: pending.frames.size,
        idle: pending.idle.size,
      };
    },
  };
}

describe('unmount leaves no timer and no listener on the window it was given', () => {
  const nothing = { listeners: [], timers: 0, frames: 0, idle: 0 };
  const configured = () =>
    testContext({
      analyticsHost: 'http://analytics.test',
      clickAnalytics: { domain: 'maple.example', endpoint: 'http://plausible.test/api/event' },
    });
  /** Lets replies and lazy chunks arrive. */
  const settle = async (rounds = 10) => {
    for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  };

  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Loaded ahead, so that each lazy part lands within a few turns of the event loop.
    await Promise.all([
      import('../analytics/wire.js'),
      import('../integrations/connect.js'),
      import('../integrations/clickAnalytics.js'),
      import('./pageAdapters.js'),
    ]);
  });

  it('when unmounted before the parts that load after the first render have landed', async () => {
    const page = fakeWindow();
    const net = fakeEnv();
    net.reply(() => ({ status: 503 }));
    const mounted = await mountAisle(configured(), page.win, { transport: net.transport });
    expect(page.left().listeners.length).toBeGreaterThan(0);
    mounted!.unmount();
    // The chunks land after the unmount, and the page goes idle: nothing may start then.
    await settle();
    page.idle();
    await settle();
    expect(mounted!.analytics).toBeNull();
    expect(page.left()).toEqual(nothing);
    expect((mounted!.store.env.timers as TrackedTimers).pending()).toBe(0);
  });

  it('when unmounted with analytics, page adapters and the integrations running', async () => {
    const page = fakeWindow();
    const net = fakeEnv();
    net.reply(() => ({ status: 503 }));
    const mounted = await mountAisle(configured(), page.win, { transport: net.transport });
    await vi.waitFor(() => expect(mounted!.analytics?.session).toBeTruthy());
    // The integrations' connector and the Web Vitals loader each wait for one idle moment (the
    // connector then starts the click analytics); which registers first depends on chunk timing.
    await vi.waitFor(() => expect(page.left().idle).toBe(2));
    page.idle();
    await settle();
    expect(page.left().idle).toBe(0);
    expect(page.left().listeners).toContain('pagehide');
    mounted!.unmount();
    await settle();
    expect(page.left()).toEqual(nothing);
    expect((mounted!.store.env.timers as TrackedTimers).pending()).toBe(0);
  });
});
