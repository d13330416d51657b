/** Records are replaced whole on every change, so the snapshot hands out plain objects. */
import { makeAutoObservable, observable } from 'mobx';
import type { AnalyticsEvent, DeliveryState, EventSnapshot } from './types.js';

/** Acknowledged events kept in memory for the snapshot; older ones are forgotten first. */
export const ACKNOWLEDGED_CAP = 500;

/** A snapshot entry plus the sender's private counters. */
export interface EventRecord extends EventSnapshot {
  /** 401s retried with a fresh token in the current round (at most 2). */
  authRetries: number;
  /** Rounds refused in a row (this page's copy of the stored count, for when storage fails). */
  authRounds: number;
  /** Transient failures in a row, the exponent of the back-off. */
  failures: number;
}

type Settled = Extract<DeliveryState, 'acknowledged' | 'dead_lettered'>;

const isSettled = (state: DeliveryState): state is Settled => state === 'acknowledged' || state === 'dead_lettered';

/** The delivery records of one session. */
export class EventLog {
  readonly records = observable.map<string, EventRecord>({}, { deep: false });
  private acknowledged: string[] = [];
  private readonly waiters = new Map<string, Array<(acknowledged: boolean) => void>>();

  constructor() {
    makeAutoObservable<EventLog, 'acknowledged' | 'waiters'>(this, {
      records: false,
      acknowledged: false,
      waiters: false,
    });
  }

  /** The record of `event`, created as queued the first time this page sees it. */
  see(event: AnalyticsEvent): EventRecord {
    const known = this.records.get(event.id);
    if (known) return known;
    const record: EventRecord = {
      id: event.id,
      event: event.event,
      seq: event.seq,
      state: 'queued',
      attempts: 0,
      payload: event,
      authRetries: 0,
      authRounds: 0,
      failures: 0,
    };
    this.records.set(event.id, record);
    return record;
  }

  /** The record of `id`, if this page knows it. */
  get(id: string): EventRecord | undefined {
    return this.records.get(id);
  }

  /** Replaces the fields in `patch`; a settled record stays settled. */
  update(id: string, patch: Partial<EventRecord>): void {
    const record = this.records.get(id);
    if (!record || isSettled(record.state)) return;
    this.records.set(id, { ...record, ...patch });
    if (patch.state && isSettled(patch.state)) this.onSettled(id, patch.state);
  }

  /** Marks events this page still thought pending but that left the outbox (another tab or a flush). */
  reconcile(pendingIds: Set<string>, deadLetterIds: () => Set<string>): void {
    let dead: Set<string> | null = null;
    for (const record of [...this.records.values()]) {
      if (isSettled(record.state) || pendingIds.has(record.id)) continue;
      dead ??= deadLetterIds();
      const state: Settled = dead.has(record.id) ? 'dead_lettered' : 'acknowledged';
      this.update(record.id, { state, nextAttemptAt: undefined, reason: 'settled by another sender' });
    }
  }

  /** Resolves true once `id` is acknowledged, false if it is dead-lettered or the session ends. */
  whenSettled(id: string): Promise<boolean> {
    const record = this.records.get(id);
    if (!record) return Promise.resolve(false);
    if (isSettled(record.state)) return Promise.resolve(record.state === 'acknowledged');
    return new Promise((resolve) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]));
  }

  /** Plain copies of every record, in sequence order, without the sender's counters. */
  snapshot(): EventSnapshot[] {
    return [...this.records.values()]
      .sort((a, b) => a.seq - b.seq)
      .map(({ authRetries: _a, authRounds: _r, failures: _f, ...entry }) => {
        // A copy: the payload object is shared with the outbox's read cache.
        const copy = { ...entry, payload: structuredClone(entry.payload) } as EventSnapshot & Record<string, unknown>;
        for (const key of ['httpStatus', 'reason', 'nextAttemptAt'] as const)
          if (copy[key] === undefined) delete copy[key];
        return copy;
      });
  }

  /** Resolves every waiter with false (the page is going away). */
  dispose(): void {
    for (const resolvers of this.waiters.values()) resolvers.forEach((resolve) => resolve(false));
    this.waiters.clear();
  }

  private onSettled(id: string, state: Settled): void {
    this.waiters.get(id)?.forEach((resolve) => resolve(state === 'acknowledged'));
    this.waiters.delete(id);
    if (state !== 'acknowledged') return;
    this.acknowledged.push(id);
    // The page may live for hours: keep the newest acknowledged events only.
    while (this.acknowledged.length > ACKNOWLEDGED_CAP) this.records.delete(this.acknowledged.shift()!);
  }
}
