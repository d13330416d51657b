/** Product card rules: the variant shown, the swatches that fit, image parameters, the screen classes. */
import type { Product, Region, Variant, Viewport } from './types.js';

/** Most swatches a card shows on larger screens; the rest are counted as a remainder. */
export const MAX_SWATCHES = 12;

/** Image width requested for cards (with high quality, see imageUrl). */
export const CARD_IMAGE_WIDTH = 480;

/** The variant flagged selected, else the first, else null. */
export function selectedVariant(product: Product): Variant | null {
  return product.variants.find((variant) => variant.selected) ?? product.variants[0] ?? null;
}

/** Swatches a card shows and how many are left for the '+N' link; none in the ca region. */
export function visibleSwatches(
  product: Product,
  options: { viewport: Viewport; region: Region | undefined },
): { shown: Variant[]; remainder: number } {
  if (options.region === 'ca') return { shown: [], remainder: 0 };
  const { variants } = product;
  // On mobile one slot gives way to the '+N' link once there are more than 4 variants.
  const limit = options.viewport === 'mobile' ? (variants.length > 4 ? 3 : 4) : MAX_SWATCHES;
  const shown = variants.slice(0, limit);
  return { shown, remainder: variants.length - shown.length };
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The image URL with `w` and `q` set; '' for unusable input or another scheme, `data:`/`blob:` unchanged. */
export function imageUrl(src: unknown, options: { width?: number; quality?: string } = {}): string {
  if (typeof src !== 'string') return '';
  const url = src.trim();
  if (url === '' || hasControlOrSpace(url)) return '';
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'data' || scheme === 'blob') return url;
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return '';
  if (scheme !== undefined && !URL.canParse(url)) return '';
  const hashAt = url.indexOf('#');
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
  params.set('w', String(options.width ?? CARD_IMAGE_WIDTH));
  params.set('q', options.quality ?? 'high');
  return `${path}?${params.toString()}${hash}`;
}

// Browsers strip tabs and newlines inside URLs ("java\tscript:"), so such input is refused outright.
function hasControlOrSpace(text: string): boolean {
  return /\s/.test(text) || [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/** The analytics result id `productId:variantId` of the variant shown (see docs/analytics-events.md). */
export function resultId(product: Product): string {
  return `${product.product_id}:${selectedVariant(product)?.id ?? ''}`;
}

/** Screen class for a width in CSS pixels: > 1024 desktop, 769–1024 tablet, ≤ 768 mobile. */
export function viewportKind(width: number): Viewport {
  // An unknown width (no layout yet) renders as desktop, the widest layout.
  if (!Number.isFinite(width) || width > 1024) return 'desktop';
  return width > 768 ? 'tablet' : 'mobile';
}
