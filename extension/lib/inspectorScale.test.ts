import { describe, expect, it, vi } from 'vitest';

// Counts the checks against the event catalogue, the work that used to run for every event at every change.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../sdk/analytics/catalogue.js', async (original) => {
  const real = await original<typeof import('../../sdk/analytics/catalogue.js')>();
  return {
    ...real,
    validateEvent: (payload: unknown) => {
      checks.count += 1;
      return real.validateEvent(payload);
    },
  };
});

const { applyReport, emptyBuffer } = await import('./inspectorBuffer.js');
const { applyChanges, ChangeTracker } = await import('./inspectorChanges.js');
const { InspectorStore } = await import('./InspectorStore.js');
const { readPageMessage } = await import('./pageData.js');
const { tableRows } = await import('./inspectorRows.js');

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const snapshot = (from: number, to: number) =>
  readPageMessage('snapshot', {
    analytics: {
      status: 'ready',
      visitorId: 'v1',
      tokenExp: 1,
      events: Array.from({ length: to - from }, (_, i) => ({
        id: uuid(from + i),
        event: 'search:sort',
        seq: from + i,
        state: 'acknowledged',
        attempts: 1,
        payload: { id: uuid(from + i), event: 'search:sort', data: { metadata: { config_id: 'maple' } } },
      })),
    },
  })!;

describe('the inspector at scale', () => {
  it('checks each event against the catalogue once, not at every change of the buffer', () => {
    const background = emptyBuffer();
    for (let load = 0; load < 4; load++)
      applyReport(background, `l${load}`, '/a', snapshot(load * 500, load * 500 + 500), 1);
    const tracker = new ChangeTracker();
    const store = new InspectorStore(0);
    let panel = (tracker.next(background, 1) as { buffer: typeof background }).buffer;
    store.setBuffer(structuredClone(panel));
    panel = store.buffer;
    expect(store.warnings.size).toBeGreaterThan(0);
    expect(checks.count).toBe(2000);
    for (let i = 0; i < 20; i++) {
      applyReport(background, 'l3', '/a', snapshot(2000 + i, 2001 + i), 2 + i);
      tracker.touch(new Set(['l3']));
      const { changes } = tracker.next(background, 2 + i) as { changes: Parameters<typeof applyChanges>[1] };
      panel = applyChanges(panel, structuredClone(changes));
      store.setBuffer(panel);
      void store.warnings;
      void store.groups;
    }
    expect(checks.count).toBe(2020);
    // The live load keeps its latest 500: the oldest went as new ones came.
    expect(store.rows).toHaveLength(2000);
  });

  it('lists the table’s rows again at a change without new objects for the rows that stayed', () => {
    const buffer = emptyBuffer();
    for (let load = 0; load < 4; load++)
      applyReport(buffer, `l${load}`, '/a', snapshot(load * 500, load * 500 + 500), 1);
    const store = new InspectorStore(0);
    store.setBuffer(buffer);
    const before = tableRows(store.groups, false);
    // An event arrives in the full newest load: its oldest goes.
    const next = structuredClone(buffer);
    applyReport(next, 'l3', '/a', snapshot(2000, 2001), 2);
    const stayed = { ...next, loads: [...buffer.loads.slice(0, 3), next.loads[3]!] };
    store.setBuffer(stayed);
    const after = tableRows(store.groups, false);
    expect(after).toHaveLength(before.length);
    const kept = after.filter((row) => before.includes(row));
    // Every row of the three loads that did not change is the same object: headings and 1,500 events.
    expect(kept).toHaveLength(3 + 1500);
    expect(store.shownCount).toBe(2000);
    expect(store.selected).toBeNull();
    store.select(uuid(1999));
    expect(store.selected?.id).toBe(uuid(1999));
  });
});
