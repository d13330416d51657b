/**
 * The first paint's links are plain links: a shopper on a slow phone leaves before any session exists.
 * So a tap writes the visit and the click straight to the stored outbox; the app's session or the
 * shop's next page delivers them, and the service stores each id once.
 */
import { permits } from '../core/consent.js';
import { selectedVariant } from '../core/product.js';
import { pageConsent } from '../host/pageConsent.js';
import type { Locale, Product, RenderContext, Region } from '../core/types.js';
import type { PaintAnalytics } from '../host/firstPaintHandover.js';
import { productClickEvent, visitEvent } from './events.js';
import { directSender } from './paintSend.js';
import type { AnalyticsEvent } from './types.js';
import { recordNow, type OutboxPage } from './visitNow.js';

/** What the paint was drawn from (sdk/firstPaint/elements.ts's `PaintInput` has these). */
export interface PaintedListing {
  context: RenderContext;
  locale: Locale;
  region: Region;
  data: { products: Product[] };
}

/** Records the paint's product clicks on `win`'s page; null when the page has no analytics. */
export function paintAnalytics(listing: PaintedListing, win: Window): PaintAnalytics | null {
  let storage: Storage;
  try {
    storage = win.localStorage; // a page that may not use it (a sandboxed frame) throws here
  } catch {
    return null;
  }
  if (!listing.context.config.analyticsHost) return null;
  const page: OutboxPage = { ...listing, storage, now: () => Date.now() };
  // What storage refuses (it is full) leaves at once by a keepalive request, not lost with the page.
  const send = directSender({
    host: listing.context.config.analyticsHost,
    shopId: listing.context.config.id,
    storage,
    // Looked up when sending: a page (or a test's window) may have no fetch, and the paint must not fail for it.
    fetch: (input, init) => win.fetch(input, init),
  });
  // Storage kept no counter for them: the page numbers them itself, the visit before the click.
  let lastSeq = 0;
  const refused = (event: AnalyticsEvent): void => {
    lastSeq = Math.max(lastSeq + 1, event.seq);
    send({ ...event, seq: lastSeq });
  };
  // Asked at each click: the shopper may consent while the paint is on show. Without consent nothing
  // is written, and the app's session holds the page's visit in memory.
  const consented = (): boolean => permits(pageConsent(), 'analytics', listing.context.config, listing.region);
  return {
    recordVisit() {
      if (!consented()) return null;
      const { href } = win.location;
      // The paint draws listings only: the route the app would name this page by is `dlp`.
      const visit = visitEvent({
        routeName: 'dlp',
        url: href,
        title: win.document.title,
        referrer: win.document.referrer,
      });
      return recordNow(page, { ...visit, url: href }, refused);
    },
    recordProductClick(productId, position) {
      const product = listing.data.products.find((p) => p.product_id === productId);
      if (!product || !consented()) return;
      // The paint's card shows its product's selected variant, as the app's does until a swatch is chosen.
      const click = productClickEvent({
        listName: 'search_results',
        position,
        product,
        variant: selectedVariant(product),
      });
      recordNow(page, { ...click, url: win.location.href }, refused);
    },
  };
}
