/**
 * Answers for the extension's preview: the catalogue's product pages are the stack's, not the page's,
 * so links are absolute; images stay root-relative (Aisle resolves them against the request).
 */
import { isRecord } from '../../sdk/core/coerce.js';

/** The path prefix of the preview's endpoints. */
export const PREVIEW_PREFIX = 'preview/';

const absolute = (url: unknown, origin: string): unknown =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;

/** `json` (a search answer) with its products' and similar products' root-relative links made absolute on `origin`. */
export function withStackProductLinks(json: unknown, origin: string): unknown {
  if (!isRecord(json)) return json;
  const relink = (list: unknown): unknown =>
    Array.isArray(list) ? list.map((p) => (isRecord(p) ? { ...p, url: absolute(p.url, origin) } : p)) : list;
  return { ...json, products: relink(json.products), similar_products: relink(json.similar_products) };
}
