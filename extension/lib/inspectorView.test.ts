// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Inspector, type InspectorIo } from '../components/Inspector.js';
import { applyReport, emptyBuffer, type PageReport, type TabBuffer } from './inspectorBuffer.js';
import { exportCsv, exportHar, importBuffer } from './inspectorExport.js';
import { describeSearch, healthOf } from './inspectorHealth.js';
import { InspectorStore } from './InspectorStore.js';
import { layOutInspector } from './inspectorTestLayout.js';
import { readPageMessage } from './pageData.js';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  return layOutInspector(600);
});

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A well-formed event as the client sends it. */
function payload(n: number, shop = 'maple', over: Record<string, unknown> = {}) {
  return {
    id: uuid(n),
    seq: n,
    event: 'search:sort',
    data: { metadata: { sort: 'price_asc', config_id: shop, locale: 'en_US', region: 'us', sdk_version: '1' } },
    url: 'https://shop.example/maple/dresses',
    timestamp: new Date(NOW + n * 1000).toISOString(),
    environment: 'production',
    ...over,
  };
}

type Row = { n: number; state: string; shop?: string; extra?: Record<string, unknown>; body?: Record<string, unknown> };
const snapshot = (rows: Row[]): PageReport =>
  readPageMessage('snapshot', {
    analytics: {
      status: 'ready',
      visitorId: 'v1',
      tokenExp: NOW / 1000 + 3600,
      events: rows.map((r) => ({
        id: uuid(r.n),
        event: 'search:sort',
        seq: r.n,
        state: r.state,
        attempts: 1,
        payload: payload(r.n, r.shop, r.body),
        ...r.extra,
      })),
    },
  })!;

let root: Root | null = null;
let container: HTMLElement;
const copied: string[] = [];
const downloads: Array<{ text: string; name: string }> = [];
const io: InspectorIo = {
  copy: async (text) => void copied.push(text),
  download: (text, name) => void downloads.push({ text, name }),
};

function render(buffer: TabBuffer, now = NOW): InspectorStore {
  const store = new InspectorStore(now);
  store.setBuffer(buffer);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(createElement(Inspector, { store, onClear: () => undefined, io })));
  return store;
}
const $ = (s: string) => container.querySelector<HTMLElement>(s);
const $$ = (s: string) => [...container.querySelectorAll<HTMLElement>(s)];
const key = (k: string) =>
  act(() => $('[data-testid="events"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  copied.length = 0;
  downloads.length = 0;
});

function buffer(rows: Row[]): TabBuffer {
  const b = emptyBuffer();
  applyReport(b, 'l1', 'https://shop.example/maple/dresses', snapshot(rows), NOW);
  return b;
}

describe('the event table', () => {
  it('moves the selection with the arrow keys and opens the detail with Enter', () => {
    const store = render(
      buffer([
        { n: 1, state: 'acknowledged' },
        { n: 2, state: 'queued' },
        { n: 3, state: 'in_flight' },
      ]),
    );
    key('ArrowDown');
    key('ArrowDown');
    expect($('tr[aria-selected="true"]')?.dataset.id).toBe(uuid(2));
    expect($('[data-testid="detail"]')).toBeNull();
    key('Enter');
    expect($('[data-testid="detail"] h2')?.textContent).toContain('search:sort');
    key('End');
    expect(store.selectedId).toBe(uuid(3));
    key('Escape');
    expect($('[data-testid="detail"]')).toBeNull();
  });

  it('says when the filters hide every event, and clears them', () => {
    const store = render(buffer([{ n: 1, state: 'acknowledged' }]));
    act(() => store.setStateFilter('dead_lettered'));
    expect($('[data-testid="no-match"]')?.textContent).toContain('No events match these filters');
    expect($$('[data-testid="event"]')).toHaveLength(0);
    act(() => $('[data-testid="no-match"] button')!.click());
    expect($$('[data-testid="event"]')).toHaveLength(1);
  });

  it('counts events by state, and adds a shop column only when two shops share the tab', () => {
    render(
      buffer([
        { n: 1, state: 'acknowledged' },
        { n: 2, state: 'acknowledged' },
        { n: 3, state: 'queued' },
      ]),
    );
    expect($('[data-testid="count-acknowledged"]')?.textContent).toBe('acknowledged 2');
    expect($('[data-testid="count-queued"]')?.textContent).toBe('queued 1');
    expect($$('thead th').map((th) => th.textContent)).not.toContain('Shop');
    act(() => root!.unmount());
    root = null;
    render(
      buffer([
        { n: 1, state: 'acknowledged', shop: 'maple' },
        { n: 2, state: 'queued', shop: 'lakeshore' },
      ]),
    );
    expect($$('thead th').map((th) => th.textContent)).toContain('Shop');
    expect($$('td.shop').map((td) => td.textContent)).toEqual(['maple', 'lakeshore']);
  });

  it('badges an event that breaks the catalogue, with its reasons in the detail', () => {
    render(
      buffer([
        { n: 1, state: 'acknowledged' },
        { n: 2, state: 'acknowledged', body: { timestamp: '2025-03-01 13:00', seq: -1 } },
      ]),
    );
    expect($$('[data-testid="warning"]')).toHaveLength(1);
    // A time that is not ISO 8601 is not shown as the recorded time: the inspector's own is.
    expect($('[data-testid="warning"]')!.closest('tr')!.querySelector('.time')!.textContent).toBe(
      new Date(NOW).toLocaleTimeString(),
    );
    act(() => $('[data-testid="warning"]')!.closest('tr')!.click());
    expect($('[data-testid="warnings"]')?.textContent).toContain('seq should be 0 or more, not number -1');
    expect($('[data-testid="warnings"]')?.textContent).toContain('timestamp should be an ISO 8601 UTC time');
  });

  it('draws the rows in view of 500 events, and re-renders only the row that changed', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ n: i + 1, state: 'acknowledged' }));
    const b = buffer(rows);
    const store = render(b);
    expect($$('[data-testid="event"]').length).toBeLessThan(60);
    expect($('[data-testid="events"]')?.getAttribute('aria-rowcount')).toBe('502');
    const first = $$('[data-testid="event"]')[0]!;
    const before = first.querySelector('.chip');
    // A new buffer (as each port message brings) where one other event moved.
    const next = structuredClone(b);
    Object.assign(next.loads[0]!.events[1]!, { state: 'dead_lettered', updatedAt: NOW + 1 });
    act(() => store.setBuffer(next));
    expect($$('[data-testid="event"]')[0]!.querySelector('.chip')).toBe(before);
    expect($$('[data-testid="event"]')[1]!.dataset.state).toBe('dead_lettered');
  });
});

describe('the detail pane', () => {
  it('shows the attempt timeline with the token refresh, and the request with the token redacted', () => {
    const b = buffer([{ n: 1, state: 'queued' }]);
    const step = (phase: string, extra: Record<string, unknown>) =>
      applyReport(
        b,
        'l1',
        '/a',
        readPageMessage('debug', { source: 'analytics', shopId: 'maple', phase, ...extra })!,
        NOW,
      );
    const ev = { id: uuid(1), event: 'search:sort', seq: 1 };
    step('send', { ...ev, attempt: 1 });
    step('token_refresh', { ...ev, retry: 1 });
    step('identity_request', { distinctId: 'v1' });
    step('token_issued', { tokenExp: 1 });
    step('send', { ...ev, attempt: 2 });
    step('acknowledged', { ...ev, via: 'event' });
    render(b);
    act(() => $('[data-testid="event"]')!.click());
    act(() => $('[data-testid="tab-timeline"]')!.click());
    expect($$('[data-testid="timeline-step"]').map((li) => li.dataset.phase)).toEqual([
      'send',
      'token_refresh',
      'identity_request',
      'token_issued',
      'send',
      'acknowledged',
    ]);
    expect($('[data-testid="timeline"]')?.textContent).toContain('token refused: asking for a fresh one');
    act(() => $('[data-testid="tab-request"]')!.click());
    expect($('[data-testid="request"]')?.textContent).toContain('authorization: Bearer [redacted]');
  });

  it('copies as curl with visible feedback, and expands the whole payload tree', async () => {
    render(buffer([{ n: 1, state: 'acknowledged' }]));
    act(() => $('[data-testid="event"]')!.click());
    expect($$('[data-testid="detail"] details[open]')).toHaveLength(1);
    act(() => $('[data-testid="expand-all"]')!.click());
    expect($$('[data-testid="detail"] details:not([open])')).toHaveLength(0);
    const select = $('[data-testid="copy-as"]') as HTMLSelectElement;
    await act(async () => {
      select.value = 'curl';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(copied[0]).toContain('Bearer $AISLE_TOKEN');
    expect($('[data-testid="feedback"]')?.textContent).toBe('Copied as curl');
  });
});

describe('the health banner', () => {
  it('says in plain words that delivery is stuck when every token is refused', () => {
    const next = NOW + 25_000;
    const b = buffer([
      {
        n: 1,
        state: 'retry_scheduled',
        extra: {
          httpStatus: 401,
          nextAttemptAt: next,
          reason: `token refused 3 times; next attempt at ${new Date(next).toISOString()}`,
        },
      },
      { n: 2, state: 'queued' },
    ]);
    render(b);
    const banner = $('[data-testid="health"]')!;
    expect(banner.dataset.level).toBe('stuck');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('the analytics service refuses every token (HTTP 401)');
    expect(banner.textContent).toContain("2 events wait in the shopper's outbox");
    expect(banner.textContent).toContain('(in 25 s)');
  });

  it('tells an unreachable service from a refusing one', () => {
    const b = buffer([
      { n: 1, state: 'retry_scheduled', extra: { nextAttemptAt: NOW + 2000, reason: 'Failed to fetch' } },
    ]);
    expect(healthOf(b, NOW).title).toBe('Delivery is stuck: the analytics service cannot be reached (Failed to fetch)');
    expect(healthOf(buffer([{ n: 1, state: 'acknowledged' }]), NOW).level).toBe('ok');
    const noToken = buffer([{ n: 1, state: 'queued' }]);
    applyReport(
      noToken,
      'l1',
      '/a',
      readPageMessage('debug', {
        source: 'analytics',
        shopId: 'maple',
        phase: 'identity_failed',
        reason: 'Failed to fetch',
        httpStatus: null,
        retryInMs: 800,
      })!,
      NOW,
    );
    expect(healthOf(noToken, NOW)).toMatchObject({
      level: 'stuck',
      title: 'Delivery is stuck: the identity service cannot be reached (Failed to fetch)',
    });
  });
});

describe('rows of a page that went away', () => {
  it('never show a stale "in flight": the row says it is unconfirmed, and why', () => {
    const b = buffer([{ n: 1, state: 'in_flight' }]);
    applyReport(b, 'l2', '/elsewhere', readPageMessage('preview', { outcome: 'pending', message: '' })!, NOW);
    render(b);
    const row = $('[data-testid="event"]')!;
    expect(row.dataset.shownState).toBe('unconfirmed');
    expect(row.querySelector('.chip')?.textContent).toMatch(/^unconfirmed since \d/);
    expect(row.textContent).toContain(
      'last known: in flight; its page left, and no page of this shop has confirmed it since',
    );
  });
});

describe('search requests', () => {
  it('decode the filters, the sort and why a page may be empty', () => {
    const summary = describeSearch({
      n: 1,
      url: '/search',
      body: {
        page: 'dresses',
        pageNumber: 2,
        pageSize: 24,
        sort: 'price_desc',
        filters: [
          { key: 'color', value: ['red', 'blue'] },
          { key: 'price', value: [10, 50] },
        ],
      },
      startedAt: NOW,
      state: 'done',
      status: 200,
      latencyMs: 41.6,
      error: null,
      total: 0,
      pageNotFound: true,
    });
    expect(summary).toEqual({
      request: 'page “dresses”, result page 2 of 24',
      filters: 'color is red or blue; price from 10 to 50',
      sort: 'price, descending',
      answer: 'HTTP 200 · 42 ms · 0 products · page not found',
      empty: 'the search service does not know this page (pageNotFound)',
    });
  });
});

describe('export and import', () => {
  it('exports what the filters show, and an import of the JSON reproduces the same table', async () => {
    const store = render(
      buffer([
        { n: 1, state: 'acknowledged' },
        { n: 2, state: 'dead_lettered' },
        { n: 3, state: 'dead_lettered' },
      ]),
    );
    act(() => store.setStateFilter('dead_lettered'));
    act(() => $('[data-testid="export-json"]')!.click());
    expect($('[data-testid="feedback"]')?.textContent).toBe('Exported 2 events as JSON (state dead_lettered)');
    const shown = () => $$('[data-testid="event"]').map((tr) => tr.textContent);
    const before = shown();
    const imported = importBuffer(downloads[0]!.text);
    if ('error' in imported) throw new Error(imported.error);
    act(() => store.clearFilters());
    act(() => store.showImport(imported.buffer, { name: 'session.json', exportedAt: imported.exportedAt }));
    expect($('[data-testid="imported"]')?.textContent).toContain('Imported: session.json');
    expect(shown()).toEqual(before);
    act(() => store.leaveImport());
    expect(shown()).toHaveLength(3);
  });

  it('reads a hostile file field by field, so that nothing in it breaks the panel', () => {
    const hostile = JSON.stringify({
      loads: [
        {
          loadId: 'x',
          url: { toString: 1 },
          startedAt: 'soon',
          session: { status: ['ready'], visitorId: 5 },
          events: [
            {
              id: 'e1',
              state: 'acknowledged',
              event: { name: 'x' },
              reason: ['<img src=x onerror=alert(1)>'],
              seq: '1',
            },
            { id: 'e2', state: 'exploded' },
            'junk',
          ],
          searches: [{ url: 7, body: { page: 'p' }, state: 'done', total: 'many', error: {} }],
          log: [
            { phase: { x: 1 }, at: 1 },
            { phase: 'send', id: 'e1', at: 'now', detail: { reason: 1 } },
          ],
          preview: { outcome: 'shown', message: { html: '<b>x</b>' } },
        },
        null,
      ],
    });
    const result = importBuffer(hostile);
    if ('error' in result) throw new Error(result.error);
    const store = render(emptyBuffer());
    act(() => store.showImport(result.buffer, { name: 'hostile.json', exportedAt: null }));
    expect($$('[data-testid="event"]').map((tr) => tr.dataset.id)).toEqual(['e1']);
    expect($('[data-testid="event"] .name')?.textContent).toBe('(unnamed)');
    expect($('img')).toBeNull();
    expect($('[data-testid="search"]')?.textContent).toContain('page “p”');
  });

  it('writes CSV with defused formulas and HAR with the token redacted; refuses files that are not exports', () => {
    const b = buffer([{ n: 1, state: 'acknowledged', extra: { reason: '=HYPERLINK("x")' } }]);
    const csv = exportCsv(b.loads[0]!.events);
    expect(csv.split('\r\n')[0]).toBe(
      '"time","shop","seq","event","state","attempts","http_status","next_attempt","reason","id","warnings"',
    );
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    const har = JSON.parse(exportHar(b, new Date(NOW))) as {
      log: { entries: Array<{ request: { headers: unknown } }> };
    };
    expect(har.log.entries[0]!.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer [redacted]' });
    expect(importBuffer('nope')).toEqual({ error: 'the file is not JSON' });
    expect(importBuffer('{"log":{}}')).toEqual({ error: 'the file is not an inspector export (it has no page loads)' });
  });
});

vi.setConfig({ testTimeout: 20_000 });
