import { CONTEXT_ELEMENT_ID } from '../contract.js';
import { readHeadTemplate, type HeadTags } from './head.js';

/** What another retailer page carries for Aisle: its render context and head template. */
export interface LoadedPage {
  /** The parsed `#aisle-context` JSON (not yet validated). */
  context: unknown;
  head: HeadTags | null;
}

/** How long Aisle waits for another page before letting the browser load it normally. */
export const PAGE_LOAD_TIMEOUT_MS = 8000;

/**
 * Fetches a same-origin retailer page to show it without a full load. DOMParser's documents run no
 * script, and only two elements' text is read. Null when the page cannot be used.
 */
export async function loadRetailerPage(
  url: string,
  fetchImpl: typeof fetch = fetch.bind(globalThis),
): Promise<LoadedPage | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PAGE_LOAD_TIMEOUT_MS);
  try {
    const response = await fetchImpl(url, {
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
      signal: controller.signal,
    });
    // A retailer's 404 page for an unknown category still carries a context with pageNotFound.
    if (!(response.headers.get('content-type') ?? '').includes('text/html')) return null;
    const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
    const text = doc.getElementById(CONTEXT_ELEMENT_ID)?.textContent;
    if (!text) return null;
    return { context: JSON.parse(text) as unknown, head: readHeadTemplate(doc) };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
