import { fakeBrowser } from '../testing/fakeBrowser.js';
import { storage } from 'wxt/utils/storage';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyReport, emptyBuffer, type PageReport, type TabBuffer } from './inspectorBuffer.js';
import { applyChanges, ChangeTracker } from './inspectorChanges.js';
import { serveInspectorPort, type PortLike } from './inspectorPorts.js';
import { readPageMessage } from './pageData.js';
import { TabBuffers } from './tabBuffers.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const step = (phase: string, n: number, extra: Record<string, unknown> = {}): PageReport =>
  readPageMessage('debug', {
    source: 'analytics',
    shopId: 'maple',
    phase,
    id: uuid(n),
    event: 'search:sort',
    seq: n,
    ...extra,
  })!;
const snapshot = (ns: number[], state = 'acknowledged'): PageReport =>
  readPageMessage('snapshot', {
    analytics: {
      status: 'ready',
      visitorId: 'v1',
      tokenExp: 1,
      events: ns.map((n) => ({
        id: uuid(n),
        event: 'search:sort',
        seq: n,
        state,
        attempts: 1,
        payload: {
          id: uuid(n),
          data: { metadata: { config_id: 'maple', sort: 'price_asc' } },
          padding: 'x'.repeat(300),
        },
      })),
    },
  })!;

/** A seeded generator, so that a failing sequence can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A port whose messages are cloned as the browser clones them, and read back by the test. */
function recordingPort(): { port: PortLike; sent: unknown[]; subscribe(tabId: number): void } {
  const sent: unknown[] = [];
  const listeners: Array<(m: unknown) => void> = [];
  return {
    sent,
    port: {
      name: 'inspector',
      postMessage: (m) => void sent.push(structuredClone(m)),
      onMessage: { addListener: (l) => void listeners.push(l) },
      onDisconnect: { addListener: () => undefined },
    },
    subscribe: (tabId) => listeners.forEach((l) => l({ type: 'subscribe', tabId })),
  };
}

describe('the changes a panel receives', () => {
  beforeEach(() => fakeBrowser.reset());

  it('rebuild the background’s buffer exactly, over 400 random reports across page loads', () => {
    const next = random(24);
    const background = emptyBuffer();
    const tracker = new ChangeTracker();
    let panel: TabBuffer | null = null;
    let now = 1_000;
    let load = 1;
    let n = 1;
    for (let i = 0; i < 400; i++) {
      const pick = next();
      const loadId = `l${load}`;
      const touched = new Set([loadId]);
      if (pick < 0.05) {
        load += 1;
        applyReport(background, `l${load}`, `/p${load}`, snapshot([]), now);
        tracker.touch(new Set(background.loads.map((l) => l.loadId)));
      } else if (pick < 0.4) {
        applyReport(background, loadId, `/p${load}`, step('queued', n++), now);
        tracker.touch(touched);
      } else if (pick < 0.7) {
        const target = 1 + Math.floor(next() * Math.max(1, n - 1));
        const phase = ['send', 'retry_scheduled', 'acknowledged'][Math.floor(next() * 3)]!;
        applyReport(background, loadId, `/p${load}`, step(phase, target, { attempt: 1, nextAttemptAt: now + 5 }), now);
        tracker.touch(touched);
      } else {
        applyReport(
          background,
          loadId,
          `/p${load}`,
          snapshot(
            [n - 1, n - 2].filter((x) => x > 0),
            'queued',
          ),
          now,
        );
        tracker.touch(touched);
      }
      now += Math.floor(next() * 3);
      if (next() < 0.5) {
        const message = structuredClone(tracker.next(background, now));
        panel = 'buffer' in message ? message.buffer : applyChanges(panel!, message.changes);
        expect(panel).toEqual(background);
      }
    }
  });

  it('stay small for one new event in a buffer of 10,000', async () => {
    const buffers = new TabBuffers(storage, { setTimeout: () => 0, clearTimeout: () => undefined }, () => 5_000);
    for (let load = 0; load < 20; load++)
      await buffers.report(
        1,
        `l${load}`,
        '/maple/dresses',
        snapshot(Array.from({ length: 500 }, (_, i) => load * 500 + i + 1)),
      );
    let clock = 10_000;
    const { port, sent, subscribe } = recordingPort();
    const due: Array<() => void> = [];
    const timers = { setTimeout: (cb: () => void) => due.push(cb), clearTimeout: () => undefined };
    const runDue = () => due.splice(0).forEach((cb) => cb());
    serveInspectorPort(port, buffers, timers, () => clock);
    subscribe(1);
    await buffers.get(1);
    await Promise.resolve();
    runDue();
    const full = JSON.stringify(sent.at(-1)).length;
    expect(full).toBeGreaterThan(3_000_000);
    clock += 200;
    await buffers.report(1, 'l19', '/maple/dresses', step('queued', 10_001));
    runDue();
    const change = sent.at(-1) as { type: string };
    expect(change.type).toBe('changes');
    expect(JSON.stringify(change).length).toBeLessThan(40_000);
  });
});
