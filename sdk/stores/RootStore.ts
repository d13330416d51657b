import { makeObservable, observable, runInAction, when } from 'mobx';
import { DEBUG_EVENT } from '../contract.js';
import { localeOf, messagesFor, regionOf, type Messages } from '../core/messages.js';
import { isSitemapShape, normalizeSitemap, readRenderContext } from '../core/normalize.js';
import { buildSearchRequest, pageFromPath, searchUrl } from '../core/searchRequest.js';
import { defaultUrlState, resolveDefaultPageSize } from '../core/urlState.js';
import type { Locale, PageRoute, Product, Region, RenderContext, SearchResponse, SitemapData } from '../core/types.js';
import { Cues } from './Cues.js';
import { DlpStore } from './DlpStore.js';
import { DrawerStore } from './DrawerStore.js';
import type { StoreEnv } from '../ports/env.js';
import { SearchStore } from './SearchStore.js';
import { Tracker } from './Tracker.js';
import { FeatureFlags } from './FeatureFlags.js';
import { ViewportStore } from './ViewportStore.js';
import { trackThenNavigate, type LinkClick } from './clickWait.js';
import { safeHref } from '../core/safeUrl.js';
import { ListingRestore, planRestore, readRestoreRecord, type RestoreRecord } from './restore.js';

/** A navigation to a different path: what the visit event reports. */
export interface Visit {
  /** The route name: 'dlp' or 'vsm'. */
  routeName: string;
  url: string;
  /** The path navigated from, or null on the first page. */
  redirectedFrom: string | null;
}

/**
 * Composes one store per concern over the injected environment, and moves
 * between screens: a link to another Aisle route on the same site is shown without a full page
 * load by reading that page's render context, and back/forward restore the right screen.
 */
export class RootStore {
  context: RenderContext;
  route: PageRoute;
  search: SearchStore;
  dlp: DlpStore;
  /** The sitemap shown on the VSM route, or null on a DLP. */
  sitemap: SitemapData | null;
  /** True while the sitemap of a VSM page that came without data loads. */
  sitemapLoading = false;
  readonly drawer: DrawerStore;
  readonly viewport: ViewportStore;
  /** Analytics intents, forwarded once the session is loaded (see sdk/analytics/wire.ts). */
  readonly tracker = new Tracker();
  /** Feature flags, filled by the experiments client once loaded (see sdk/integrations/experiments.ts). */
  readonly flags = new FeatureFlags();
  private readonly visitListeners = new Set<(visit: Visit) => void>();
  private navigation = 0;
  private sitemapController: AbortController | null = null;
  /** The path of the screen on show (the address may change before the screen does). */
  private routePath: string;
  /**
   * The shopper came back to this listing (back, forward or reload of the same entry, or Back to a
   * listing left by an in-place move): where they were waits here for the restored grid (see
   * sdk/host/scrollRestore.ts); null otherwise.
   */
  restore: ListingRestore | null;
  /** Focus for the screen shown by an in-place move (its heading), so a keyboard user does not start from the top. */
  readonly cues = new Cues();

  constructor(
    readonly env: StoreEnv,
    context: RenderContext,
    viewportWidth: number,
  ) {
    this.context = context;
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
    // The visit above is a new page view; the results, though, are the ones this entry showed and
    // reported before the shopper left, so they are not reported a second time.
    this.dlp = new DlpStore(env, context, this.route.page, this.search, this.tracker, { resultsReported: !!record });
    this.sitemap = sitemapOf(context, this.route);
    makeObservable<RootStore>(this, {
      context: observable.ref,
      route: observable.ref,
      search: observable.ref,
      dlp: observable.ref,
      sitemap: observable.ref,
      sitemapLoading: observable,
      restore: observable.ref,
    });
  }

  /** True when the screen of the route has its data (a listing, a not-found page or a sitemap). */
  get hasScreen(): boolean {
    return this.sitemap !== null || this.search.response !== null;
  }

  /**
   * Loads what the route needs when the page came without data: the sitemap on a VSM route, the
   * first search on a DLP. Resolves with null once there is something to show, else with why not.
   */
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

  /** `POST {search host or proxy base}/sitemap` for the VSM page on show; null when it loaded. */
  async loadSitemap(): Promise<ScreenFailure | null> {
    this.sitemapController?.abort();
    const controller = new AbortController();
    this.sitemapController = controller;
    const url = searchUrl(this.context, 'sitemap');
    const body = sitemapRequest(this.context, this.route.page);
    const started = this.env.now();
    const debug = (phase: string, detail: Record<string, unknown>): void =>
      this.env.host.dispatch(DEBUG_EVENT, { source: 'search', phase, at: this.env.now(), url, ...detail });
    runInAction(() => (this.sitemapLoading = true));
    debug('request', { body });
    let failure: ScreenFailure | null;
    try {
      const answer = await this.env.transport.request(url, { method: 'POST', body, signal: controller.signal });
      const latencyMs = Math.round(this.env.now() - started);
      const data = answer.ok ? normalizeSitemap(answer.json) : null;
      if (controller.signal.aborted) return { url, reason: 'the page changed while its sitemap loaded' };
      if (data) {
        runInAction(() => (this.sitemap = data));
        debug('response', { status: answer.status, latencyMs });
        return null;
      }
      failure = {
        url,
        reason: answer.ok ? 'the sitemap reply is not sitemap data' : `the sitemap answered HTTP ${answer.status}`,
      };
      debug('error', { status: answer.status, latencyMs, error: failure.reason });
    } catch (error) {
      if (controller.signal.aborted) return { url, reason: 'the page changed while its sitemap loaded' };
      failure = { url, reason: unreachable('sitemap') };
      debug('error', { error: `${failure.reason}: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      if (this.sitemapController === controller) {
        this.sitemapController = null;
        runInAction(() => (this.sitemapLoading = false));
      }
    }
    this.env.log.error(`[Aisle] the sitemap could not load: ${failure.reason}`);
    return failure;
  }

  get locale(): Locale {
    return localeOf(this.context);
  }

  get messages(): Messages {
    return messagesFor(this.locale);
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

  /**
   * A product link click: tracked, and a plain click waits up to 2 s for the
   * tracking before navigating. Returns true when the caller must prevent the browser's own
   * navigation (Aisle navigates once tracking settles).
   */
  productClick(
    click: {
      product: Product;
      variantId: string | null;
      position: number;
      listName: 'search_results' | 'similar_products';
    },
    event: LinkClick,
  ): boolean {
    const href = safeHref(click.product.url, this.env.host.location().href);
    // Back from the product page reloads the listing from the address: it must say what is shown.
    if (this.route.screen === 'dlp') this.dlp.keepAddressInStep();
    return (
      trackThenNavigate({
        track: () => this.tracker.track({ kind: 'product-click', ...click }),
        navigate: () => href && this.env.host.navigate(href),
        timers: this.env.timers,
        event,
      }) && href !== ''
    );
  }

  /**
   * Follows a link. Another Aisle route of this tenant on this origin is shown in place (its page's
   * render context and head tags are read); anything else, or a page that cannot be read, is left
   * to the browser. Returns true when Aisle showed it.
   */
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

  /** Stops everything pending (unmount). */
  dispose(): void {
    this.restore?.giveWay();
    this.navigation++;
    this.sitemapController?.abort();
    this.search.abort();
    this.drawer.dispose();
  }

  private readonly firstVisit: Visit;

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
    runInAction(() => {
      this.restore = restore;
      this.context = context;
      this.route = route;
      this.search = search;
      this.dlp = dlp;
      this.sitemap = sitemapOf(context, route);
    });
    this.routePath = this.env.host.location().pathname;
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

/** Why the screen of a page could not load, and from where. */
export interface ScreenFailure {
  url: string;
  reason: string;
}

function unreachable(what: string): string {
  return `the ${what} host could not be reached (offline, down, or blocked by the page's security policy)`;
}

/** The body of `POST …/sitemap`: the search body's identity fields for the sitemap page. */
export function sitemapRequest(context: RenderContext, page: string): Record<string, unknown> {
  const pageSize = resolveDefaultPageSize(context.additional, context.config);
  const search = buildSearchRequest(context, defaultUrlState({ pageSize }), page);
  const body: Record<string, unknown> = {
    customer: search.customer,
    page,
    environment: search.environment,
    skip_cache: search.skip_cache,
  };
  if (search.region !== undefined) body.region = search.region;
  if (search.locale !== undefined) body.locale = search.locale;
  return body;
}

function routeFor(pathname: string, context: RenderContext): PageRoute {
  // A page named by the context wins: the address of a page Aisle is previewed on cannot say it.
  const named = context.additional.page;
  if (typeof named === 'string' && named.trim() !== '') return { screen: 'dlp', page: named.trim() };
  return (
    pageFromPath(pathname, context.config.base) ?? {
      screen: 'dlp',
      page: pathname.split('/').filter(Boolean).pop() ?? '',
    }
  );
}

function responseOf(context: RenderContext): SearchResponse | null {
  return context.data && !isSitemapShape(context.data) ? (context.data as SearchResponse) : null;
}

function sitemapOf(context: RenderContext, route: PageRoute): SitemapData | null {
  return route.screen === 'vsm' && context.data && isSitemapShape(context.data) ? (context.data as SitemapData) : null;
}
