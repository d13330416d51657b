import { describe, expect, it, vi } from 'vitest';
import { fakeEnv } from '../testing/stores.js';
import { DEAD_LETTER_CAP, Outbox, outboxKeys } from './outbox.js';
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

describe('Outbox', () => {
  it('stores events per shop and lists them by sequence number, whoever wrote them', () => {
    const { storage, store } = fakeEnv();
    const tabA = new Outbox(storage, 'maple');
    const tabB = new Outbox(storage, 'maple');
    tabA.add(event(2));
    tabB.add(event(1));
    new Outbox(storage, 'birch').add(event(3));
    expect(tabA.pending().map((e) => e.seq)).toEqual([1, 2]);
    expect(JSON.parse(store.get(keys.outbox)!)).toHaveLength(2);
    tabB.remove('id-2');
    expect(tabA.pending().map((e) => e.seq)).toEqual([1]);
  });

  it('hands out sequence numbers that grow across tabs and reloads', () => {
    const { storage } = fakeEnv();
    const tabA = new Outbox(storage, 'maple');
    const tabB = new Outbox(storage, 'maple');
    expect([tabA.nextSeq(), tabB.nextSeq(), tabA.nextSeq()]).toEqual([1, 2, 3]);
    expect(new Outbox(storage, 'maple').nextSeq()).toBe(4);
  });

  it('numbers an event recorded as the page goes away in the tab own class: two tabs closing together never share one', () => {
    // Both tabs read the counter before either write reaches the other (two copies of one storage).
    const a = fakeEnv();
    const b = fakeEnv();
    for (const env of [a, b]) env.store.set(keys.seq, '23');
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(0.25).mockReturnValueOnce(0.75);
    const tabA = new Outbox(a.storage, 'maple');
    const tabB = new Outbox(b.storage, 'maple');
    random.mockRestore();
    expect([new Outbox(a.storage, 'maple').nextSeq(), new Outbox(b.storage, 'maple').nextSeq()]).toEqual([24, 24]);
    for (const env of [a, b]) env.store.set(keys.seq, '23');
    const leaving = [tabA.nextSeq(true), tabB.nextSeq(true)];
    expect(leaving[0]).not.toBe(leaving[1]);
    expect(Math.min(...leaving)).toBeGreaterThan(23);
    // The counter follows, so what either tab numbers next still comes after.
    expect(tabA.nextSeq()).toBe(leaving[0]! + 1);
  });

  it('falls back to memory when storage refuses, and persists those events on the next good write', () => {
    const { storage, store } = fakeEnv();
    const setItem = storage.setItem;
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const outbox = new Outbox(storage, 'maple');
    expect(outbox.add(event(1))).toBe(false);
    // The counter cannot be stored: the number is this tab's own (see outbox.refused.test.ts).
    const seq = outbox.nextSeq();
    expect(seq).toBeGreaterThan(1);
    expect(outbox.pending().map((e) => e.seq)).toEqual([1]);
    storage.setItem = setItem;
    expect(outbox.add(event(seq))).toBe(true);
    expect(JSON.parse(store.get(keys.outbox)!).map((e: AnalyticsEvent) => e.seq)).toEqual([seq, 1]);
  });

  it('never sends again an event it removed, even if the removal could not be written', () => {
    const { storage } = fakeEnv();
    const outbox = new Outbox(storage, 'maple');
    outbox.add(event(1));
    storage.setItem = () => {
      throw new Error('disabled');
    };
    outbox.remove('id-1');
    expect(outbox.pending()).toEqual([]);
  });

  it('reads unreadable storage as nothing, without throwing or overwriting', () => {
    const { storage, store } = fakeEnv();
    store.set(keys.outbox, '{not json');
    expect(new Outbox(storage, 'maple').pending()).toEqual([]);
    storage.getItem = () => {
      throw new Error('SecurityError');
    };
    const outbox = new Outbox(storage, 'maple');
    expect(outbox.add(event(1))).toBe(false);
    expect(outbox.pending()).toHaveLength(1);
    expect(store.get(keys.outbox)).toBe('{not json');
  });

  it('keeps the newest dead letters up to the cap', () => {
    const { storage } = fakeEnv();
    const outbox = new Outbox(storage, 'maple');
    for (let seq = 1; seq <= DEAD_LETTER_CAP + 5; seq++) outbox.deadLetter(event(seq), 'HTTP 400', 400, 'now');
    const letters = outbox.deadLetters();
    expect(letters).toHaveLength(DEAD_LETTER_CAP);
    expect(letters[0]!.event.seq).toBe(6);
    expect(letters.at(-1)).toEqual({
      event: event(DEAD_LETTER_CAP + 5),
      reason: 'HTTP 400',
      httpStatus: 400,
      at: 'now',
    });
  });
});
