/**
 * The inspector's "Compare with service": the read key (kept in storage.local, shown back as its
 * last four characters only), the analytics service's address, and the last comparison.
 */
import { action, makeObservable, observable, runInAction } from 'mobx';
import {
  compareEvents,
  fetchStoredEvents,
  maskKey,
  panelEventsOf,
  type Comparison,
  type ServiceQuery,
} from './groundTruth.js';
import type { TabBuffer } from './inspectorBuffer.js';
import type { SavedReadKey } from './storageKeys.js';

/** What the comparison needs from outside: the saved key and the network. */
export interface GroundTruthDeps {
  load(): Promise<SavedReadKey | null>;
  save(value: SavedReadKey | null): Promise<void>;
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** The analytics service to offer when none was saved (the local stack's). */
  defaultHost(): Promise<string>;
}

/** The comparison's state. */
export class GroundTruthStore {
  analyticsHost = '';
  /** The saved key as shown: `••••1234`, or '' when none is saved. */
  maskedKey = '';
  busy = false;
  error = '';
  comparison: Comparison | null = null;
  private key = '';

  constructor(private readonly deps: GroundTruthDeps) {
    makeObservable<GroundTruthStore, 'key'>(this, {
      analyticsHost: observable,
      maskedKey: observable,
      busy: observable,
      error: observable,
      comparison: observable.ref,
      key: observable,
      setHost: action,
    });
  }

  /** Reads the saved key and address. */
  async load(): Promise<void> {
    const [saved, host] = await Promise.all([this.deps.load().catch(() => null), this.deps.defaultHost()]);
    runInAction(() => {
      this.analyticsHost = saved?.analyticsHost || host;
      this.key = saved?.key ?? '';
      this.maskedKey = saved?.key ? maskKey(saved.key) : '';
    });
  }

  /** Edits the address (saved with the key). */
  setHost(host: string): void {
    this.analyticsHost = host.trim();
  }

  /** Saves a pasted key (blank keeps the saved one) with the address. */
  async saveKey(pasted: string): Promise<void> {
    const key = pasted.trim() || this.key;
    await this.deps.save(key ? { analyticsHost: this.analyticsHost, key } : null);
    runInAction(() => {
      this.key = key;
      this.maskedKey = key ? maskKey(key) : '';
      this.error = '';
    });
  }

  async forgetKey(): Promise<void> {
    await this.deps.save(null);
    runInAction(() => {
      this.key = '';
      this.maskedKey = '';
      this.comparison = null;
    });
  }

  /** The query for `shopId` and `visitorId` with the saved key and address, or why there is none, in words. */
  serviceQuery(shopId: string, visitorId: string): ServiceQuery | string {
    if (!this.key) return 'paste a read key first (under Ground truth)';
    if (!shopId.trim()) return 'name the shop (its tenant id)';
    if (!visitorId.trim()) return 'name the visitor (their visitor id)';
    return { analyticsHost: this.analyticsHost, key: this.key, shopId: shopId.trim(), visitorId: visitorId.trim() };
  }

  /** Compares the panel's events of the shop and visitor with what the service stored. */
  async compare(buffer: TabBuffer, shopId: string | null, visitorId: string | null): Promise<void> {
    const why = !this.key
      ? 'paste a read key first'
      : !shopId
        ? 'no shop is known on this tab yet'
        : !visitorId
          ? 'no visitor is known on this tab yet (the session has not started)'
          : '';
    if (why || !shopId || !visitorId) return runInAction(() => void (this.error = why));
    const query: ServiceQuery = { analyticsHost: this.analyticsHost, key: this.key, shopId, visitorId };
    runInAction(() => {
      this.busy = true;
      this.error = '';
    });
    try {
      const stored = await fetchStoredEvents(this.deps.fetch, query);
      runInAction(() => {
        if (typeof stored === 'string') {
          this.error = stored;
          this.comparison = null;
        } else this.comparison = compareEvents(panelEventsOf(buffer, shopId), stored, query);
      });
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
