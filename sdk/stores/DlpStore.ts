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

type HistoryMode = 'push' | 'replace' | 'none';

/** The DLP's state machine; the address bar and the search body are both derived from `state`. */
export class DlpStore {
  state: UrlState;
  vehicle: Vehicle | null;
  readonly defaultPageSize: number;
  /** After a load-more that added nothing: a backend whose counts promise more cannot make Aisle ask again and again. */
  stalled = false;
  failedUpdate = false;
  pageCorrection: { asked: number; shown: number } | null = null;
  /** What the response on show was asked with: a failed search puts the controls back to it. */
  private shown: AddressContent;
  private readonly address: AddressWriter;
  /** Only the reply to the latest commit settles the state. */
  private ticket = 0;
  readonly cues = new Cues();
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

  get data(): SearchResponse | null {
    return this.search.response;
  }

  get infinite(): boolean {
    return this.context.config.infiniteLoading;
  }

  get selectedCount(): number {
    return t.selectedFilterCount(this.state);
  }

  get canLoadMore(): boolean {
    const payload = this.data?.payload;
    return !this.stalled && !!payload && payload.shown < payload.filtered;
  }

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

  /** A real link, so that crawlers reach every page. */
  pageHref(pageNumber: number): string {
    return this.address.hrefOf({ state: t.setPage(this.state, pageNumber), vehicle: this.vehicle });
  }

  /** Puts the listing on show back into the address: a shopper leaving for a product page must come back to what they saw. */
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

  goToPage(pageNumber: number): void {
    if (pageNumber === this.state.pageNumber || pageNumber < 1 || pageNumber > this.pageCount) return;
    this.commit(t.setPage(this.state, pageNumber));
    this.env.host.scrollToTop();
    this.cues.requestFocus('heading');
  }

  /** Called when the sentinel is 20 % visible. */
  loadMore(): void {
    const payload = this.data?.payload;
    if (this.search.loading || !payload || this.stalled) return;
    const next = t.infiniteNextPage(payload.shown, this.state.pageSize, payload.filtered);
    if (next === null) return;
    this.commit(t.setPage(this.state, next), { history: 'replace', refresh: false, append: true });
  }

  /**
   * Asks at once for the pages an infinite listing's address names but its page did not bring;
   * appended, so a shopper who scrolled keeps their place and a restore waits for them.
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

  loadAll(): void {
    const filtered = this.data?.payload.filtered ?? 0;
    if (filtered === 0) return;
    this.commit(t.loadAll(this.state, { infinite: this.infinite, filtered }), {
      refresh: this.infinite ? false : true,
    });
  }

  setVehicle(vehicle: Vehicle | null): void {
    this.vehicle = this.context.config.vehicleSelector ? vehicle : null;
    this.commit(t.setPage(this.state, 1));
  }

  /** Back and forward reload the state from the address, unless the tenant says not to. */
  restoreFromUrl(): void {
    if (this.context.config.backButtonReload === false) return;
    const search = this.env.host.location().search;
    this.vehicle = this.context.config.vehicleSelector ? vehicleFromQuery(search) : null;
    this.commit(parseUrlState(search, { pageSize: this.defaultPageSize }), { history: 'none' });
  }

  /** The first search without data; an address the search refuses falls back to the default state, not an empty page. */
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

  private reconcile(): void {
    const data = this.search.response;
    const next = data ? reconcileWithResponse(this.state, data, this.defaultPageSize) : this.state;
    if (next === this.state) return;
    this.state = next;
    this.address.write('replace');
  }

  /** `append`: a request for more of an infinite list. */
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

  private changeFilters(next: UrlState): void {
    if (this.search.loading) return;
    for (const change of t.filterChanges(this.state, next)) void this.tracker.track({ kind: 'filter', ...change });
    // The chip or Clear Filters button the shopper used may vanish with the change.
    this.cues.requestFocus('results');
    this.commit(next);
  }

  /** A page past the end (an old bookmark) shows the last page instead, corrects the address and says so. */
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

  /** Unless shown, state and address go back to what is shown: the controls never claim a selection the results lack. */
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
