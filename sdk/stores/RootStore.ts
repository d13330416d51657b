import { localeOf, messagesFor, type Messages } from '../core/messages.js';
import { isSitemapShape } from '../core/normalize.js';
import { pageFromPath } from '../core/searchRequest.js';
import type { Locale, PageRoute, RenderContext, SearchResponse, SitemapData } from '../core/types.js';
import { DlpStore } from './DlpStore.js';
import { DrawerStore } from './DrawerStore.js';
import type { StoreEnv } from './env.js';
import { SearchStore } from './SearchStore.js';
import { ViewportStore } from './ViewportStore.js';

/** Composes one store per concern over the injected environment (STYLE.md practice 3). */
export class RootStore {
  readonly locale: Locale;
  readonly messages: Messages;
  readonly route: PageRoute;
  readonly search: SearchStore;
  readonly dlp: DlpStore;
  readonly drawer: DrawerStore;
  readonly viewport: ViewportStore;
  /** The sitemap shown on the VSM route, or null on a DLP. */
  readonly sitemap: SitemapData | null;

  constructor(
    readonly env: StoreEnv,
    readonly context: RenderContext,
    viewportWidth: number,
  ) {
    this.locale = localeOf(context);
    this.messages = messagesFor(this.locale);
    const location = env.host.location();
    this.route = pageFromPath(location.pathname, context.config.base) ?? {
      screen: 'dlp',
      page: location.pathname.split('/').filter(Boolean).pop() ?? '',
    };
    const isSitemap = !!context.data && isSitemapShape(context.data);
    const initial = context.data && !isSitemap ? (context.data as SearchResponse) : null;
    this.sitemap = this.route.screen === 'vsm' && isSitemap ? (context.data as SitemapData) : null;
    this.search = new SearchStore(env, initial);
    this.dlp = new DlpStore(env, context, this.route.page, this.search);
    this.drawer = new DrawerStore(env.timers);
    this.viewport = new ViewportStore(viewportWidth);
  }

  /** The region shoppers are in (`additional.region`, else the tenant's). */
  get region(): 'us' | 'ca' {
    const region = String(this.context.additional.region ?? this.context.config.region ?? 'us').toLowerCase();
    return region === 'ca' ? 'ca' : 'us';
  }

  /** Stops everything pending (unmount). */
  dispose(): void {
    this.search.abort();
    this.drawer.dispose();
  }
}
