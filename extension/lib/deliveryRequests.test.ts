// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { Inspector } from '../components/Inspector.js';
import { DeliveryRequestLog, readDeliveryRequest } from './deliveryRequests.js';
import { applyReport, emptyBuffer } from './inspectorBuffer.js';
import { InspectorStore } from './InspectorStore.js';
import { readPageMessage } from './pageData.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const entry = (url: string, body: unknown, status = 202, method = 'POST') => ({
  startedDateTime: '2025-03-01T12:00:00.000Z',
  time: 41.6,
  request: {
    method,
    url,
    headers: [{ name: 'Authorization', value: 'Bearer secret-token' }],
    postData: { mimeType: 'application/json', text: JSON.stringify(body) },
  },
  response: { status },
});

describe('the requests behind delivery attempts', () => {
  it('reads single sends and keepalive batches by the ids in their bodies, without their headers', () => {
    const single = readDeliveryRequest(entry('http://a.example/analytics/v3/event?x=1', { id: 'e1' }, 503));
    expect(single).toEqual({
      kind: 'event',
      url: 'http://a.example/analytics/v3/event',
      startedAt: Date.parse('2025-03-01T12:00:00.000Z'),
      status: 503,
      durationMs: 42,
      eventIds: ['e1'],
    });
    expect(JSON.stringify(single)).not.toContain('secret-token');
    expect(
      readDeliveryRequest(entry('http://a.example/v3/batch', { events: [{ id: 'e1' }, { id: 'e2' }] })),
    ).toMatchObject({ kind: 'batch', eventIds: ['e1', 'e2'] });
    expect(readDeliveryRequest(entry('http://a.example/v3/events', {}, 200, 'GET'))).toBeNull();
    expect(readDeliveryRequest(entry('http://a.example/search', {}))).toBeNull();
    expect(readDeliveryRequest({ request: 'x' })).toBeNull();
  });

  it('shows an event’s requests in its detail', () => {
    const log = new DeliveryRequestLog();
    log.add(entry('http://a.example/v3/event', { id: 'e1' }, 503));
    log.add(entry('http://a.example/v3/event', { id: 'e1' }, 202));
    log.add(entry('http://a.example/v3/event', { id: 'other' }, 202));
    const buffer = emptyBuffer();
    const snapshot = readPageMessage('snapshot', {
      analytics: {
        status: 'ready',
        visitorId: 'v',
        tokenExp: 1,
        events: [{ id: 'e1', event: 'x', seq: 1, state: 'acknowledged', attempts: 2 }],
      },
    })!;
    applyReport(buffer, 'l1', '/a', snapshot, 1);
    const store = new InspectorStore(0);
    store.setBuffer(buffer);
    store.select('e1', true);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const io = { copy: async () => undefined, download: () => undefined };
    act(() => root.render(createElement(Inspector, { store, requests: log, onClear: () => undefined, io })));
    act(() => container.querySelector<HTMLButtonElement>('[data-testid="tab-network"]')!.click());
    const shown = [...container.querySelectorAll('[data-testid="network-request"]')].map((li) => li.textContent);
    expect(shown).toHaveLength(2);
    expect(shown[0]).toContain('HTTP 503');
    expect(shown[1]).toContain('HTTP 202');
    act(() => root.unmount());
    container.remove();
  });
});
