/**
 * One visitor, live, as the analytics service stores their events: from any device, without the
 * shopper's tab (a support agent asks the shopper for their visitor id). With the saved read key
 * it asks `GET {analyticsHost}/v3/events?shop_id=…&visitor=…` every LIVE_POLL_MS while followed,
 * one request at a time, and shows what the service holds, newest first.
 */
import { action, makeObservable, observable, runInAction } from 'mobx';
import { fetchStoredEvents, type ServiceQuery, type StoredEvent } from './groundTruth.js';
import type { BufferTimers } from './tabBuffers.js';

/** How often the service is asked while a visitor is followed. */
export const LIVE_POLL_MS = 2000;

/** What the live view needs from outside. */
export interface LiveVisitorDeps {
  /** The query with the saved key, or why there is none (see GroundTruthStore.serviceQuery). */
  query(shopId: string, visitorId: string): ServiceQuery | string;
  fetch(url: string, init: RequestInit): Promise<Response>;
  timers: BufferTimers;
  now(): number;
}

/** The live view's state. */
export class LiveVisitorStore {
  shopId = '';
  visitorId = '';
  following = false;
  events: StoredEvent[] = [];
  error = '';
  /** When the service last answered (epoch ms), else null. */
  answeredAt: number | null = null;
  private timer: unknown;
  private round = 0;

  constructor(private readonly deps: LiveVisitorDeps) {
    makeObservable(this, {
      shopId: observable,
      visitorId: observable,
      following: observable,
      events: observable.ref,
      error: observable,
      answeredAt: observable,
      setShop: action,
      setVisitor: action,
      stop: action,
    });
  }

  setShop(shopId: string): void {
    this.shopId = shopId;
  }

  setVisitor(visitorId: string): void {
    this.visitorId = visitorId;
  }

  /** Starts following the visitor: asks now, then every LIVE_POLL_MS until `stop`. */
  async follow(): Promise<void> {
    this.stop();
    const query = this.deps.query(this.shopId, this.visitorId);
    if (typeof query === 'string') return runInAction(() => void (this.error = query));
    const round = ++this.round;
    runInAction(() => {
      this.following = true;
      this.events = [];
      this.error = '';
      this.answeredAt = null;
    });
    await this.ask(query, round);
  }

  /** Stops following (the events shown stay). */
  stop(): void {
    this.round++;
    this.following = false;
    if (this.timer !== undefined) this.deps.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async ask(query: ServiceQuery, round: number): Promise<void> {
    const stored = await fetchStoredEvents(this.deps.fetch, query);
    if (round !== this.round) return;
    runInAction(() => {
      if (typeof stored === 'string') this.error = stored;
      else {
        this.error = '';
        this.answeredAt = this.deps.now();
        this.events = [...stored].sort(
          (a, b) => (b.receivedAt ?? '').localeCompare(a.receivedAt ?? '') || (b.seq ?? 0) - (a.seq ?? 0),
        );
      }
    });
    // The next question once this one is answered: a slow service is never asked twice at once.
    this.timer = this.deps.timers.setTimeout(() => void this.ask(query, round), LIVE_POLL_MS);
  }
}
