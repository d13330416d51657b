import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv } from '../testing/stores.js';
import { Outbox, outboxKeys, TAB_SEQ_SPACE } from './outbox.js';
import type { AnalyticsEvent } from './types.js';

const keys = outboxKeys('maple');
const event = (seq: number, id = `id-${seq}`): AnalyticsEvent => ({
  id,
  seq,
  event: 'search:sort',
  data: { metadata: {} },
  url: 'http://shop.test/',
  timestamp: '2025-03-01T12:00:00.000Z',
  environment: 'production',
});
const quotaExceeded = () => {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};
/** A tab whose random draws all give `value` (its remainder for sequence numbers). */
function tabWithSlot(storage: ReturnType<typeof fakeEnv>['storage'], slot: number, onWrite?: (ok: boolean) => void) {
  const random = vi.spyOn(Math, 'random').mockReturnValue(slot / TAB_SEQ_SPACE);
  try {
    return new Outbox(storage, 'maple', undefined, onWrite);
  } finally {
    random.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('an outbox whose storage refuses writes', () => {
  it('two tabs reading the same stale counter still never give the same sequence number', () => {
    const { storage, store } = fakeEnv();
    store.set(keys.seq, '41');
    const tabA = tabWithSlot(storage, 7);
    const tabB = tabWithSlot(storage, 8);
    storage.setItem = quotaExceeded;
    const seqs = [tabA.nextSeq(), tabB.nextSeq(), tabA.nextSeq(), tabB.nextSeq(), tabA.nextSeq()];
    expect(new Set(seqs).size).toBe(seqs.length);
    // Each tab's numbers grow and keep its own remainder; all follow what the shop had given.
    expect(seqs.every((seq) => seq > 41 && Number.isSafeInteger(seq))).toBe(true);
    expect([seqs[0]! % TAB_SEQ_SPACE, seqs[2]! % TAB_SEQ_SPACE, seqs[4]! % TAB_SEQ_SPACE]).toEqual([7, 7, 7]);
    expect(seqs[2]).toBeGreaterThan(seqs[0]!);
    expect(seqs[4]).toBeGreaterThan(seqs[2]!);
  });

  it('says whether each write was stored', () => {
    const { storage } = fakeEnv();
    const heard: boolean[] = [];
    const outbox = tabWithSlot(storage, 3, (ok) => heard.push(ok));
    outbox.add(event(1));
    const setItem = storage.setItem;
    storage.setItem = quotaExceeded;
    expect(outbox.add(event(2))).toBe(false);
    storage.setItem = setItem;
    outbox.add(event(3));
    expect(heard).toEqual([true, false, true]);
  });

  it("an event this tab stored that another tab's stale write dropped is still pending here", () => {
    const { storage, store } = fakeEnv();
    const tabA = new Outbox(storage, 'maple');
    expect(tabA.add(event(1))).toBe(true);
    // Tab B writes from a read made before tab A's write: the visit vanishes from storage.
    store.set(keys.outbox, '[]');
    expect(tabA.pending().map((e) => e.id)).toEqual(['id-1']);
  });

  it('an event another tab delivered is not pending any more in the tab that stored it', () => {
    const { storage } = fakeEnv();
    const tabA = new Outbox(storage, 'maple');
    const tabB = new Outbox(storage, 'maple');
    tabA.add(event(1));
    tabB.remove('id-1');
    expect(tabA.pending()).toEqual([]);
  });
});
