// @vitest-environment happy-dom
import { fakeBrowser } from '../testing/fakeBrowser.js';
import { storage } from 'wxt/utils/storage';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { Inspector } from '../components/Inspector.js';
import { InspectorStore } from './InspectorStore.js';
import { previewWords } from './inspectorLoadFacts.js';
import { layOutInspector } from './inspectorTestLayout.js';
import { readPageMessage } from './pageData.js';
import { TabBuffers } from './tabBuffers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
beforeAll(() => layOutInspector(600));

const T0 = Date.parse('2025-03-01T12:00:00.000Z');
const step = (phase: string, extra: Record<string, unknown>) =>
  readPageMessage('debug', { source: 'analytics', shopId: 'maple', phase, ...extra })!;

describe('events after a product click to a page without Aisle', () => {
  it('become "unconfirmed since HH:MM" with what was last known, never a countdown at 0 s', async () => {
    fakeBrowser.reset();
    let now = T0;
    const timers = { setTimeout: () => 0, clearTimeout: () => undefined };
    const buffers = new TabBuffers(storage, timers, () => now);
    const visit = { id: 'visit', event: 'navigate:visit_page', seq: 1 };
    const click = { id: 'click', event: 'ecommerce:product_click', seq: 2 };
    await buffers.report(1, 'dlp', '/maple/dresses', step('queued', visit));
    await buffers.report(1, 'dlp', '/maple/dresses', step('send', { ...visit, attempt: 1 }));
    await buffers.report(
      1,
      'dlp',
      '/maple/dresses',
      step('retry_scheduled', { ...visit, httpStatus: 503, nextAttemptAt: T0 + 1000 }),
    );
    await buffers.report(1, 'dlp', '/maple/dresses', step('queued', click));
    // The product page has no Aisle: its relay only says that it started.
    now = T0 + 5 * 60_000;
    await buffers.pageStarted(1, 'product');

    const store = new InspectorStore(now);
    store.setBuffer(await buffers.get(1));
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() =>
      root.render(
        createElement(Inspector, {
          store,
          onClear: () => undefined,
          io: { copy: async () => undefined, download: () => undefined },
        }),
      ),
    );
    const rows = [...container.querySelectorAll<HTMLElement>('[data-testid="event"]')];
    const since = new Date(now).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(rows.map((r) => r.dataset.shownState)).toEqual(['unconfirmed', 'unconfirmed']);
    for (const row of rows) expect(row.querySelector('.chip')?.textContent).toBe(`unconfirmed since ${since}`);
    expect(container.querySelector('[data-testid="event-waiting"]')).toBeNull();
    const visitRow = rows.find((r) => r.dataset.id === 'visit')!;
    expect(visitRow.textContent).toContain('last known: retry scheduled, HTTP 503, next attempt was due at');
    expect(rows.find((r) => r.dataset.id === 'click')!.textContent).toContain('last known: queued');
    expect(container.textContent).not.toContain('Delivery is retrying');
    // The health line says the worst that is unresolved, never "Delivering normally" beside it.
    const health = container.querySelector<HTMLElement>('[data-testid="health"]')!;
    expect(health.dataset.level).toBe('warning');
    expect(health.textContent).toContain(`2 events are unconfirmed since ${since}, the last answer HTTP 503`);
    act(() => root.unmount());
    container.remove();
  });

  it('stay unconfirmed when a late step of the page that left arrives, and follow a page that shows them again', async () => {
    fakeBrowser.reset();
    const buffers = new TabBuffers(storage, { setTimeout: () => 0, clearTimeout: () => undefined }, () => T0);
    const click = { id: 'click', event: 'ecommerce:product_click', seq: 2 };
    await buffers.report(1, 'dlp', '/maple/dresses', step('queued', click));
    await buffers.pageStarted(1, 'product');
    await buffers.report(1, 'dlp', '/maple/dresses', step('send', { ...click, attempt: 1 }));
    const event = (await buffers.get(1)).loads[0]!.events[0]!;
    expect(event).toMatchObject({ state: 'in_flight', orphaned: true, orphanedAt: T0 });
    // Back to the listing from the back-forward cache: the page is current again.
    await buffers.pageStarted(1, 'dlp');
    await buffers.report(1, 'dlp', '/maple/dresses', step('acknowledged', { ...click, via: 'event' }));
    expect(event).toMatchObject({ state: 'acknowledged', orphaned: false });
  });
});

describe('the heading of a page load', () => {
  it('says in the past that the preview had not finished starting when the page left, never "searching"', async () => {
    fakeBrowser.reset();
    const buffers = new TabBuffers(storage, { setTimeout: () => 0, clearTimeout: () => undefined }, () => T0);
    const pending = readPageMessage('preview', {
      outcome: 'pending',
      tookOver: false,
      message: 'showing maple (production, en_US): searching',
      at: T0,
    })!;
    await buffers.report(1, 'dlp', '/maple/dresses', pending);
    const load = (await buffers.get(1)).loads[0]!;
    expect(previewWords(load)).toBe('preview pending: showing maple (production, en_US): searching');
    await buffers.pageStarted(1, 'next');
    expect(previewWords(load)).toBe(
      'preview had not finished starting when the page left (last: showing maple (production, en_US): searching)',
    );
  });
});
