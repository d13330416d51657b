import { action, makeObservable, observable, runInAction, when } from 'mobx';
import type { CardSlots } from '../contract.js';
import { localeOf, messagesOf, regionOf, type Messages } from '../core/messages.js';
import { readRenderContext } from '../core/normalize.js';
import { pageFromPath, searchUrl } from '../core/searchRequest.js';
import type { Locale, PageRoute, Region, RenderContext, SitemapData } from '../core/types.js';
import { Cues } from './Cues.js';
import { DlpStore } from './DlpStore.js';
import { DrawerStore } from './DrawerStore.js';
import type { StoreEnv } from '../ports/env.js';
import { SearchStore } from './SearchStore.js';
import { Tracker } from './Tracker.js';
import { FeatureFlags } from './FeatureFlags.js';
import { ViewportStore } from './ViewportStore.js';
import type { LinkClick } from './clickWait.js';
import { safeHref } from '../core/safeUrl.js';
import { ListingRestore, planRestore, readRestoreRecord, type RestoreRecord } from './restore.js';
import { followProductClick, type ProductClick } from './productClick.js';
import { responseOf, routeFor, sitemapOf, unreachable, type ScreenFailure, type Visit } from './screens.js';
import { requestSitemap } from './sitemapLoad.js';

export type { ScreenFailure, Visit } from './screens.js';
export { sitemapRequest } from './sitemapLoad.js';

/** One store per concern over the injected environment; shows another Aisle route in place, without a page load. */
export class RootStore {
  context: RenderContext;
  route: PageRoute;
  search: SearchStore;
  dlp: DlpStore;
  sitemap: SitemapData | null;
  sitemapLoading = false;
  readonly drawer: DrawerStore;
  readonly viewport: ViewportStore;
  /** Analytics intents, forwarded once the session is loaded, each after the paint that follows it. */
  readonly tracker: Tracker;
  readonly flags = new FeatureFlags();
  private readonly visitListeners = new Set<(visit: Visit) => void>();
  private navigation = 0;
  private sitemapController: AbortController | null = null;
  /** The path of the screen on show (the address may change before the screen does). */
  private routePath: string;
  /** Where a shopper who came back to this listing was, waiting for the restored grid; else null. */
  restore: ListingRestore | null;
  /** Focus for the screen shown by an in-place move (its heading), so a keyboard user does not start from the top. */
  readonly cues = new Cues();
  /** True while the screen is the adopted server render: late parts (the SEO text) keep the server's content. */
  serverMarkup = false;
  private adoptionWaiters: Array<() => void> | null | undefined = null;
  cardSlots: CardSlots | null = null;

  constructor(
    readonly env: StoreEnv,
    context: RenderContext,
    viewportWidth: number,
  ) {
    this.context = context;
    this.tracker = new Tracker((run) => env.afterPaint(run));
    this.drawer = new DrawerStore(env.timers);
    this.viewport = new ViewportStore(viewportWidth);
    const location = env.host.location();
    this.routePath = location.pathname;
    this.route = routeFor(location.pathname, context);
    // The visit comes first: the listing's own events belong to this page.
    this.firstVisit = { routeName: this.route.screen, url: location.href, redirectedFrom: null };
    void this.tracker.track({ kind: 'visit', ...this.firstVisit });
    this.search = new SearchStore(env, responseOf(context));
    const record =
      this.route.screen === 'dlp'
        ? planRestore(readRestoreRecord(env.host.entryMemory?.()), location, env.host.arrival?.() ?? 'unknown')
        : null;
    this.restore = record ? new ListingRestore(record, env.timers) : null;
    // A restored entry's results were reported before the shopper left: not a second time.
    this.dlp = new DlpStore(env, context, this.route.page, this.search, this.tracker, { resultsReported: !!record });
    if (this.route.screen === 'dlp') this.dlp.loadMissingPages();
    this.sitemap = sitemapOf(context, this.route);
    makeObservable<RootStore>(this, {
      context: observable.ref,
      route: observable.ref,
      search: observable.ref,
      dlp: observable.ref,
      sitemap: observable.ref,
      sitemapLoading: observable,
      restore: observable.ref,
      cardSlots: observable.ref,
      setCardSlots: action,
    });
  }

  /** Runs `run` once the server markup is adopted whole (sections below the grid wait for their code). */
  afterAdoption(run: () => void): void {
    const data = this.search.response;
    const waits = this.serverMarkup && !this.sitemap && !!data && !data.pageNotFound;
    if (!waits || this.adoptionWaiters === undefined) return run();
    (this.adoptionWaiters ??= []).push(run);
  }

  /** Said by the listing's sections below the grid once adopted: what waited for them runs now. */
  adoptedWhole(): void {
    const waiting = this.adoptionWaiters ?? [];
    this.adoptionWaiters = undefined;
    for (const run of waiting) run();
  }

  /** Takes the shop's card slots (`Aisle.setCardSlots`), which every card draws. */
  setCardSlots(slots: CardSlots | null): void {
    this.cardSlots = slots;
  }

  /** True when the screen of the route has its data (a listing, a not-found page or a sitemap). */
  get hasScreen(): boolean {
    return this.sitemap !== null || this.search.response !== null;
  }

  /** Loads what a route without data needs; null once there is something to show, else why not. */
  async loadScreen(): Promise<ScreenFailure | null> {
    if (this.hasScreen) return null;
    if (this.route.screen === 'vsm') return this.loadSitemap();
    const search = this.search;
    await this.dlp.loadFirst();
    // A refused address falls back to the default listing with a second search: wait for it too.
    await when(() => !search.loading);
    if (search.response) return null;
    const url = searchUrl(this.context, 'search');
    const status = search.lastStatus;
    return { url, reason: status !== null ? `the search answered HTTP ${status}` : unreachable('search') };
  }

  /** Loads the VSM page's sitemap; null when it loaded. */
  async loadSitemap(): Promise<ScreenFailure | null> {
    this.sitemapController?.abort();
    const controller = new AbortController();
    this.sitemapController = controller;
    runInAction(() => (this.sitemapLoading = true));
    let outcome;
    try {
      outcome = await requestSitemap(this.env, this.context, this.route.page, controller.signal, (data) =>
        runInAction(() => (this.sitemap = data)),
      );
    } finally {
      if (this.sitemapController === controller) {
        this.sitemapController = null;
        runInAction(() => (this.sitemapLoading = false));
      }
    }
    if (outcome.ok) return null;
    if (!outcome.aborted) this.env.log.error(`[Aisle] the sitemap could not load: ${outcome.failure.reason}`);
    return outcome.failure;
  }

  get locale(): Locale {
    return localeOf(this.context);
  }

  get messages(): Messages {
    return messagesOf(this.context);
  }

  /** The region shoppers are in (`additional.region`, else the tenant's). */
  get region(): Region {
    return regionOf(this.context);
  }

  /** Calls `listener` after every navigation to a different path, and now for the first page. */
  onVisit(listener: (visit: Visit) => void): () => void {
    this.visitListeners.add(listener);
    listener(this.firstVisit);
    return () => this.visitListeners.delete(listener);
  }

  /** A plain product click waits up to 2 s for its tracking; true when the caller must prevent the navigation. */
  productClick(click: ProductClick, event: LinkClick): boolean {
    const href = safeHref(click.product.url, this.env.host.location().href);
    // Back from the product page reloads the listing from the address: it must say what is shown.
    if (this.route.screen === 'dlp') this.dlp.keepAddressInStep();
    return followProductClick(this.env, this.tracker, click, href, event);
  }

  /** Shows another Aisle route of this tenant in place; anything else is the browser's. True when Aisle showed it. */
  async navigate(href: string, mode: 'push' | 'pop' = 'push'): Promise<boolean> {
    const here = this.env.host.location();
    const target = new URL(href, here.href);
    const route = target.origin === here.origin ? pageFromPath(target.pathname, this.context.config.base) : null;
    if (!route) {
      if (mode === 'push') this.env.host.navigate(target.href);
      return false;
    }
    // On back/forward the address has already changed: compare with the screen on show.
    const from = this.routePath;
    const relative = `${target.pathname}${target.search}${target.hash}`;
    if (target.pathname === from) {
      if (mode === 'push') this.env.host.writeUrl(relative, 'push');
      if (this.route.screen === 'dlp') this.dlp.restoreFromUrl();
      return true;
    }
    const ticket = ++this.navigation;
    const page = await this.env.host.loadPage(target.href);
    if (ticket !== this.navigation) return false;
    const read = page ? readRenderContext(page.context) : null;
    if (!page || !read?.ok || read.context.config.id !== this.context.config.id) {
      // The host does not allow an in-place move: let the browser load the page.
      if (mode === 'push') this.env.host.navigate(target.href);
      else this.env.host.navigate(this.env.host.location().href);
      return false;
    }
    if (mode === 'push') this.env.host.writeUrl(relative, 'push');
    // Back to a listing the shopper left in place: its entry remembers where they were.
    const record =
      mode === 'pop'
        ? planRestore(readRestoreRecord(this.env.host.entryMemory?.()), this.env.host.location(), 'back_forward')
        : null;
    this.arrivedBy = mode === 'pop' ? 'back_forward' : 'link';
    const restoring = this.show(read.context, record);
    if (page.head) this.env.host.setHead(page.head);
    if (!restoring) {
      this.env.host.scrollToTop();
      this.cues.requestFocus('heading');
    }
    this.visit({ routeName: this.route.screen, url: this.env.host.location().href, redirectedFrom: from });
    return true;
  }

  /** True when `href` is another Aisle route of this tenant on this origin (shown in place). */
  handlesLink(href: string): boolean {
    try {
      const here = this.env.host.location();
      const target = new URL(href, here.href);
      return target.origin === here.origin && pageFromPath(target.pathname, this.context.config.base) !== null;
    } catch {
      return false;
    }
  }

  /** Back and forward: another path changes the screen; the same path reloads the listing. */
  onPopState(): void {
    const { pathname, href } = this.env.host.location();
    if (pathname !== this.routePath) void this.navigate(href, 'pop');
    else if (this.route.screen === 'dlp') this.dlp.restoreFromUrl();
  }

  /** Stops everything pending. */
  dispose(): void {
    this.restore?.giveWay();
    this.navigation++;
    this.sitemapController?.abort();
    this.search.abort();
    this.drawer.dispose();
  }

  /** The visit of the page Aisle mounted on. */
  readonly firstVisit: Visit;

  /** By a link (a new listing view) or Back/Forward (the view left there goes on); set before the route changes. */
  arrivedBy: 'link' | 'back_forward' = 'link';

  private visit(visit: Visit): void {
    void this.tracker.track({ kind: 'visit', ...visit });
    this.visitListeners.forEach((listener) => listener(visit));
  }

  /** Shows another page's screen; returns true when it restores a remembered place (`record`). */
  private show(context: RenderContext, record: RestoreRecord | null = null): boolean {
    const route = routeFor(this.env.host.location().pathname, context);
    this.search.abort();
    this.sitemapController?.abort();
    this.restore?.giveWay();
    const restore = record && route.screen === 'dlp' ? new ListingRestore(record, this.env.timers) : null;
    const search = new SearchStore(this.env, responseOf(context));
    const dlp = new DlpStore(this.env, context, route.page, search, this.tracker, { resultsReported: !!restore });
    // The new screen is drawn by the app alone: nothing of it came from the server.
    this.serverMarkup = false;
    runInAction(() => {
      this.restore = restore;
      this.context = context;
      this.route = route;
      this.search = search;
      this.dlp = dlp;
      this.sitemap = sitemapOf(context, route);
    });
    this.routePath = this.env.host.location().pathname;
    if (route.screen === 'dlp') dlp.loadMissingPages();
    if (this.hasScreen) return !!restore;
    const ticket = this.navigation;
    void this.loadScreen().then((failure) => {
      // A page Aisle cannot fill is the retailer's to show: the browser loads it the ordinary way.
      if (failure && ticket === this.navigation && !this.hasScreen)
        this.env.host.navigate(this.env.host.location().href);
    });
    return !!restore;
  }
}
