// @vitest-environment happy-dom
import { fakeBrowser } from '../testing/fakeBrowser.js';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { Inspector } from '../components/Inspector.js';
import { compareEvents, fetchStoredEvents, maskKey, readStoredEvents } from './groundTruth.js';
import { GroundTruthStore } from './GroundTruthStore.js';
import { applyReport, emptyBuffer } from './inspectorBuffer.js';
import { InspectorStore } from './InspectorStore.js';
import { readPageMessage } from './pageData.js';
import { readKeyItem } from './storageKeys.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const KEY = 'aisle-local-admin-key-development-only';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const query = { analyticsHost: 'http://127.0.0.1:4173/analytics/', key: KEY, shopId: 'maple', visitorId: 'v1' };
const stored = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  seq: n,
  shop_id: 'maple',
  visitor_id: 'v1',
  event: 'search:sort',
  data: {},
  url: 'https://shop.example/maple/dresses',
  timestamp: '2025-03-01T12:00:00.000Z',
  environment: 'production',
  received_at: '2025-03-01T12:00:01.000Z',
  ...over,
});

/** A tab with events 1–3 of maple seen by the panel: 1 and 2 acknowledged, 3 queued. */
function tab() {
  const buffer = emptyBuffer();
  const snapshot = readPageMessage('snapshot', {
    analytics: {
      status: 'ready',
      visitorId: 'v1',
      tokenExp: 1,
      events: [1, 2, 3].map((n) => ({
        id: uuid(n),
        event: 'search:sort',
        seq: n,
        state: n < 3 ? 'acknowledged' : 'queued',
        attempts: 1,
        payload: { id: uuid(n), data: { metadata: { config_id: 'maple' } } },
      })),
    },
  })!;
  applyReport(
    buffer,
    'l1',
    '/maple/dresses',
    readPageMessage('debug', { source: 'analytics', shopId: 'maple', phase: 'init' })!,
    1,
  );
  applyReport(buffer, 'l1', '/maple/dresses', snapshot, 1);
  return buffer;
}

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('comparing with the analytics service', () => {
  it('asks for the shop and visitor with the key as a bearer, and reads refusals in words', async () => {
    const fetcher = vi.fn(async () => answer(200, { events: [stored(1)] }));
    expect(await fetchStoredEvents(fetcher, query)).toEqual([
      { id: uuid(1), seq: 1, event: 'search:sort', visitorId: 'v1', receivedAt: '2025-03-01T12:00:01.000Z' },
    ]);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:4173/analytics/v3/events?shop_id=maple&visitor=v1&limit=1000');
    expect(init.headers).toEqual({ Authorization: `Bearer ${KEY}` });
    expect(await fetchStoredEvents(async () => answer(401, {}), query)).toContain('refused the key (HTTP 401)');
    expect(await fetchStoredEvents(async () => answer(403, {}), query)).toContain('reads another shop (HTTP 403)');
    expect(await fetchStoredEvents(async () => Promise.reject(new TypeError('Failed to fetch')), query)).toContain(
      'cannot be reached',
    );
    expect(await fetchStoredEvents(fetcher, { ...query, analyticsHost: 'javascript:alert(1)' })).toContain(
      'is not an http(s) address',
    );
  });

  it('reads the answer field by field', () => {
    expect(readStoredEvents({ events: [null, { id: 7 }, { id: 'x', seq: '1', event: { a: 1 } }] })).toEqual([
      { id: 'x', seq: null, event: '(unnamed)', visitorId: null, receivedAt: null },
    ]);
    expect(readStoredEvents('<html>')).toBe('the service answered without a list of events');
  });

  it('sorts events into only in the panel, only at the service, differing and agreeing', () => {
    const panel = tab().loads[0]!.events;
    const result = compareEvents(
      panel,
      readStoredEvents({ events: [stored(1), stored(2, { seq: 9 }), stored(4)] }) as never,
      query,
    );
    expect(result.agreeing.map((r) => r.id)).toEqual([uuid(1)]);
    expect(result.differing.map((r) => r.id)).toEqual([uuid(2)]);
    expect(result.onlyPanel.map((r) => r.id)).toEqual([uuid(3)]);
    expect(result.onlyService.map((r) => r.id)).toEqual([uuid(4)]);
    expect(result.query).not.toHaveProperty('key');
  });

  it('keeps the key in storage and never shows it back in full', async () => {
    fakeBrowser.reset();
    const item = readKeyItem();
    const fetcher = vi.fn(async () => answer(200, { events: [stored(1), stored(2), stored(4)] }));
    const truth = new GroundTruthStore({
      load: () => item.getValue(),
      save: (value) => item.setValue(value),
      fetch: fetcher,
      defaultHost: async () => 'http://127.0.0.1:4173/analytics',
    });
    await truth.load();
    await truth.saveKey(KEY);
    expect(await item.getValue()).toEqual({ analyticsHost: 'http://127.0.0.1:4173/analytics', key: KEY });
    expect(maskKey(KEY)).toBe('••••only');

    const store = new InspectorStore(0);
    store.setBuffer(tab());
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const io = { copy: async () => undefined, download: () => undefined };
    act(() => root.render(createElement(Inspector, { store, truth, onClear: () => undefined, io })));
    expect(container.innerHTML).not.toContain(KEY);
    expect(container.querySelector<HTMLInputElement>('input[name="readKey"]')?.placeholder).toBe('saved: ••••only');
    await act(async () => container.querySelector<HTMLButtonElement>('button[name="compare"]')!.click());
    const count = (id: string) => container.querySelector(`[data-testid="${id}"] summary strong`)?.textContent;
    expect([count('truth-only-panel'), count('truth-only-service'), count('truth-agreeing')]).toEqual(['1', '1', '2']);
    expect(container.querySelector('[data-testid="truth-only-panel"]')?.textContent).toContain('not delivered yet');
    expect(container.innerHTML).not.toContain(KEY);
    act(() => root.unmount());
    container.remove();
  });
});
