import { makeAutoObservable, observable } from 'mobx';
import { listingSearch, type Vehicle } from '../core/searchRequest.js';
import * as t from '../core/transitions.js';
import type { RenderContext, SearchResponse, UrlState } from '../core/types.js';
import { defaultUrlState, parseUrlState, reconcileWithResponse, resolveDefaultPageSize } from '../core/urlState.js';
import { initialVehicle, vehicleFromQuery } from '../core/query.js';
import { AddressWriter, type AddressContent } from './addressWriter.js';
import { Cues } from './Cues.js';
import { ResultsNotices } from './ResultsNotices.js';
import type { StoreEnv } from '../ports/env.js';
import type { SearchOutcome, SearchStore } from './SearchStore.js';
import type { Tracker } from './Tracker.js';

/** How a state change reaches the address bar. */
type HistoryMode = 'push' | 'replace' | 'none';

/**
 * The DLP's state machine: URL state, the transitions the shopper makes, and
 * the search each one triggers. The address bar and the search body are both derived from `state`.
 */
export class DlpStore {
  state: UrlState;
  /** The vehicle the listing is narrowed to (auto-parts tenants), or null. */
  vehicle: Vehicle | null;
  readonly defaultPageSize: number;
  /**
   * True after a request for more of an infinite list added nothing (or failed): no further one is
   * made until the shopper changes the listing, so a backend whose counts promise more than it
   * sends cannot make Aisle ask again and again.
   */
  stalled = false;
  /** True while the last search after a shopper action failed and the previous results are shown. */
  failedUpdate = false;
  /** Set when the page asked for lay past the end of a paged listing and another one is shown instead. */
  pageCorrection: { asked: number; shown: number } | null = null;
  /** The state and vehicle the response on show was asked with; on a failed search the controls go back to it. */
  private shown: AddressContent;
  /** Writes the state into the address after the paint that answers a change (see addressWriter.ts). */
  private readonly address: AddressWriter;
  /** Counts commits, so that only the reply to the latest one settles the state. */
  private ticket = 0;
  /** The announcement and focus a change of the listing calls for. */
  readonly cues = new Cues();
  /** What a response on show tells analytics, the shopper and the page. */
  private readonly notices: ResultsNotices;

  constructor(
    private readonly env: StoreEnv,
    readonly context: RenderContext,
    readonly page: string,
    private readonly search: SearchStore,
    private readonly tracker: Tracker,
    opts: { resultsReported?: boolean } = {},
  ) {
    this.notices = new ResultsNotices(env, context, page, search, tracker, this.cues, opts.resultsReported === true);
    this.defaultPageSize = resolveDefaultPageSize(context.additional, context.config);
    this.address = new AddressWriter(env, this.defaultPageSize, () => ({ state: this.state, vehicle: this.vehicle }));
    this.state = parseUrlState(env.host.location().search, { pageSize: this.defaultPageSize });
    this.vehicle = initialVehicle(env.host.location().search, context);
    if (search.response) this.reconcile();
    this.shown = { state: this.state, vehicle: this.vehicle };
    // State is replaced whole by pure transitions, so it is observed by reference.
    makeAutoObservable<DlpStore, 'env' | 'search' | 'tracker' | 'shown' | 'ticket' | 'notices' | 'address'>(this, {
      tracker: false,
      notices: false,
      cues: false,
      vehicle: observable.ref,
      state: observable.ref,
      env: false,
      search: false,
      context: false,
      shown: false,
      ticket: false,
      address: false,
      pageCorrection: observable.ref,
    });
    // Data that came with the page may be a page past the end too: that one is not a display to report.
    if (search.response && !this.correctPastEnd()) this.notices.report(this.state, search.response.latency_ms);
  }

  /** The response on screen, or null before the first one. */
  get data(): SearchResponse | null {
    return this.search.response;
  }

  get infinite(): boolean {
    return this.context.config.infiniteLoading;
  }

  /** Number of selected filters, for the All Filters button. */
  get selectedCount(): number {
    return t.selectedFilterCount(this.state);
  }

  /** True when some filtered items are not shown yet (infinite mode) and the last attempt added some. */
  get canLoadMore(): boolean {
    const payload = this.data?.payload;
    return !this.stalled && !!payload && payload.shown < payload.filtered;
  }

  /** Number of pages in paged mode. */
  get pageCount(): number {
    const filtered = this.data?.payload.filtered ?? 0;
    return Math.max(1, Math.ceil(filtered / this.state.pageSize));
  }

  toggleFilter(key: string, value: string): void {
    this.changeFilters(t.toggleFilter(this.state, key, value));
  }

  replaceFilter(key: string, values: string[]): void {
    this.changeFilters(t.replaceFilter(this.state, key, values));
  }

  removeFilter(key: string): void {
    this.changeFilters(t.removeFilter(this.state, key));
  }

  setPriceRange(key: string, range: [number, number] | null): void {
    this.changeFilters(t.setPriceRange(this.state, key, range));
  }

  clearFilters(): void {
    this.changeFilters(t.clearFilters(this.state));
  }

  /** The address of page `pageNumber` of this listing (a real link, so that crawlers reach every page). */
  pageHref(pageNumber: number): string {
    return this.address.hrefOf({ state: t.setPage(this.state, pageNumber), vehicle: this.vehicle });
  }

  /**
   * Puts the listing on show back into the address (replacing it) when the two differ: for a tenant
   * whose back button does not reload, Back within the listing changes the address but not the
   * listing, and a shopper leaving for a product page must come back to what they saw.
   */
  keepAddressInStep(): void {
    this.address.keepInStep(!!this.context.config.vehicleSelector);
  }

  setSort(sort: string): void {
    void this.tracker.track({ kind: 'sort', sort });
    this.commit(t.setSort(this.state, sort));
  }

  clearSort(): void {
    const listingDefault = this.data?.sort_options[0]?.key ?? '';
    void this.tracker.track({ kind: 'sort', sort: listingDefault });
    this.commit(t.clearSort(this.state));
  }

  toggleAttribute(attribute: string): void {
    this.commit(t.toggleAttribute(this.state, attribute));
  }

  setPageSize(size: number): void {
    this.commit(t.setPageSize(this.state, size));
  }

  /** Pagination: a different page is loaded and the view scrolls to the top. */
  goToPage(pageNumber: number): void {
    if (pageNumber === this.state.pageNumber || pageNumber < 1 || pageNumber > this.pageCount) return;
    this.commit(t.setPage(this.state, pageNumber));
    this.env.host.scrollToTop();
    this.cues.requestFocus('heading');
  }

  /** Infinite load: called when the sentinel is 20 % visible. */
  loadMore(): void {
    const payload = this.data?.payload;
    if (this.search.loading || !payload || this.stalled) return;
    const next = t.infiniteNextPage(payload.shown, this.state.pageSize, payload.filtered);
    if (next === null) return;
    this.commit(t.setPage(this.state, next), { history: 'replace', refresh: false, append: true });
  }

  /**
   * An infinite listing whose page came with fewer results than its address asks for (a host page
   * that embeds its first page whatever `pageNumber` says) asks for the rest at once. They are
   * added below what is shown, so a shopper who scrolled keeps their place, and a restore waits for
   * them rather than landing short of the card the shopper had opened.
   */
  loadMissingPages(): void {
    const data = this.data;
    if (!this.infinite || !data || this.search.loading) return;
    if (!t.infiniteShortfall(this.state, data.payload.filtered, data.products.length)) return;
    const ticket = ++this.ticket;
    // Not a change the shopper made: nothing to announce.
    void this.load(false, true, false).then((outcome) => {
      if (ticket === this.ticket) this.settle(outcome, true);
    });
  }

  /** Load-all: every filtered item, as one big page or up to the last infinite page. */
  loadAll(): void {
    const filtered = this.data?.payload.filtered ?? 0;
    if (filtered === 0) return;
    this.commit(t.loadAll(this.state, { infinite: this.infinite, filtered }), {
      refresh: this.infinite ? false : true,
    });
  }

  /** Narrows the listing to the parts that fit `vehicle` (null shows every part again). */
  setVehicle(vehicle: Vehicle | null): void {
    this.vehicle = this.context.config.vehicleSelector ? vehicle : null;
    this.commit(t.setPage(this.state, 1));
  }

  /** Back and forward: reload the state from the address, unless the tenant says not to. */
  restoreFromUrl(): void {
    if (this.context.config.backButtonReload === false) return;
    const search = this.env.host.location().search;
    this.vehicle = this.context.config.vehicleSelector ? vehicleFromQuery(search) : null;
    this.commit(parseUrlState(search, { pageSize: this.defaultPageSize }), { history: 'none' });
  }

  /**
   * The first search when the render context came without data. If the address asked for
   * something the search refuses, the listing falls back to its default state rather than
   * staying empty.
   */
  async loadFirst(): Promise<boolean> {
    // The first listing is not a change the shopper made: nothing to announce.
    const outcome = await this.load(true, false, false);
    if (outcome === 'replaced') {
      this.reconcile();
      this.shown = { state: this.state, vehicle: this.vehicle };
      return true;
    }
    // A shopper action overtook the first search: its own search is the one that counts.
    if (outcome === 'superseded') return false;
    const fallback = defaultUrlState({ pageSize: this.defaultPageSize });
    if (this.search.response || JSON.stringify(fallback) === JSON.stringify(this.state)) return false;
    this.commit(fallback, { history: 'replace' });
    return true;
  }

  /** Drops from the state what the listing does not know (a stale or hand-edited URL). */
  private reconcile(): void {
    const data = this.search.response;
    const next = data ? reconcileWithResponse(this.state, data, this.defaultPageSize) : this.state;
    if (next === this.state) return;
    this.state = next;
    this.address.write('replace');
  }

  /** Sends the search for the current state (`append`: a request for more of an infinite list). */
  load(refresh = true, append = false, announce = true): Promise<SearchOutcome> {
    const { url, request } = listingSearch(this.context, this.state, this.page, this.vehicle);
    return this.search.search(url, request, { refresh, append }).then((outcome) => {
      // The page past the end is not shown for long: the search for the last page supersedes it.
      if (outcome === 'replaced' && this.correctPastEnd()) return 'superseded';
      const say = announce ? (append ? 'progress' : 'count') : null;
      if (outcome === 'replaced') this.notices.shown(this.state, this.search.lastLatencyMs ?? 0, say);
      return outcome;
    });
  }

  /** A filter change (none while a search runs): an analytics event per value added or removed, then the search. */
  private changeFilters(next: UrlState): void {
    if (this.search.loading) return;
    for (const change of t.filterChanges(this.state, next)) void this.tracker.track({ kind: 'filter', ...change });
    // The chip or Clear Filters button the shopper used may vanish with the change.
    this.cues.requestFocus('results');
    this.commit(next);
  }

  /**
   * A paged listing asked for a page past its end (an old bookmark, a crawler's link) and got none of
   * its items: it shows its last page instead (page 1 when the reply gives no count), corrects the
   * address in place and says so. True when it did.
   */
  private correctPastEnd(): boolean {
    const data = this.search.response;
    if (this.infinite || !data) return false;
    const { products, payload, pageNotFound } = data;
    const page = t.pageWithinEnd(this.state, { received: products.length, filtered: payload.filtered, pageNotFound });
    if (page === null) return false;
    const asked = this.pageCorrection?.asked ?? this.state.pageNumber;
    this.commit(t.setPage(this.state, page), { history: 'replace' });
    this.pageCorrection = { asked, shown: page };
    return true;
  }

  private commit(next: UrlState, opts: { history?: HistoryMode; refresh?: boolean; append?: boolean } = {}): void {
    this.state = next;
    this.pageCorrection = null;
    this.notices.expectNew();
    // A change the shopper made may list something else entirely: worth asking again.
    if (!opts.append) this.stalled = false;
    const mode = opts.history ?? (this.context.config.searchRouterReplaceState ? 'replace' : 'push');
    if (mode !== 'none') this.address.write(mode);
    const ticket = ++this.ticket;
    void this.load(opts.refresh ?? true, opts.append ?? false).then((outcome) => {
      if (ticket === this.ticket) this.settle(outcome, opts.append ?? false);
    });
  }

  /**
   * After the reply to the latest commit: a shown response records its query; otherwise the state,
   * vehicle and address go back to the query of what is still shown, so the URL, chips and filter
   * controls never claim a selection the results do not reflect.
   */
  private settle(outcome: SearchOutcome, append: boolean): void {
    if (outcome === 'superseded') return;
    if (outcome === 'replaced') {
      this.shown = { state: this.state, vehicle: this.vehicle };
      this.failedUpdate = false;
      return;
    }
    if (append) this.stalled = true;
    if (!this.search.response) return;
    // Only a failure is worth telling: a load-more that brought nothing new leaves the page as it was.
    if (outcome === 'failed') this.failedUpdate = true;
    if (this.state === this.shown.state && this.vehicle === this.shown.vehicle) return;
    this.state = this.shown.state;
    this.vehicle = this.shown.vehicle;
    this.address.write('replace');
  }
}
