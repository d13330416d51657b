// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountAisle } from '../mount.js';
import { fakeEnv, testContext } from '../stores/testing.js';

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
