import type { Product } from '../core/types.js';
import type { StoreEnv } from '../ports/env.js';
import { trackThenNavigate, type LinkClick } from './clickWait.js';
import type { Tracker } from './Tracker.js';

/** The product link a shopper clicked, as the click event reports it. */
export interface ProductClick {
  product: Product;
  variantId: string | null;
  position: number;
  listName: 'search_results' | 'similar_products';
}

/**
 * Tracks a product link click and navigates once tracking settles (a plain click waits up to 2 s);
 * true when the caller must prevent the browser's own navigation. `href` is the product's vetted
 * address ('' when it was refused), read before the listing's address was brought in step.
 */
export function followProductClick(
  env: StoreEnv,
  tracker: Tracker,
  click: ProductClick,
  href: string,
  event: LinkClick,
): boolean {
  return (
    trackThenNavigate({
      track: () => tracker.track({ kind: 'product-click', ...click }),
      navigate: () => href && env.host.navigate(href),
      timers: env.timers,
      event,
    }) && href !== ''
  );
}
