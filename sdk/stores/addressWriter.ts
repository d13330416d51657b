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
 * Writes the address after the next paint: a history update costs a slow phone milliseconds the click's
 * answer does not need. A waiting write keeps history's entries the same as writing at once would.
 */
export class AddressWriter {
  private pending: (AddressContent & { mode: 'push' | 'replace'; from: string }) | null = null;

  constructor(
    private readonly env: Pick<StoreEnv, 'host' | 'afterPaint'>,
    private readonly defaultPageSize: number,
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

  /** The listing's address on this page. */
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

  /** Writes now, unless the address moved meanwhile: the newer address is the shopper's. */
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
