// @vitest-environment happy-dom
import { fakeBrowser } from '../testing/fakeBrowser.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { oneAtATime, previewConfigFor, startRelay, type RelayDeps } from './relay.js';
import type { ForwardedPageMessage } from './messaging.js';
import { SettingsRepository } from './settings.js';

const origin = 'https://shop.example';
const at = (path: string) => ({ origin, href: `${origin}${path}` });

async function enabled(patch = {}) {
  const settings = new SettingsRepository();
  await settings.saveSite(origin, { enabled: true, tenantId: 'maple', ...patch });
  await settings.setLocalStack('http://127.0.0.1:4173');
  return settings;
}

describe('previewConfigFor', () => {
  beforeEach(() => fakeBrowser.reset());

  it('points a development preview at the local stack by its absolute address', async () => {
    const read = await previewConfigFor(await enabled(), at('/maple/dresses'), async () => true);
    expect(read.problem).toBeNull();
    expect(read.config?.context.config).toMatchObject({
      searchHost: 'http://127.0.0.1:4173/preview',
      analyticsHost: 'http://127.0.0.1:4173/analytics',
      proxySearch: false,
    });
  });

  it('does not inject, and names the address, when the local stack does not answer', async () => {
    const checkStack = vi.fn(async () => false);
    const read = await previewConfigFor(await enabled(), at('/maple/dresses'), checkStack);
    expect(checkStack).toHaveBeenCalledWith('http://127.0.0.1:4173');
    expect(read.config).toBeNull();
    expect(read.problem).toContain('the local stack at http://127.0.0.1:4173 does not answer');
  });

  it('does not ask the local stack for a production preview', async () => {
    const checkStack = vi.fn(async () => false);
    const read = await previewConfigFor(await enabled({ environment: 'production' }), at('/maple/x'), checkStack);
    expect(checkStack).not.toHaveBeenCalled();
    expect(read.config).not.toBeNull();
  });

  it('leaves a page outside the path patterns alone, without a problem to report', async () => {
    const settings = await enabled();
    expect(await previewConfigFor(settings, at('/maple/p/rain-jacket'), async () => true)).toEqual({
      config: null,
      problem: null,
      outOfScope: true,
    });
    expect(await previewConfigFor(settings, at('/checkout'), async () => true)).toEqual({
      config: null,
      problem: null,
      outOfScope: true,
    });
  });

  it('leaves another port of the same host alone', async () => {
    const settings = await enabled();
    const read = await previewConfigFor(
      settings,
      { origin: 'https://shop.example:8443', href: 'https://shop.example:8443/maple/dresses' },
      async () => true,
    );
    expect(read).toEqual({ config: null, problem: null });
  });

  it('decides on the path and the query, as the browser injected: an excluded page opened with a query is taken over', async () => {
    const settings = await enabled({ pathPatterns: '/maple/*\n!/maple/womens-running-shoes' });
    const own = await previewConfigFor(settings, at('/maple/womens-running-shoes'), async () => true);
    expect(own.config).toBeNull();
    const sorted = await previewConfigFor(
      settings,
      at('/maple/womens-running-shoes?sort=price_desc'),
      async () => true,
    );
    expect(sorted.config).not.toBeNull();
  });

  it('leaves an exact page pattern alone when the page has a query the pattern does not name', async () => {
    const settings = await enabled({ pathPatterns: '/maple/dresses' });
    expect((await previewConfigFor(settings, at('/maple/dresses'), async () => true)).config).not.toBeNull();
    expect(
      (await previewConfigFor(settings, at('/maple/dresses?sort=price_desc'), async () => true)).config,
    ).toBeNull();
    expect((await previewConfigFor(settings, at('/maple/dresses#top'), async () => true)).config).not.toBeNull();
  });

  it('takes over nothing while a pattern line is invalid, so an exclusion is never skipped', async () => {
    const settings = await enabled({ pathPatterns: '/maple/*\n!maple/p/*' });
    expect(await previewConfigFor(settings, at('/maple/p/rain-jacket'), async () => true)).toEqual({
      config: null,
      problem: null,
      outOfScope: true,
    });
    expect((await previewConfigFor(settings, at('/maple/dresses'), async () => true)).config).toBeNull();
  });

  it('refuses an invalid main-element selector with a problem instead of waiting forever', async () => {
    const read = await previewConfigFor(await enabled({ mainSelector: 'main[[' }), at('/maple/x'), async () => true);
    expect(read.config).toBeNull();
    expect(read.problem).toContain('"main[[" is not a valid CSS selector');
  });
});

describe('startRelay', () => {
  beforeEach(() => fakeBrowser.reset());

  /** A page channel that records what the relay sends and lets the test speak for the page. */
  function fakeChannel() {
    const handlers = new Map<string, (message: { data: unknown }) => void>();
    const sent: Array<[string, unknown]> = [];
    const channel = {
      onMessage: (type: string, handler: (message: { data: unknown }) => void) => {
        handlers.set(type, handler);
        return () => handlers.delete(type);
      },
      sendMessage: async (type: string, data: unknown) => void sent.push([type, data]),
      removeAllListeners: () => handlers.clear(),
    };
    return { channel: channel as unknown as RelayDeps['channel'], handlers, sent };
  }

  function relayWith(
    settings: SettingsRepository,
    now: () => number,
    location = { origin, pathname: '/maple/dresses', href: `${origin}/maple/dresses` },
  ) {
    const forwarded: ForwardedPageMessage[] = [];
    const announced: string[] = [];
    const shared: Array<{ page: string; payload: string }> = [];
    let stripped = 0;
    let fragment = (): void => undefined;
    let restored = (): void => undefined;
    const { channel, handlers, sent } = fakeChannel();
    const stop = startRelay({
      channel,
      settings,
      location,
      forward: (message) => forwarded.push(message),
      onSettingsChanged: (callback) => settings.watchAll(callback),
      loadId: 'load-1',
      checkStack: async () => true,
      announce: (loadId) => announced.push(loadId),
      onRestored: (callback) => {
        restored = callback;
        return () => (restored = () => undefined);
      },
      now,
      share: (link) => shared.push(link),
      stripFragment: () => (stripped += 1),
      onFragmentChange: (callback) => {
        fragment = callback;
        return () => (fragment = () => undefined);
      },
    });
    return {
      forwarded,
      handlers,
      sent,
      stop,
      announced,
      shared,
      location,
      stripped: () => stripped,
      fragmentChanged: () => fragment(),
      restore: () => restored(),
    };
  }

  it("stamps its own preview report with the injected clock's time", async () => {
    vi.useFakeTimers({ now: 5_000 });
    try {
      const settings = await enabled({ mainSelector: 'main[[' });
      const { forwarded } = relayWith(settings, () => 1_234);
      await vi.waitFor(() => expect(forwarded).toHaveLength(1));
      expect(forwarded[0]).toMatchObject({ kind: 'preview', raw: { outcome: 'failed', at: 1_234 } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops listening to the page once cleaned up', async () => {
    const { handlers, stop } = relayWith(await enabled(), () => 0);
    expect(handlers.size).toBeGreaterThan(0);
    stop();
    expect(handlers.size).toBe(0);
  });

  it('says the page started, on every page and again when it comes back from the back-forward cache', async () => {
    const { announced, restore, stop } = relayWith(new SettingsRepository(), () => 0);
    expect(announced).toEqual(['load-1']);
    restore();
    expect(announced).toEqual(['load-1', 'load-1']);
    stop();
    restore();
    expect(announced).toHaveLength(2);
  });

  it('hands a shared preview link to the background and takes its payload off the address, on any site', async () => {
    const href = `https://other.example/acme/sheets?x=1#aisle-preview=eyJ2IjoxfQ`;
    const location = { origin: 'https://other.example', pathname: '/acme/sheets', href };
    const { shared, stripped } = relayWith(new SettingsRepository(), () => 0, location);
    expect(shared).toEqual([{ page: 'https://other.example/acme/sheets?x=1', payload: 'eyJ2IjoxfQ' }]);
    expect(stripped()).toBe(1);
    const plain = relayWith(new SettingsRepository(), () => 0, { ...location, href: 'https://other.example/a#top' });
    expect(plain.shared).toEqual([]);
    expect(plain.stripped()).toBe(0);
    // The link pasted over the same page: only the fragment changes, and the relay hears it.
    plain.location.href = 'https://other.example/a#aisle-preview=eyJ2IjoxfQ';
    plain.fragmentChanged();
    expect(plain.shared).toEqual([{ page: 'https://other.example/a', payload: 'eyJ2IjoxfQ' }]);
  });

  it('decides the scope again when a single-page site changes its route', async () => {
    const location = { origin, pathname: '/maple/dresses', href: `${origin}/maple/dresses` };
    const { handlers, sent } = relayWith(await enabled({ environment: 'production' }), () => 0, location);
    const configs = () => sent.filter(([type]) => type === 'previewConfig').map(([, data]) => data);
    await vi.waitFor(() => expect(configs()).toHaveLength(1));
    Object.assign(location, { pathname: '/maple/p/rain-jacket', href: `${origin}/maple/p/rain-jacket` });
    handlers.get('previewRoute')!({ data: undefined });
    await vi.waitFor(() => expect(configs()).toHaveLength(2));
    expect(configs()[1]).toEqual({ off: 'the page moved outside the path patterns without a page load' });
    Object.assign(location, { pathname: '/maple/shoes', href: `${origin}/maple/shoes` });
    handlers.get('previewRoute')!({ data: undefined });
    await vi.waitFor(() => expect(configs()).toHaveLength(3));
    expect(configs()[2]).toMatchObject({ context: { config: { id: 'maple' } } });
  });

  it('says why the preview stepped back when it is turned off, never that the page left the patterns', async () => {
    const settings = await enabled({ environment: 'production' });
    const { sent } = relayWith(settings, () => 0);
    const configs = () => sent.filter(([type]) => type === 'previewConfig').map(([, data]) => data);
    await vi.waitFor(() => expect(configs()).toHaveLength(1));
    await settings.saveSite(origin, { enabled: false });
    await vi.waitFor(() => expect(configs()).toHaveLength(2));
    expect(configs()[1]).toEqual({ off: 'the preview was turned off for this site' });
  });

  it('decides once at a time however often the page says its route changed', async () => {
    const checkStack = vi.fn(async () => true);
    const settings = await enabled();
    const forwarded: ForwardedPageMessage[] = [];
    const { channel, handlers, sent } = fakeChannel();
    startRelay({
      channel,
      settings,
      location: { origin, pathname: '/maple/dresses', href: `${origin}/maple/dresses` },
      forward: (message) => forwarded.push(message),
      onSettingsChanged: () => () => undefined,
      loadId: 'load-1',
      checkStack,
      announce: () => undefined,
      onRestored: () => () => undefined,
      now: () => 0,
      share: () => undefined,
      stripFragment: () => undefined,
    });
    await vi.waitFor(() => expect(sent.filter(([type]) => type === 'previewConfig')).toHaveLength(1));
    for (let i = 0; i < 100; i++) handlers.get('previewRoute')!({ data: undefined });
    await vi.waitFor(() => expect(sent.filter(([type]) => type === 'previewConfig')).toHaveLength(3));
    // The first decision, the one the messages started, and one more for those that came meanwhile.
    expect(checkStack).toHaveBeenCalledTimes(3);
  });
});

describe('oneAtATime', () => {
  it('runs one call at a time, and once more after it for any calls that came meanwhile', async () => {
    const releases: Array<() => void> = [];
    const run = vi.fn(() => new Promise<void>((resolve) => releases.push(resolve)));
    const call = oneAtATime(run);
    call();
    call();
    call();
    expect(run).toHaveBeenCalledTimes(1);
    releases.shift()!();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    releases.shift()!();
    // The promise chain settles in a few microtasks: no timer is involved.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(run).toHaveBeenCalledTimes(2);
    call();
    expect(run).toHaveBeenCalledTimes(3);
  });
});
