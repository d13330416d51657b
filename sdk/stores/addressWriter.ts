import { addressShows, listingQuery } from '../core/query.js';
import type { Vehicle } from '../core/searchRequest.js';
import type { UrlState } from '../core/types.js';
import type { StoreEnv } from '../ports/env.js';

/** What a listing address says: the state and the vehicle it is narrowed to. */
export interface AddressContent {
  state: UrlState;
  vehicle: Vehicle | null;
}

/**
 * Puts a listing's state into the address once the frame now being prepared has been painted: a
 * history update costs a slow phone several milliseconds the click's answer does not need. A
 * replacement folds into a waiting write (which then writes the newer content); a push lets a waiting
 * write go first, so history gets the same entries as when each is written at once.
 */
export class AddressWriter {
  /** The write waiting for the next paint, and the address it is meant to replace. */
  private pending: (AddressContent & { mode: 'push' | 'replace'; from: string }) | null = null;

  constructor(
    private readonly env: Pick<StoreEnv, 'host' | 'afterPaint'>,
    private readonly defaultPageSize: number,
    /** What the address is to say now (read when a write is asked for). */
    private readonly current: () => AddressContent,
  ) {}

  write(mode: 'push' | 'replace'): void {
    const content = this.current();
    if (this.pending && mode === 'replace') {
      Object.assign(this.pending, content);
      return;
    }
    this.flush();
    this.pending = { mode, from: this.env.host.location().href, ...content };
    this.env.afterPaint(() => this.flush());
  }

  /** The address of the listing in `content` on this page (a real link, so that crawlers reach it). */
  hrefOf(content: AddressContent): string {
    const { pathname, search } = this.env.host.location();
    return `${pathname}${listingQuery(search, content.state, content.vehicle, this.defaultPageSize)}`;
  }

  /** Replaces the address with what is shown when the two differ (a write still waiting goes first). */
  keepInStep(vehicleSelector: boolean): void {
    this.flush();
    const opts = { defaultPageSize: this.defaultPageSize, vehicleSelector };
    if (!addressShows(this.env.host.location().search, this.current(), opts)) this.write('replace');
  }

  /**
   * Writes the waiting address now. When the address moved meanwhile (Back, Forward, the retailer's
   * router), the write is dropped: the newer address is the shopper's, and the listing follows it.
   */
  flush(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    const { pathname, search, href } = this.env.host.location();
    if (href !== pending.from) return;
    const query = listingQuery(search, pending.state, pending.vehicle, this.defaultPageSize);
    this.env.host.writeUrl(`${pathname}${query}`, pending.mode);
  }
}
