import { fakeBrowser } from '../testing/fakeBrowser.js';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Inspector } from '../components/Inspector.js';
import { LoadHeader } from '../components/InspectorEventRow.js';
import { storage } from 'wxt/utils/storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_DELAY_MS, HistoryArchive, MAX_HISTORY_BYTES, MAX_HISTORY_LOADS } from './historyArchive.js';
import { forgetHistory, readHistory } from './historyView.js';
import { shownState } from './inspectorHealth.js';
import { applyReport, emptyBuffer, type PageReport, type TabBuffer } from './inspectorBuffer.js';
import { readPageMessage } from './pageData.js';
import { InspectorStore } from './InspectorStore.js';
import { historyIndexItem, historyLoadKey } from './storageKeys.js';
import { TabBuffers } from './tabBuffers.js';

const snapshot = (events: Array<[string, string]>, payload: string): PageReport =>
  readPageMessage('snapshot', {
    analytics: {
      status: 'ready',
      visitorId: 'v1',
      tokenExp: 2000,
      events: events.map(([id, state]) => ({
        id,
        event: 'search:sort',
        seq: 1,
        state,
        attempts: 1,
        payload: { id, note: payload },
      })),
    },
  })!;

const timers = {
  setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as number),
};

let ids = 0;
/** An archive of a browser session whose clock reads `at`. */
const archive = (at = () => Date.now()) => new HistoryArchive(timers, at, () => `browser-${++ids}`);

/** A tab buffer with one load per `[loadId, startedAt]`, each holding `count` events of `state`. */
function tab(loads: Array<[string, number]>, state = 'acknowledged', count = 1, payload = 'x'): TabBuffer {
  const buffer = emptyBuffer();
  for (const [loadId, at] of loads) {
    const events = Array.from({ length: count }, (_, i): [string, string] => [`e-${loadId}-${i}`, state]);
    applyReport(buffer, loadId, `/p/${loadId}`, snapshot(events, payload), at);
  }
  return buffer;
}

/** What the browser keeps over a restart: storage.local, not storage.session. */
const restartBrowser = () => fakeBrowser.storage.session.clear();

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the history of inspected page loads', () => {
  it('saves changed page loads a while after the change, and reads them back after a browser restart', async () => {
    vi.setSystemTime(10_000);
    const history = archive();
    const buffer = tab([['l1', 1_000]], 'in_flight');
    history.changed(7, buffer, 'all');
    await vi.advanceTimersByTimeAsync(HISTORY_DELAY_MS - 1);
    expect((await readHistory()).buffer.loads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await history.flush();
    const now = await readHistory();
    expect(now.buffer.loads[0]).toMatchObject({ loadId: 'l1', kept: { previousSession: false, savedAt: 12_000 } });
    expect(shownState(now.buffer.loads[0]!.events[0]!)).toBe('in_flight');

    await restartBrowser();
    const after = await readHistory();
    expect(after.previous).toBe(1);
    const [load] = after.buffer.loads;
    expect(load).toMatchObject({ loadId: 'l1', url: '/p/l1', tabClosedAt: 12_000, kept: { previousSession: true } });
    // Nothing of an earlier browser session is still on its way: it is unconfirmed since its last save.
    expect(shownState(load!.events[0]!)).toBe('unconfirmed');
  });

  it('keeps loads of the new browser session apart from those of the one before', async () => {
    const first = archive();
    first.changed(1, tab([['old', 1]]), 'all');
    await first.flush();
    await restartBrowser();
    const second = archive();
    second.changed(1, tab([['new', 2]]), new Set(['new']));
    await second.flush();
    const { buffer, previous } = await readHistory();
    expect(buffer.loads.map((l) => [l.loadId, l.kept?.previousSession])).toEqual([
      ['old', true],
      ['new', false],
    ]);
    expect(previous).toBe(1);
  });

  it(`keeps at most ${MAX_HISTORY_LOADS} page loads: the ones that started first go`, async () => {
    const history = archive();
    // A tab holds 20 page loads: the history keeps those of many tabs.
    for (let i = 0; i < MAX_HISTORY_LOADS + 3; i++) history.changed(i, tab([[`l${i}`, i]]), 'all');
    await history.flush();
    const { buffer } = await readHistory();
    expect(buffer.loads).toHaveLength(MAX_HISTORY_LOADS);
    expect(buffer.loads[0]!.loadId).toBe('l3');
    expect(await storage.getItem(historyLoadKey('l0'))).toBeNull();
  });

  it('keeps at most MAX_HISTORY_BYTES of text, and skips a load larger than that', async () => {
    const history = archive();
    // About MAX_HISTORY_BYTES / 3.5 a load: three fit, four do not; 500 such events never fit.
    const note = 'y'.repeat(10_000);
    const perLoad = Math.floor(MAX_HISTORY_BYTES / 3.5 / 10_200);
    history.changed(
      1,
      tab(
        [
          ['a', 1],
          ['b', 2],
          ['c', 3],
          ['d', 4],
        ],
        'acknowledged',
        perLoad,
        note,
      ),
      'all',
    );
    history.changed(2, tab([['huge', 5]], 'acknowledged', 500, note), 'all');
    await history.flush();
    const { buffer, bytes } = await readHistory();
    expect(buffer.loads.map((l) => l.loadId)).toEqual(['b', 'c', 'd']);
    expect(bytes).toBeLessThanOrEqual(MAX_HISTORY_BYTES);
    expect(await storage.getItem(historyLoadKey('huge'))).toBeNull();
  });

  it('makes room when storage.local refuses a write (full), oldest first', async () => {
    const history = archive();
    history.changed(
      1,
      tab([
        ['a', 1],
        ['b', 2],
      ]),
      'all',
    );
    await history.flush();
    const setItem = storage.setItem.bind(storage);
    let refusals = 1;
    vi.spyOn(storage, 'setItem').mockImplementation(async (key, value) => {
      if (key === historyLoadKey('c') && refusals-- > 0) throw new Error('QUOTA_BYTES quota exceeded');
      return setItem(key, value);
    });
    history.changed(1, tab([['c', 3]]), 'all');
    await history.flush();
    expect((await readHistory()).buffer.loads.map((l) => l.loadId)).toEqual(['b', 'c']);
  });

  it('reads past a damaged entry, and forgets everything on request', async () => {
    const history = archive();
    history.changed(
      1,
      tab([
        ['a', 1],
        ['b', 2],
      ]),
      'all',
    );
    await history.flush();
    await storage.setItem(historyLoadKey('a'), '{not json');
    expect((await readHistory()).buffer.loads.map((l) => l.loadId)).toEqual(['b']);
    await forgetHistory();
    expect((await readHistory()).buffer.loads).toEqual([]);
    expect(await storage.getItem(historyLoadKey('b'))).toBeNull();
    expect(await historyIndexItem().getValue()).toEqual({ entries: [] });
    // The background goes on saving after a panel forgot: only what changed since comes back.
    history.changed(1, tab([['c', 3]]), 'all');
    await history.flush();
    expect((await historyIndexItem().getValue()).entries.map((e) => e.loadId)).toEqual(['c']);
  });
});

describe('the history in the panel', () => {
  it('hears every change of the tabs’ buffers', async () => {
    const buffers = new TabBuffers(
      storage,
      timers,
      () => 5_000,
      archive(() => 5_000),
    );
    await buffers.report(3, 'l1', '/a', snapshot([['e1', 'queued']], 'x'));
    await vi.advanceTimersByTimeAsync(HISTORY_DELAY_MS);
    await vi.waitFor(async () => expect((await readHistory()).buffer.loads.map((l) => l.loadId)).toEqual(['l1']));
  });

  it('is shown as kept, not live: a banner with the cap, each load of an earlier browser session marked', async () => {
    const history = archive(() => Date.parse('2026-11-27T18:00:00Z'));
    history.changed(1, tab([['l1', 1]], 'in_flight'), 'all');
    await history.flush();
    await restartBrowser();
    const kept = await readHistory();
    const store = new InspectorStore(Date.now());
    store.setConnected(true);
    store.showImport(kept.buffer, { name: 'History', exportedAt: null, history: { previous: 1, bytes: kept.bytes } });
    const access = { read: readHistory, forget: forgetHistory };
    const html = renderToStaticMarkup(createElement(Inspector, { store, onClear: () => undefined, history: access }));
    expect(html).toContain(
      'History kept across browser restarts: 1 page load</strong> (1 from a previous browser session)',
    );
    expect(html).toContain(`at most ${MAX_HISTORY_LOADS} page loads`);
    expect(html).not.toContain('data-testid="health"');
    expect(html).not.toContain('● live');
    expect(html).not.toContain('data-testid="imported"');
    const header = renderToStaticMarkup(
      createElement(LoadHeader, {
        load: kept.buffer.loads[0]!,
        columns: 6,
        index: 0,
        top: 0,
        measure: () => undefined,
      }),
    );
    expect(header).toContain('from a previous browser session, last saved');
    expect(header).toContain('data-previous-session="true"');
  });
});
