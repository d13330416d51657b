import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fakeBrowser } from '../testing/fakeBrowser.js';
import { storage } from 'wxt/utils/storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Inspector } from '../components/Inspector.js';
import { MAX_LOADS, applyReport, emptyBuffer, waitingOf, type PageReport } from './inspectorBuffer.js';
import { InspectorStore } from './InspectorStore.js';
import { eventAsCurl, expiryCountdown } from './inspectorExport.js';
import { connectInspector, serveInspectorPort, type PortLike } from './inspectorPorts.js';
import { readPageMessage } from './pageData.js';
import { tabKey, tabStorageKey, type SessionStorage } from './storageKeys.js';
import { PERSIST_DELAY_MS, TabBuffers } from './tabBuffers.js';

const snapshot = (events: Array<[string, string, number?]>, status = 'ready'): PageReport =>
  readPageMessage('snapshot', {
    analytics: {
      status,
      visitorId: 'v1',
      tokenExp: 2000,
      events: events.map(([id, state, seq]) => ({
        id,
        event: 'navigate:visit_page',
        seq: seq ?? 1,
        state,
        attempts: 1,
        payload: { id },
      })),
    },
  })!;
const search = (phase: string, extra: Record<string, unknown> = {}): PageReport =>
  readPageMessage('debug', { source: 'search', phase, at: 1, url: '/search', ...extra })!;

describe('applyReport', () => {
  it('groups events by the page load that first saw them and updates their state later', () => {
    const buffer = emptyBuffer();
    applyReport(buffer, 'load1', '/a', snapshot([['e1', 'queued']]), 1);
    applyReport(
      buffer,
      'load2',
      '/a',
      snapshot([
        ['e1', 'acknowledged'],
        ['e2', 'queued', 2],
      ]),
      2,
    );
    expect(buffer.loads.map((l) => l.events.map((e) => `${e.id}:${e.state}`))).toEqual([
      ['e1:acknowledged'],
      ['e2:queued'],
    ]);
  });

  it('never moves a settled event back to an unsettled state', () => {
    const buffer = emptyBuffer();
    applyReport(buffer, 'l', '/a', snapshot([['e1', 'acknowledged']]), 1);
    applyReport(buffer, 'l', '/a', snapshot([['e1', 'retry_scheduled']]), 2);
    expect(buffer.loads[0]!.events[0]!.state).toBe('acknowledged');
  });

  it('pairs search requests with their answers', () => {
    const buffer = emptyBuffer();
    applyReport(buffer, 'l', '/a', search('request', { body: { page: 'dresses' } }), 1);
    applyReport(buffer, 'l', '/a', search('response', { status: 200, latencyMs: 42 }), 2);
    applyReport(buffer, 'l', '/a', search('request'), 3);
    applyReport(buffer, 'l', '/a', search('error', { status: 503 }), 4);
    expect(buffer.loads[0]!.searches).toEqual([
      expect.objectContaining({ n: 1, state: 'done', status: 200, latencyMs: 42, body: { page: 'dresses' } }),
      expect.objectContaining({ n: 2, state: 'error', status: 503, error: 'HTTP 503' }),
    ]);
  });

  it('shows an event waiting after refused tokens with its reason and next attempt, across a reload', () => {
    const next = Date.parse('2025-03-01T12:00:31.500Z');
    const reason = 'token refused 3 times; next attempt at 2025-03-01T12:00:31.500Z';
    const waitingEvent = (state: string, extra: Record<string, unknown> = {}): PageReport =>
      readPageMessage('snapshot', {
        analytics: {
          status: 'ready',
          events: [{ id: 'e1', event: 'navigate:visit_page', seq: 1, state, attempts: 3, ...extra }],
        },
      })!;
    const buffer = emptyBuffer();
    applyReport(
      buffer,
      'load1',
      '/a',
      waitingEvent('retry_scheduled', { httpStatus: 401, reason, nextAttemptAt: next }),
      1,
    );
    const shown = () => buffer.loads[0]!.events[0]!;
    expect(waitingOf(shown(), next - 20_000)).toEqual({ reason, nextAttemptAt: next, inSeconds: 20 });
    expect(waitingOf(shown(), next + 5)).toEqual({ reason, nextAttemptAt: next, inSeconds: 0 });
    // The next page load sends it and is refused again: the earlier load's row follows.
    applyReport(buffer, 'load2', '/a', waitingEvent('in_flight', { attempts: 1 }), 2);
    expect(shown()).toMatchObject({ state: 'in_flight', reason: null, nextAttemptAt: null, attempts: 3 });
    expect(waitingOf(shown(), next)).toBeNull();
    const later = next + 63_000;
    const again = 'token refused 3 times; next attempt at 2025-03-01T12:01:34.500Z';
    applyReport(buffer, 'load2', '/a', waitingEvent('retry_scheduled', { reason: again, nextAttemptAt: later }), 3);
    expect(waitingOf(shown(), later - 1000)).toEqual({ reason: again, nextAttemptAt: later, inSeconds: 1 });
    expect(buffer.loads[1]!.events).toEqual([]);
  });

  it('renders the wait in the inspector: reason, next attempt and a countdown', () => {
    const next = Date.parse('2025-03-01T12:00:31.500Z');
    const reason = 'token refused 3 times; next attempt at 2025-03-01T12:00:31.500Z';
    const buffer = emptyBuffer();
    const report = readPageMessage('snapshot', {
      analytics: {
        status: 'ready',
        events: [
          { id: 'e1', event: 'x', seq: 1, state: 'retry_scheduled', attempts: 3, reason, nextAttemptAt: next },
          { id: 'e2', event: 'y', seq: 2, state: 'queued', attempts: 0 },
        ],
      },
    })!;
    applyReport(buffer, 'l', '/a', report, 1);
    const store = new InspectorStore(next - 30_000);
    store.setBuffer(buffer);
    const html = renderToStaticMarkup(createElement(Inspector, { store, onClear: () => undefined }));
    const time = new Date(next).toLocaleTimeString();
    expect(html.match(/data-testid="event-waiting"/g)).toHaveLength(1);
    expect(html).toContain(`next attempt at ${time} (in 30 s)`);
    expect(html).toContain(`<span class="reason">${reason}</span>`);
  });

  it('does not show a settled or queued event as waiting', () => {
    const buffer = emptyBuffer();
    applyReport(
      buffer,
      'l',
      '/a',
      snapshot([
        ['e1', 'queued'],
        ['e2', 'acknowledged', 2],
      ]),
      1,
    );
    expect(buffer.loads[0]!.events.map((event) => waitingOf(event, 0))).toEqual([null, null]);
  });

  it('keeps at most MAX_LOADS page loads', () => {
    const buffer = emptyBuffer();
    for (let i = 0; i < MAX_LOADS + 5; i++) applyReport(buffer, `l${i}`, '/a', snapshot([]), i);
    expect(buffer.loads).toHaveLength(MAX_LOADS);
    expect(buffer.loads[0]!.loadId).toBe('l5');
  });
});

describe('TabBuffers', () => {
  const session = (): SessionStorage => storage;
  const timers = {
    setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as number),
  };
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('mirrors each tab to storage.session, so a restarted background finds it again', async () => {
    const first = new TabBuffers(session(), timers);
    await first.report(7, 'l1', '/a', snapshot([['e1', 'queued']]));
    expect(await fakeBrowser.storage.session.get(tabKey(7))).toEqual({});
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    const restarted = new TabBuffers(session(), timers);
    await restarted.report(7, 'l2', '/a', snapshot([['e1', 'acknowledged']]));
    const buffer = await restarted.get(7);
    expect(buffer.loads.map((l) => l.loadId)).toEqual(['l1', 'l2']);
    expect(buffer.loads[0]!.events[0]!.state).toBe('acknowledged');
  });

  it('keeps the buffer in memory when storage.session is full, without throwing', async () => {
    const full: SessionStorage = {
      getItem: async () => null,
      setItem: () => Promise.reject(new Error('QUOTA_BYTES quota exceeded')),
      removeItem: async () => undefined,
    };
    const buffers = new TabBuffers(full, timers);
    await buffers.report(4, 'l1', '/a', snapshot([['e1', 'queued']]));
    await expect(buffers.flush()).resolves.toBeUndefined();
    expect((await buffers.get(4)).loads[0]!.events[0]!.id).toBe('e1');
  });

  it('stamps a report the page sent without a time, and one restored without it, with the injected clock', async () => {
    vi.setSystemTime(50_000);
    const buffers = new TabBuffers(session(), timers, () => 1_000);
    const preview = readPageMessage('preview', { outcome: 'pending', message: 'waiting' }, () => 1_000)!;
    await buffers.report(6, 'l1', '/a', preview);
    expect((await buffers.get(6)).loads[0]!.preview?.at).toBe(1_000);
    // An older version stored the report without its time: the restarted buffers stamp it with their clock.
    await storage.setItem(tabStorageKey(8), {
      loads: [{ loadId: 'l1', url: '/a', preview: { outcome: 'shown', message: 'ok' } }],
    });
    const restarted = new TabBuffers(session(), timers, () => 2_000);
    expect((await restarted.get(8)).loads[0]!.preview?.at).toBe(2_000);
  });

  it('tells subscribers, clears and forgets a closed tab', async () => {
    const buffers = new TabBuffers(session(), timers);
    const seen: number[] = [];
    buffers.subscribe(3, (b) => seen.push(b.loads.length));
    await buffers.report(3, 'l1', '/a', snapshot([]));
    await buffers.clear(3);
    expect(seen).toEqual([0, 1, 0]);
    await buffers.flush();
    await buffers.remove(3);
    expect(await fakeBrowser.storage.session.get(tabKey(3))).toEqual({});
  });
});

/** Two connected in-memory ports. */
function portPair(): [PortLike & { disconnect(): void }, PortLike] {
  const listeners = {
    a: [] as Array<(m: unknown) => void>,
    b: [] as Array<(m: unknown) => void>,
    da: [] as Array<() => void>,
    db: [] as Array<() => void>,
  };
  const a = {
    name: 'inspector',
    postMessage: (m: unknown) => listeners.b.forEach((l) => l(structuredClone(m))),
    onMessage: { addListener: (l: (m: unknown) => void) => listeners.a.push(l) },
    onDisconnect: { addListener: (l: () => void) => listeners.da.push(l) },
    disconnect: () => [...listeners.da, ...listeners.db].forEach((l) => l()),
  };
  const b = {
    name: 'inspector',
    postMessage: (m: unknown) => listeners.a.forEach((l) => l(structuredClone(m))),
    onMessage: { addListener: (l: (m: unknown) => void) => listeners.b.push(l) },
    onDisconnect: { addListener: (l: () => void) => listeners.db.push(l) },
  };
  return [a, b];
}

describe('the inspector ports', () => {
  const timers = {
    setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as number),
  };
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('push the buffer to the panel and reconnect after the background stopped', async () => {
    const session = storage;
    let buffers = new TabBuffers(session, timers);
    const ports: Array<ReturnType<typeof portPair>[0]> = [];
    const store = new InspectorStore(0);
    connectInspector({
      tabId: 5,
      timers,
      connect() {
        const [panelSide, backgroundSide] = portPair();
        serveInspectorPort(backgroundSide, buffers, timers);
        ports.push(panelSide);
        return panelSide;
      },
      onBuffer: (b) => store.setBuffer(b),
      onConnection: (c) => store.setConnected(c),
    });
    await buffers.report(5, 'l1', '/a', snapshot([['e1', 'queued']]));
    // Long enough for the panel's send and the write to storage.session.
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect(store.groups[0]?.events.map((e) => e.id)).toEqual(['e1']);
    // The worker stops: its port dies and its memory is gone; storage.session keeps the buffer.
    buffers = new TabBuffers(session, timers);
    ports[0]!.disconnect();
    expect(store.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(ports).toHaveLength(2);
    expect(store.connected).toBe(true);
    expect(store.groups[0]?.events.map((e) => e.id)).toEqual(['e1']);
  });
});

describe('InspectorStore', () => {
  it('filters by name, state and text, newest page load first', () => {
    const buffer = emptyBuffer();
    applyReport(buffer, 'l1', '/a', snapshot([['e1', 'acknowledged', 1]]), 1);
    applyReport(
      buffer,
      'l2',
      '/b',
      snapshot([
        ['e2', 'dead_lettered', 2],
        ['e3', 'queued', 3],
      ]),
      2,
    );
    const store = new InspectorStore(0);
    store.setBuffer(buffer);
    expect(store.groups.map((g) => g.load.url)).toEqual(['/b', '/a']);
    store.setStateFilter('dead_lettered');
    expect(store.groups.flatMap((g) => g.events.map((e) => e.id))).toEqual(['e2']);
    store.setStateFilter('nonsense');
    store.setTextFilter('E3');
    expect(store.groups.flatMap((g) => g.events.map((e) => e.id))).toEqual(['e3']);
    expect(store.session).toMatchObject({ status: 'ready', visitorId: 'v1' });
  });

  it('copies a curl command that leaves the token to the shell and counts down the token expiry', () => {
    const buffer = emptyBuffer();
    applyReport(buffer, 'l1', '/a', snapshot([['e1', 'queued']]), 1);
    const curl = eventAsCurl(buffer.loads[0]!.events[0]!);
    expect(curl).toContain('Bearer $AISLE_TOKEN');
    expect(curl).toContain(`--data-raw '{"id":"e1"}'`);
    expect(expiryCountdown(2000, 1_000_000)).toBe('in 16 min 40 s');
    expect(expiryCountdown(2000, 2_005_000)).toBe('expired 5 s ago');
    expect(expiryCountdown(null, 0)).toBe('no token yet');
  });
});
