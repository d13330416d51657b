import { makeAutoObservable, observable, runInAction } from 'mobx';
import { normalizeSearchResponse } from '../core/normalize.js';
import type { Product, SearchRequest, SearchResponse } from '../core/types.js';
import type { StoreEnv } from './env.js';

/** Spec section 8 messages, logged to the console only. */
export const SEARCH_FAILED = 'Failed to fetch search results';
export const SEARCH_EMPTY = 'Failed to fetch search results, results empty';

/** Keeps the product objects the grid already shows, so that appending a page re-renders only new cards. */
export function reuseProducts(previous: Product[], next: Product[]): Product[] {
  if (previous.length === 0) return next;
  const known = new Map(previous.map((p) => [p.product_id, p]));
  return next.map((p) => known.get(p.product_id) ?? p);
}

/**
 * The search call of spec section 7 and its loading state (section 4). A newer call aborts the one
 * in flight; a reply that arrives after a newer request was made is dropped; a failed or empty reply
 * keeps the shown data.
 */
export class SearchStore {
  response: SearchResponse | null;
  loading = false;
  refresh = false;
  lastRequest: SearchRequest | null = null;
  lastLatencyMs: number | null = null;
  lastStatus: number | null = null;
  private controller: AbortController | null = null;
  private generation = 0;

  constructor(
    private readonly env: StoreEnv,
    initial: SearchResponse | null,
  ) {
    this.response = initial;
    // Responses are immutable snapshots replaced whole: observing them by reference keeps hundreds
    // of products out of MobX's bookkeeping and keeps their identity for memoised cards.
    makeAutoObservable<SearchStore, 'controller' | 'generation' | 'env'>(this, {
      response: observable.ref,
      lastRequest: observable.ref,
      controller: false,
      generation: false,
      env: false,
    });
  }

  /** Sends `request` to `url`; resolves true when the shown data was replaced. */
  async search(url: string, request: SearchRequest, opts: { refresh?: boolean } = {}): Promise<boolean> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const generation = ++this.generation;
    this.loading = true;
    this.refresh = opts.refresh ?? true;
    this.lastRequest = request;
    const started = this.env.now();
    this.debug('request', { url, body: request });
    try {
      const answer = await this.env.transport.request(url, {
        method: 'POST',
        body: request,
        signal: controller.signal,
      });
      if (generation !== this.generation) return false;
      const latencyMs = Math.round(this.env.now() - started);
      runInAction(() => {
        this.lastLatencyMs = latencyMs;
        this.lastStatus = answer.status;
      });
      if (!answer.ok) throw new Error(`${SEARCH_FAILED} (HTTP ${answer.status})`);
      const data = normalizeSearchResponse(answer.json);
      if (!data) throw new Error(SEARCH_EMPTY);
      runInAction(() => {
        const shown = this.response;
        this.response = {
          ...data,
          products: reuseProducts(shown?.products ?? [], data.products),
          similar_products: reuseProducts(shown?.similar_products ?? [], data.similar_products),
        };
      });
      this.debug('response', {
        url,
        status: answer.status,
        latencyMs,
        shown: data.payload.shown,
        total: data.payload.total,
        pageNotFound: data.pageNotFound,
      });
      return true;
    } catch (error) {
      if (generation !== this.generation) return false;
      const message = error instanceof Error ? error.message : String(error);
      const logged = message.startsWith(SEARCH_FAILED) ? message : `${SEARCH_FAILED}: ${message}`;
      this.env.log.error(`[Aisle] ${logged}`);
      this.debug('error', { url, error: logged });
      return false;
    } finally {
      if (generation === this.generation) {
        runInAction(() => {
          this.loading = false;
          this.refresh = false;
        });
        this.controller = null;
      }
    }
  }

  /** Aborts the call in flight (on unmount). */
  abort(): void {
    this.generation++;
    this.controller?.abort();
    this.controller = null;
    this.loading = false;
    this.refresh = false;
  }

  private debug(phase: string, detail: Record<string, unknown>): void {
    this.env.host.dispatch('aisle:debug', { source: 'search', phase, at: this.env.now(), ...detail });
  }
}
