/**
 * One visitor, live, as the service stores their events from any device, without the shopper's tab.
 * Polls `GET …/v3/events?shop_id=…&visitor=…` every LIVE_POLL_MS, one request at a time, while followed.
 */
import { action, makeObservable, observable, runInAction } from 'mobx';
import { fetchStoredEvents, type ServiceQuery, type StoredEvent } from './groundTruth.js';
import type { BufferTimers } from './tabBuffers.js';
import { normaliseVisitorCode } from '../../sdk/public/tools.js';
import { resolveVisitorCode, subjectOfToken, type CodedVisitor } from './visitorLookup.js';

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
  /** The visitors a code named when it named more than one: support asks which. */
  candidates: CodedVisitor[] = [];
  /** How the followed visitor was found (`code K7M-4QX`, `token subject`), '' when typed. */
  foundBy = '';
  private timer: unknown;
  private code = '';
  private round = 0;

  constructor(private readonly deps: LiveVisitorDeps) {
    makeObservable(this, {
      shopId: observable,
      visitorId: observable,
      following: observable,
      events: observable.ref,
      error: observable,
      answeredAt: observable,
      candidates: observable.ref,
      foundBy: observable,
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
    this.foundBy = '';
  }

  /**
   * Follows the subject of a pasted visitor token (and its shop). The token is decoded here and
   * dropped: it is neither kept nor shown. A token that names nobody changes nothing but the error.
   */
  async followToken(pasted: string): Promise<void> {
    const subject = subjectOfToken(pasted);
    if (typeof subject === 'string') return runInAction(() => void (this.error = subject));
    runInAction(() => {
      if (subject.shopId) this.shopId = subject.shopId;
      this.setVisitor(subject.visitorId);
      this.foundBy = 'token subject';
      this.candidates = [];
    });
    await this.follow();
  }

  /** Asks the service which visitor of the shop a code names, and follows them (or lists several to pick). */
  async followCode(typed: string): Promise<void> {
    // The code stands in for the visitor the query would name: only the service, key and shop are used.
    const query = this.deps.query(this.shopId, typed.trim() || '?');
    if (typeof query === 'string') return runInAction(() => void (this.error = query));
    const found = await resolveVisitorCode(this.deps.fetch, query, typed);
    if (typeof found === 'string') return runInAction(() => void (this.error = found));
    this.code = normaliseVisitorCode(typed) ?? '';
    runInAction(() => (this.candidates = found.length > 1 ? found : []));
    if (found.length === 1) await this.pick(found[0]!.visitorId);
    else runInAction(() => (this.error = ''));
  }

  /** Follows one of the visitors a code named. */
  async pick(visitorId: string): Promise<void> {
    runInAction(() => {
      this.setVisitor(visitorId);
      this.foundBy = `code ${this.code}`;
      this.candidates = [];
    });
    await this.follow();
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
