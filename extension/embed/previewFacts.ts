/** Small readings the preview script makes: origins, what it shows in words, which page Aisle asked for. */
import type { PreviewConfig } from '../lib/previewContext.js';
import { app } from '../../sdk/public/preview.js';

/** True when both URLs have the same origin (false when either cannot be read). */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** What the preview shows, in words: tenant, environment and locale. */
export function describe(context: PreviewConfig['context']): string {
  return `showing ${context.config.id} (${context.environment}, ${context.additional.locale})`;
}

/** The page Aisle actually asked for (its last search body), else the best guess from the context. */
export function searchedPage(context: PreviewConfig['context'], win: Window): string {
  try {
    const snapshot = app.snapshot() as { search?: { lastRequest?: { page?: unknown } | null } };
    const page = snapshot.search?.lastRequest?.page;
    if (typeof page === 'string') return page.slice(0, 200);
  } catch {
    /* fall back below */
  }
  return context.additional.page ?? win.location.pathname.split('/').filter(Boolean).pop() ?? '';
}

/** The relay is the only sender we expect, but the page can post on the same channel. */
export function isPreviewConfig(data: unknown): data is PreviewConfig {
  if (typeof data !== 'object' || data === null) return false;
  const { context } = data as Partial<PreviewConfig>;
  return typeof context === 'object' && context !== null && typeof context.config?.id === 'string';
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The listing's products in words: the grid's cards only (the Similar Products row under it holds
 * product cards too, which are not the listing's), and the similar products named apart when shown.
 */
export function productsInWords(doc: ParentNode): string {
  const grid = doc.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]').length;
  const similar = doc.querySelectorAll('[data-aisle="similar"] [data-aisle="product"]').length;
  const listing = grid === 0 ? 'no products on this page' : `${plural(grid, 'product')} in the grid`;
  return similar === 0 ? listing : `${listing}; ${plural(similar, 'similar product')} below it`;
}

/**
 * The parts Aisle drew a place for but could not fill: the SEO text once its sanitiser ran (a page
 * whose Trusted Types refuse Aisle's HTML leaves it empty) and the structured data's holder without
 * its script. The popup must not call such a listing simply "Shown".
 */
export function missingParts(doc: ParentNode): string[] {
  const missing: string[] = [];
  const seo = doc.querySelector('[data-aisle="seo"][data-aisle-ready]');
  if (seo && (seo.textContent ?? '').trim() === '' && seo.children.length === 0) missing.push('the SEO text');
  const holder = doc.querySelector('[data-aisle="structured-data"]');
  if (holder && !holder.querySelector('script[type="application/ld+json"]')) missing.push('the structured data');
  return missing;
}
