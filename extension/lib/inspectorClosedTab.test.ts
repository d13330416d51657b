// @vitest-environment happy-dom
import { fakeBrowser } from '../testing/fakeBrowser.js';
import { storage } from 'wxt/utils/storage';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Inspector } from '../components/Inspector.js';
import { closedAt, type TabBuffer } from './inspectorBuffer.js';
import { InspectorStore } from './InspectorStore.js';
import { layOutInspector } from './inspectorTestLayout.js';
import { readPageMessage } from './pageData.js';
import { tabStorageKey } from './storageKeys.js';
import { TabBuffers } from './tabBuffers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
beforeAll(() => layOutInspector(600));

const T0 = Date.parse('2025-03-01T12:00:00.000Z');
const step = (phase: string, extra: Record<string, unknown>) =>
  readPageMessage('debug', { source: 'analytics', shopId: 'maple', phase, ...extra })!;
const snapshot = (ids: string[]) =>
  readPageMessage('snapshot', {
    analytics: {
      status: 'ready',
      visitorId: 'v1',
      tokenExp: null,
      events: ids.map((id, i) => ({ id, event: 'navigate:visit_page', seq: i + 1, state: 'queued', attempts: 0 })),
    },
  })!;
const visit = { id: 'visit', event: 'navigate:visit_page', seq: 1 };
const sort = { id: 'sort', event: 'search:sort', seq: 2 };

/** Renders the inspector on `buffer` at `now`; returns the container and its unmount. */
function render(buffer: TabBuffer, now: number): { container: HTMLElement; done(): void } {
  const store = new InspectorStore(now);
  store.setConnected(true);
  store.setBuffer(buffer);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const io = { copy: async () => undefined, download: () => undefined };
  act(() => root.render(createElement(Inspector, { store, onClear: () => undefined, io })));
  return {
    container,
    done: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

describe('a closed tab that a panel still shows', () => {
  let now: number;
  let buffers: TabBuffers;
  beforeEach(async () => {
    fakeBrowser.reset();
    now = T0;
    buffers = new TabBuffers(storage, { setTimeout: () => 0, clearTimeout: () => undefined }, () => now);
    await buffers.report(1, 'a1', '/maple/dresses', step('queued', visit));
    await buffers.report(1, 'a1', '/maple/dresses', step('send', { ...visit, attempt: 1 }));
    await buffers.report(
      1,
      'a1',
      '/maple/dresses',
      step('retry_scheduled', { ...visit, httpStatus: 503, nextAttemptAt: T0 + 1000 }),
    );
    await buffers.report(1, 'a1', '/maple/dresses', step('send', { ...sort, attempt: 1 }));
  });

  it('says the tab closed, never "live" nor a countdown, and its rows are unconfirmed since then', async () => {
    const seen: TabBuffer[] = [];
    buffers.subscribe(1, (buffer) => seen.push(buffer));
    now = T0 + 60_000;
    await buffers.close(1);
    const buffer = seen.at(-1)!;
    expect(closedAt(buffer)).toBe(now);
    const view = render(buffer, now + 5_000);
    const rows = [...view.container.querySelectorAll<HTMLElement>('[data-testid="event"]')];
    expect(rows.map((r) => r.dataset.shownState)).toEqual(['unconfirmed', 'unconfirmed']);
    const liveness = view.container.querySelector<HTMLElement>('[data-testid="liveness"]')!;
    expect(liveness.dataset.liveness).toBe('closed');
    expect(liveness.textContent).toMatch(/^tab closed at \d/);
    expect(view.container.textContent).not.toContain('● live');
    expect(view.container.textContent).not.toMatch(/in \d+ s/);
    for (const row of rows) expect(row.querySelector('.chip')?.textContent).toMatch(/^unconfirmed since \d/);
    view.done();
  });

  it('follows another tab of the shop that delivers its events', async () => {
    const seen: TabBuffer[] = [];
    buffers.subscribe(1, (buffer) => seen.push(buffer));
    await buffers.close(1);
    await buffers.report(2, 'b1', '/maple/dresses', step('acknowledged', { ...visit, via: 'event' }));
    const event = seen.at(-1)!.loads[0]!.events.find((e) => e.id === 'visit')!;
    expect(event).toMatchObject({ state: 'acknowledged', confirmedBy: 'other_tab', orphaned: false });
    const view = render(seen.at(-1)!, now);
    expect(view.container.querySelector('[data-id="visit"]')?.textContent).toContain(
      'delivered by another tab of this shop',
    );
    view.done();
  });

  it('settles the events that a session started after the close no longer holds in the shared outbox', async () => {
    buffers.subscribe(1, () => undefined);
    now = T0 + 1_000;
    await buffers.close(1);
    now = T0 + 2_000;
    await buffers.report(2, 'b1', '/maple/shoes', step('ready', {}));
    await buffers.report(2, 'b1', '/maple/shoes', snapshot(['sort']));
    const events = (await buffers.get(1)).loads[0]!.events;
    expect(events.find((e) => e.id === 'visit')).toMatchObject({ state: 'acknowledged', confirmedBy: 'next_page' });
    // Still in the outbox: the other tab's page goes on with it, this row stays unconfirmed.
    expect(events.find((e) => e.id === 'sort')).toMatchObject({ state: 'in_flight', orphaned: true });
  });

  it('does not settle from a session that started before the close (it may not list later events)', async () => {
    await buffers.report(2, 'b1', '/maple/shoes', step('ready', {}));
    buffers.subscribe(1, () => undefined);
    now = T0 + 1_000;
    await buffers.close(1);
    await buffers.report(2, 'b1', '/maple/shoes', snapshot([]));
    const events = (await buffers.get(1)).loads[0]!.events;
    expect(events.every((e) => e.orphaned && e.state !== 'acknowledged')).toBe(true);
  });

  it('is forgotten when the last panel on it goes, and at once when no panel shows it', async () => {
    await buffers.flush();
    const unsubscribe = buffers.subscribe(1, () => undefined);
    await buffers.close(1);
    await buffers.flush();
    expect(await storage.getItem(tabStorageKey(1))).not.toBeNull();
    unsubscribe();
    await buffers.flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await storage.getItem(tabStorageKey(1))).toBeNull();

    await buffers.report(3, 'c1', '/maple/dresses', step('queued', { ...visit, id: 'other' }));
    await buffers.flush();
    await buffers.close(3);
    expect(await storage.getItem(tabStorageKey(3))).toBeNull();
    expect((await buffers.get(3)).loads).toEqual([]);
  });
});
