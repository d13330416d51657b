import { describe, expect, it } from 'vitest';
import { applyReport, emptyBuffer, type TabBuffer } from './inspectorBuffer.js';
import { factsOf } from './inspectorLoadFacts.js';
import { readPageMessage } from './pageData.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function buffer(events: Array<{ n: number; event: string; state: string; shop: string }>): TabBuffer {
  const b = emptyBuffer();
  const report = readPageMessage('snapshot', {
    analytics: {
      status: 'ready',
      events: events.map(({ n, event, state, shop }) => ({
        id: uuid(n),
        event,
        seq: n,
        state,
        attempts: 1,
        payload: { id: uuid(n), event, data: { metadata: { config_id: shop } } },
      })),
    },
  })!;
  applyReport(b, 'l1', '/maple/dresses', report, 1);
  return b;
}

describe('the facts of a page load', () => {
  it('names its events, shops and counts by state', () => {
    const load = buffer([
      { n: 1, event: 'search:sort', state: 'acknowledged', shop: 'maple' },
      { n: 2, event: 'navigate:visit_page', state: 'queued', shop: 'lakeshore' },
      { n: 3, event: 'search:sort', state: 'acknowledged', shop: 'maple' },
    ]).loads[0]!;
    const facts = factsOf(load);
    expect([...facts.names].sort()).toEqual(['navigate:visit_page', 'search:sort']);
    expect([...facts.shops].sort()).toEqual(['lakeshore', 'maple']);
    expect(facts.counts).toMatchObject({ acknowledged: 2, queued: 1, dead_lettered: 0 });
  });

  it('are worked out once while the load does not change, and again when one of its events does', () => {
    const load = buffer([{ n: 1, event: 'search:sort', state: 'queued', shop: 'maple' }]).loads[0]!;
    const first = factsOf(load);
    expect(factsOf(load)).toBe(first);
    // Changed in place, as the background's own buffer is: the event's updatedAt moves.
    Object.assign(load.events[0]!, { state: 'acknowledged', updatedAt: load.events[0]!.updatedAt + 1 });
    expect(factsOf(load)).not.toBe(first);
    expect(factsOf(load).counts).toMatchObject({ acknowledged: 1, queued: 0 });
  });
});
