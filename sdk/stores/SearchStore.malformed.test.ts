import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { malformedReplies } from '../../fixtures/malformed/search-replies.js';
import type { SearchRequest } from '../core/types.js';
import { SEARCH_EMPTY, SearchStore } from './SearchStore.js';
import { fakeEnv, fakeResponse, type FakeEnv } from '../testing/stores.js';

configure({ enforceActions: 'always' });
const request = { customer: 'maple' } as SearchRequest;
const shownIds = ['p0', 'p1', 'p2', 'p3'];
let env: FakeEnv;

beforeEach(() => {
  vi.useFakeTimers();
  env = fakeEnv();
});
afterEach(() => vi.useRealTimers());

describe('a 200 reply that is malformed never wipes the shown products', () => {
  const cases = malformedReplies(shownIds);

  it('the corpus holds enough cases of both kinds', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(cases.filter((c) => c.kind === 'unreadable').length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, reply) => {
    const shown = fakeResponse({ shown: shownIds.length, filtered: 40 });
    const store = new SearchStore(env, shown);
    env.reply(() => ({ status: 200, json: reply.json }));
    const outcome = await store.search('http://search.test/search', request);
    expect(store.response!.products.map((p) => p.product_id)).toEqual(shownIds);
    expect(store.loading).toBe(false);
    if (reply.kind === 'unreadable') {
      expect(outcome).toBe('failed');
      expect(store.response).toBe(shown);
      expect(env.lines.error).toEqual([`[Aisle] ${SEARCH_EMPTY}`]);
    } else {
      expect(outcome).toBe('replaced');
      expect(env.lines.error).toEqual([]);
      const { payload, start, size, latency_ms: latency } = store.response!;
      for (const count of [payload.total, payload.filtered, payload.shown, start, size, latency]) {
        expect(Number.isSafeInteger(count) && count >= 0, `${count} is a count`).toBe(true);
      }
      expect(JSON.stringify(store.response)).not.toMatch(/NaN|undefined|\[object Object\]/);
    }
  });
});
