// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Inspector } from '../components/Inspector.js';
import { applyReport, emptyBuffer, type TabBuffer } from './inspectorBuffer.js';
import { InspectorStore } from './InspectorStore.js';
import { layOutInspector, TEST_ROW_PX } from './inspectorTestLayout.js';
import { readPageMessage } from './pageData.js';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const PANE_PX = 600;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  return layOutInspector(PANE_PX);
});

/** Events `from`…`to - 1` of one page load, as the page's snapshot reports them. */
function report(buffer: TabBuffer, loadId: string, from: number, to: number): TabBuffer {
  const events = Array.from({ length: to - from }, (_, i) => ({
    id: uuid(from + i),
    event: 'search:sort',
    seq: from + i,
    state: 'acknowledged',
    attempts: 1,
  }));
  const message = readPageMessage('snapshot', { analytics: { status: 'ready', visitorId: 'v1', events } })!;
  applyReport(buffer, loadId, `https://shop.example/maple/dresses?load=${loadId}`, message, NOW + from);
  return buffer;
}

/** Four page loads of 500 events: the table's rows are, in order, load 3's heading, its 500 events, load 2's… */
function fourLoads(): TabBuffer {
  const buffer = emptyBuffer();
  for (let load = 0; load < 4; load++) report(buffer, `l${load}`, load * 500 + 1, load * 500 + 501);
  return buffer;
}

let root: Root | null = null;
let container: HTMLElement;
function render(buffer: TabBuffer): InspectorStore {
  const store = new InspectorStore(NOW);
  store.setBuffer(buffer);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(createElement(Inspector, { store, onClear: () => undefined })));
  return store;
}
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
});

const $ = (s: string) => container.querySelector<HTMLElement>(s);
const $$ = (s: string) => [...container.querySelectorAll<HTMLElement>(s)];
const table = () => $('[data-testid="events"]')!;
const pane = () => $('.list')!;
const key = (k: string) =>
  act(
    () =>
      void (document.activeElement ?? table()).dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })),
  );
const focused = () => document.activeElement as HTMLElement | null;
const scrollPaneTo = (top: number) => act(() => void (pane().scrollTop = top));

describe('the event table with thousands of events', () => {
  it('draws only the rows in view, and still tells the whole table’s row count', () => {
    render(fourLoads());
    const drawn = $$('tbody tr');
    expect(drawn.length).toBeGreaterThan(PANE_PX / TEST_ROW_PX.event - 5);
    expect(drawn.length).toBeLessThan(60);
    // Column heads, 4 page load headings and 2,000 events.
    expect(table().getAttribute('aria-rowcount')).toBe('2005');
    expect(table().getAttribute('role')).toBe('grid');
    // The whole table's height is there to scroll, though most rows are not drawn.
    expect(parseFloat($('tbody')!.style.height)).toBeGreaterThan(2000 * TEST_ROW_PX.event);
  });

  it('numbers each drawn row by its place in the whole table (aria-rowindex)', () => {
    render(fourLoads());
    // Row 1 is the column heads; then load l3's heading (row 2), its events 1501…2000, l2's heading (row 503)…
    const expectedIndex = (tr: HTMLElement) => {
      if (tr.dataset.testid === 'page-load') return 2 + (3 - Number(/load=l(\d)/.exec(tr.textContent!)![1])) * 501;
      const n = Number(tr.dataset.id!.slice(-12));
      const load = Math.floor((n - 1) / 500);
      return 2 + (3 - load) * 501 + 1 + ((n - 1) % 500);
    };
    expect($('thead tr')!.getAttribute('aria-rowindex')).toBe('1');
    const first = $$('tbody tr').slice(0, 2);
    expect(first.map((tr) => [tr.getAttribute('aria-rowindex'), tr.dataset.testid, tr.dataset.id])).toEqual([
      ['2', 'page-load', undefined],
      ['3', 'event', uuid(1501)],
    ]);
    // Scrolled to where load l3 ends and l2 begins.
    scrollPaneTo(10_500);
    const drawn = $$('tbody tr');
    expect(drawn.some((tr) => tr.getAttribute('aria-rowindex') === '503' && tr.textContent!.includes('load=l2'))).toBe(
      true,
    );
    expect(drawn.map((tr) => Number(tr.getAttribute('aria-rowindex')))).toEqual(drawn.map(expectedIndex));
    expect($$(`tbody tr[data-id="${uuid(1501)}"]`)).toHaveLength(0);
  });

  it('moves focus with the keys to rows beyond the drawn ones, and scrolls them into view', () => {
    const store = render(fourLoads());
    act(() => table().focus());
    key('ArrowDown');
    expect(focused()?.dataset.id).toBe(uuid(1501));
    key('End');
    // The last event of the oldest load: far outside the rows drawn at first.
    expect(store.selectedId).toBe(uuid(500));
    expect(focused()?.dataset.id).toBe(uuid(500));
    expect(focused()?.getAttribute('aria-selected')).toBe('true');
    expect(focused()?.getAttribute('aria-rowindex')).toBe(table().getAttribute('aria-rowcount'));
    // Scrolled to the end of the table.
    expect(pane().scrollTop).toBe(parseFloat($('tbody')!.style.height) - PANE_PX);
    key('PageUp');
    expect(focused()?.dataset.id).toBe(uuid(490));
    key('Home');
    expect(focused()?.dataset.id).toBe(uuid(1501));
    expect(pane().scrollTop).toBeLessThanOrEqual(TEST_ROW_PX.load);
    // From the newest load's last event, down across the next load's heading to its first event.
    act(() => store.select(uuid(2000)));
    key('PageDown');
    expect(focused()?.dataset.id).toBe(uuid(1010));
    expect(focused()?.getAttribute('aria-rowindex')).toBe(String(2 + 501 + 10));
    expect(pane().scrollTop).toBeGreaterThan(500 * TEST_ROW_PX.event);
    // The focused row is the table's one tab stop.
    expect(focused()?.tabIndex).toBe(0);
    expect(table().tabIndex).toBe(-1);
    expect($$('tbody tr[tabindex="0"]')).toHaveLength(1);
  });

  it('goes to the last row with End and to the first with Home, before any row is selected', () => {
    render(fourLoads());
    act(() => table().focus());
    key('End');
    expect(focused()?.dataset.id).toBe(uuid(500));
    act(() => root!.unmount());
    root = null;
    render(fourLoads());
    act(() => table().focus());
    key('Home');
    expect(focused()?.dataset.id).toBe(uuid(1501));
  });

  it('keeps the selected row selected, focused and drawn while events arrive above it and the table scrolls away', () => {
    const store = render(fourLoads());
    act(() => table().focus());
    key('ArrowDown');
    key('ArrowDown');
    const id = uuid(1502);
    expect(focused()?.dataset.id).toBe(id);
    // A new page load starts: its events are drawn first, above the selected row.
    for (let n = 2001; n <= 2050; n += 10)
      act(() => store.setBuffer(report(structuredClone(store.buffer), 'l4', n, n + 10)));
    expect(table().getAttribute('aria-rowcount')).toBe('2056');
    expect($('tr[aria-selected="true"]')?.dataset.id).toBe(id);
    expect($('tr[aria-selected="true"]')?.getAttribute('aria-rowindex')).toBe(String(2 + 51 + 2));
    expect(focused()?.dataset.id).toBe(id);
    scrollPaneTo(1500 * TEST_ROW_PX.event);
    expect($$('tbody tr').length).toBeLessThan(62);
    expect($('tr[aria-selected="true"]')?.dataset.id).toBe(id);
    expect(focused()?.dataset.id).toBe(id);
    key('ArrowDown');
    expect(focused()?.dataset.id).toBe(uuid(1503));
  });

  it('keeps focus in the table when the focused row’s event leaves the buffer', () => {
    const store = render(fourLoads());
    act(() => table().focus());
    key('ArrowDown');
    expect(focused()?.dataset.id).toBe(uuid(1501));
    // The newest load is full: its oldest event goes as a new one comes.
    const next = structuredClone(store.buffer);
    next.loads[3]!.events = next.loads[3]!.events.filter((e) => e.id !== uuid(1501));
    act(() => store.setBuffer(next));
    expect(focused()).toBe(table());
    key('ArrowDown');
    expect(focused()?.dataset.id).toBe(uuid(1502));
  });

  it('keeps the rows in view where they are inside a full page load, as its oldest event goes for each new one', () => {
    const store = render(fourLoads());
    // 200 rows into the newest load, which is full (500 events): the row at the top of the view.
    scrollPaneTo(TEST_ROW_PX.load + 200 * TEST_ROW_PX.event);
    const topOf = (id: string) =>
      parseFloat(/translateY\(([-\d.]+)px\)/.exec($(`tr[data-id="${id}"]`)!.style.transform)![1]!) - pane().scrollTop;
    // A row in view (rows not drawn yet count at their estimated height: it is near, not at, the top).
    const inView = $$('tbody tr[data-id]').find((tr) => topOf(tr.dataset.id!) >= 0)!.dataset.id!;
    const top = topOf(inView);
    expect(top).toBeLessThan(PANE_PX / 2);
    for (let n = 2001; n <= 2005; n++) {
      act(() => store.setBuffer(report(structuredClone(store.buffer), 'l3', n, n + 1)));
      // Same number of rows, the first and the last the same: only the rows between moved.
      expect(table().getAttribute('aria-rowcount')).toBe('2005');
      expect(topOf(inView)).toBe(top);
    }
    expect($$(`tr[data-id="${uuid(1501)}"]`)).toHaveLength(0);
  });

  it('keeps the rows in view where they are when events arrive above them', () => {
    const store = render(fourLoads());
    scrollPaneTo(20_000);
    const drawnRows = () => $$('tbody tr').map((tr) => tr.dataset.id ?? tr.textContent);
    const before = { scrollTop: pane().scrollTop, rows: drawnRows() };
    expect(before.rows.length).toBeGreaterThan(0);
    act(() => store.setBuffer(report(structuredClone(store.buffer), 'l4', 2001, 2011)));
    // A heading and ten events above: the pane scrolled down by their height, the same rows are in view.
    expect(pane().scrollTop).toBeGreaterThan(before.scrollTop + 10 * TEST_ROW_PX.event);
    expect(drawnRows()).toEqual(before.rows);
  });
});
