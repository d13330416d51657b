import { fakeBrowser } from '../testing/fakeBrowser.js';
import { storage } from 'wxt/utils/storage';
import { describe, expect, it, vi } from 'vitest';
import { applyReport, emptyBuffer, timelineOf, type PageReport, type TabBuffer } from './inspectorBuffer.js';
import { readPageMessage } from './pageData.js';
import { PERSIST_DELAY_MS, TabBuffers } from './tabBuffers.js';

type Row = { id: string; state: string; seq?: number; event?: string; shop?: string; attempts?: number };

const snapshot = (rows: Row[], status = 'ready'): PageReport =>
  readPageMessage('snapshot', {
    analytics: {
      status,
      visitorId: 'v1',
      tokenExp: 2000,
      events: rows.map((r) => ({
        id: r.id,
        event: r.event ?? 'navigate:visit_page',
        seq: r.seq ?? 1,
        state: r.state,
        attempts: r.attempts ?? 0,
        payload: { id: r.id, data: { metadata: { config_id: r.shop ?? 'maple' } } },
      })),
    },
  })!;
const step = (phase: string, extra: Record<string, unknown> = {}): PageReport =>
  readPageMessage('debug', { source: 'analytics', shopId: 'maple', phase, ...extra })!;

const rows = (buffer: TabBuffer) =>
  buffer.loads.flatMap((l) => l.events.map((e) => ({ load: l.loadId, id: e.id, state: e.state })));
const only = (buffer: TabBuffer, id: string) => buffer.loads.flatMap((l) => l.events).find((e) => e.id === id)!;

describe('an event sent while its page unloaded', () => {
  it('is confirmed acknowledged by the next page of the shop once its outbox no longer holds it', () => {
    const buffer = emptyBuffer();
    applyReport(buffer, 'l1', '/dlp', step('init'), 1);
    applyReport(buffer, 'l1', '/dlp', snapshot([{ id: 'visit', state: 'acknowledged' }]), 2);
    // The click is recorded; the page navigates before the answer and before another snapshot.
    applyReport(
      buffer,
      'l1',
      '/dlp',
      snapshot([
        { id: 'visit', state: 'acknowledged' },
        { id: 'click', state: 'queued', seq: 2, event: 'ecommerce:product_click' },
      ]),
      3,
    );
    applyReport(buffer, 'l2', '/product', step('init'), 4);
    expect(only(buffer, 'click')).toMatchObject({ state: 'queued', orphaned: true });
    applyReport(buffer, 'l2', '/product', snapshot([{ id: 'visit2', state: 'queued', seq: 3 }]), 5);
    expect(only(buffer, 'click')).toMatchObject({ state: 'acknowledged', confirmedBy: 'next_page', orphaned: false });
    expect(rows(buffer)).toEqual([
      { load: 'l1', id: 'visit', state: 'acknowledged' },
      { load: 'l1', id: 'click', state: 'acknowledged' },
      { load: 'l2', id: 'visit2', state: 'queued' },
    ]);
  });

  it('follows the next page when the outbox still holds it, and is never confirmed by another shop', () => {
    const buffer = emptyBuffer();
    applyReport(buffer, 'l1', '/a', step('init'), 1);
    applyReport(buffer, 'l1', '/a', snapshot([{ id: 'click', state: 'in_flight', attempts: 1 }]), 2);
    applyReport(buffer, 'l2', '/b', step('init', { shopId: 'lakeshore' }), 3);
    applyReport(buffer, 'l2', '/b', snapshot([{ id: 'other', state: 'queued', shop: 'lakeshore' }]), 4);
    expect(only(buffer, 'click')).toMatchObject({ state: 'in_flight', orphaned: true, confirmedBy: null });
    applyReport(buffer, 'l3', '/a', step('init'), 5);
    applyReport(buffer, 'l3', '/a', snapshot([{ id: 'click', state: 'queued' }]), 6);
    expect(only(buffer, 'click')).toMatchObject({ state: 'queued', orphaned: false, attempts: 1 });
  });

  it('does not count a page whose session has not started as a look at the outbox', () => {
    const buffer = emptyBuffer();
    applyReport(buffer, 'l1', '/a', step('init'), 1);
    applyReport(buffer, 'l1', '/a', snapshot([{ id: 'click', state: 'in_flight' }]), 2);
    applyReport(buffer, 'l2', '/a', snapshot([], 'created'), 3);
    expect(only(buffer, 'click')).toMatchObject({ state: 'in_flight', orphaned: true });
  });

  it('is acknowledged from the debug step alone when the page had no time for another snapshot', () => {
    const buffer = emptyBuffer();
    applyReport(buffer, 'l1', '/a', step('queued', { id: 'click', event: 'ecommerce:product_click', seq: 4 }), 1);
    applyReport(
      buffer,
      'l1',
      '/a',
      step('send', { id: 'click', event: 'ecommerce:product_click', seq: 4, attempt: 1 }),
      2,
    );
    expect(only(buffer, 'click')).toMatchObject({ state: 'in_flight', attempts: 1, seq: 4, shopId: 'maple' });
    applyReport(buffer, 'l1', '/a', step('acknowledged', { id: 'click', event: 'ecommerce:product_click', seq: 4 }), 3);
    expect(only(buffer, 'click')).toMatchObject({ state: 'acknowledged', httpStatus: 202, attempts: 1 });
    // A stale snapshot taken before the answer does not move it back.
    applyReport(buffer, 'l1', '/a', snapshot([{ id: 'click', state: 'in_flight', seq: 4 }]), 4);
    expect(only(buffer, 'click').state).toBe('acknowledged');
    expect(rows(buffer)).toHaveLength(1);
  });
});

describe('one row per event id', () => {
  it('marks unsettled rows of a disposed session (a tenant switch) until a later session of that shop says', () => {
    const buffer = emptyBuffer();
    applyReport(buffer, 'l1', '/a', step('init'), 1);
    applyReport(buffer, 'l1', '/a', snapshot([{ id: 'm1', state: 'queued' }]), 2);
    applyReport(buffer, 'l1', '/a', step('disposed'), 3);
    applyReport(buffer, 'l1', '/a', step('init', { shopId: 'lakeshore' }), 4);
    applyReport(buffer, 'l1', '/a', snapshot([{ id: 'k1', state: 'queued', shop: 'lakeshore' }]), 5);
    expect(only(buffer, 'm1')).toMatchObject({ state: 'queued', orphaned: true, shopId: 'maple' });
    expect(only(buffer, 'k1')).toMatchObject({ orphaned: false, shopId: 'lakeshore' });
  });

  it('follows an event another tab delivered, and survives a restarted background', async () => {
    vi.useFakeTimers();
    try {
      fakeBrowser.reset();
      const session = storage;
      const timers = {
        setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
        clearTimeout: (h: unknown) => clearTimeout(h as number),
      };
      const buffers = new TabBuffers(session, timers);
      const firstTab: string[] = [];
      buffers.subscribe(1, (b) =>
        firstTab.push(
          rows(b)
            .map((r) => r.state)
            .join(),
        ),
      );
      await buffers.report(1, 'a1', '/a', snapshot([{ id: 'e1', state: 'queued' }]));
      // The second tab holds the sender lock and delivers the first tab's event.
      await buffers.report(2, 'b1', '/a', snapshot([{ id: 'e1', state: 'acknowledged' }]));
      expect(only(await buffers.get(1), 'e1')).toMatchObject({ state: 'acknowledged', confirmedBy: 'other_tab' });
      expect(firstTab.at(-1)).toBe('acknowledged');
      await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
      // A restarted worker: the first tab's page still lists e1 as queued (it never drained).
      const restarted = new TabBuffers(session, timers);
      await restarted.report(1, 'a1', '/a', snapshot([{ id: 'e1', state: 'queued' }]));
      expect(rows(await restarted.get(1))).toEqual([{ load: 'a1', id: 'e1', state: 'acknowledged' }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the attempt timeline', () => {
  it('lists the sends, the token refresh and the identity request in between, up to the acknowledgement', () => {
    const buffer = emptyBuffer();
    const ev = { id: 'e1', event: 'search:sort', seq: 1 };
    for (const [phase, extra] of [
      ['queued', ev],
      ['send', { ...ev, attempt: 1 }],
      ['token_refresh', { ...ev, retry: 1 }],
      ['identity_request', { distinctId: 'v1', withBearer: true }],
      ['token_issued', { tokenExp: 5 }],
      ['send', { ...ev, attempt: 2 }],
      ['queued', { id: 'e2', event: 'search:sort', seq: 2 }],
      ['acknowledged', { ...ev, via: 'event' }],
      ['identity_request', { distinctId: 'v1', withBearer: true }],
    ] as const)
      applyReport(buffer, 'l1', '/a', step(phase, extra), 1);
    const phases = timelineOf(buffer, only(buffer, 'e1')).map((s) => `${s.phase}${s.session ? '*' : ''}`);
    expect(phases).toEqual([
      'queued',
      'send',
      'token_refresh',
      'identity_request*',
      'token_issued*',
      'send',
      'acknowledged',
    ]);
    expect(only(buffer, 'e1')).toMatchObject({ state: 'acknowledged', attempts: 2 });
  });

  it('counts in Tries every send its timeline lists, when a later page resends from attempt 1', () => {
    const buffer = emptyBuffer();
    const ev = { id: 'e1', event: 'search:sort', seq: 1 };
    applyReport(buffer, 'l1', '/a', step('queued', ev), 1);
    applyReport(buffer, 'l1', '/a', step('send', { ...ev, attempt: 1 }), 2);
    applyReport(buffer, 'l1', '/a', step('retry_scheduled', { ...ev, httpStatus: 503, nextAttemptAt: 9 }), 3);
    applyReport(buffer, 'l1', '/a', step('send', { ...ev, attempt: 2 }), 4);
    applyReport(buffer, 'l2', '/b', snapshot([{ id: 'e1', state: 'queued', attempts: 0, seq: 1 }]), 5);
    applyReport(buffer, 'l2', '/b', step('send', { ...ev, attempt: 1 }), 6);
    applyReport(buffer, 'l2', '/b', snapshot([{ id: 'e1', state: 'in_flight', attempts: 1, seq: 1 }]), 7);
    const sends = timelineOf(buffer, only(buffer, 'e1')).filter((s) => s.phase === 'send');
    expect(sends).toHaveLength(3);
    expect(only(buffer, 'e1').attempts).toBe(3);
    // The timeline numbers them as Tries counts them, not as each page did (1, 2, then 1 again).
    expect(sends.map((s) => s.attempt)).toEqual([1, 2, 3]);
  });

  it('numbers the sends it saw after those it did not, so that the last one is the Tries figure', () => {
    const buffer = emptyBuffer();
    const ev = { id: 'e1', event: 'search:sort', seq: 1 };
    // The inspector first hears of the event at its fourth attempt (the page started before it looked).
    applyReport(buffer, 'l1', '/a', snapshot([{ id: 'e1', state: 'retry_scheduled', attempts: 3, seq: 1 }]), 1);
    applyReport(buffer, 'l1', '/a', step('send', { ...ev, attempt: 4 }), 2);
    applyReport(
      buffer,
      'l1',
      '/a',
      step('retry_scheduled', { ...ev, attempt: 4, httpStatus: 503, nextAttemptAt: 9 }),
      3,
    );
    const steps = timelineOf(buffer, only(buffer, 'e1'));
    expect(steps.map((s) => [s.phase, s.attempt])).toEqual([
      ['send', 4],
      ['retry_scheduled', 4],
    ]);
    expect(only(buffer, 'e1').attempts).toBe(4);
  });
});
