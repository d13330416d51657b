import { makeAutoObservable, observable, runInAction } from 'mobx';
import { DEBUG_EVENT } from '../contract.js';
import { normalizeSearchResponse } from '../core/normalize.js';
import { relativeUrlResolver } from '../core/normalizeProduct.js';
import type { Product, SearchRequest, SearchResponse } from '../core/types.js';
import type { StoreEnv } from '../ports/env.js';

/** The failure messages of the search call, logged to the console only. */
export const SEARCH_FAILED = 'Failed to fetch search results';
export const SEARCH_EMPTY = 'Failed to fetch search results, results empty';

/**
 * Keeps the product objects on show, so memoised cards are not re-rendered. After a filter or sort
 * the backend may select another variant, so only products whose data did not change keep theirs.
 */
export function reuseProducts(previous: Product[], next: Product[], opts: { append?: boolean } = {}): Product[] {
  if (previous.length === 0) return next;
  const known = new Map(previous.map((p) => [p.product_id, p]));
  return next.map((p) => {
    const shown = known.get(p.product_id);
    if (!shown) return p;
    return opts.append || JSON.stringify(shown) === JSON.stringify(p) ? shown : p;
  });
}

/** How a search ended; on `failed` and `no-progress` (a load-more that brought nothing new) the shown data stays. */
export type SearchOutcome = 'replaced' | 'failed' | 'no-progress' | 'superseded';

/** The search call: a newer call aborts the one in flight, a late reply is dropped, a failure keeps the shown data. */
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

  /** Resolves to how the search ended. */
  async search(
    url: string,
    request: SearchRequest,
    opts: { refresh?: boolean; append?: boolean } = {},
  ): Promise<SearchOutcome> {
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
      if (generation !== this.generation) return 'superseded';
      const latencyMs = Math.round(this.env.now() - started);
      runInAction(() => {
        this.lastLatencyMs = latencyMs;
        this.lastStatus = answer.status;
      });
      if (!answer.ok) throw new Error(`${SEARCH_FAILED} (HTTP ${answer.status})`);
      // Relative image URLs in the reply are the search host's; product links are the page's.
      const data = normalizeSearchResponse(answer.json, relativeUrlResolver(url, this.env.host.location().href));
      if (!data) throw new Error(SEARCH_EMPTY);
      // Infinite loading asks for the whole list up to the next page: a reply that is not longer
      // than what is shown would only shrink or repeat it, so it is not shown.
      if (opts.append && this.response && data.products.length <= this.response.products.length) {
        this.debug('no-progress', { url, status: answer.status, received: data.products.length });
        return 'no-progress';
      }
      runInAction(() => {
        const shown = this.response;
        // A call without the refresh flag loads more of the same list (infinite loading).
        const append = opts.append === true || opts.refresh === false;
        this.response = {
          ...data,
          products: reuseProducts(shown?.products ?? [], data.products, { append }),
          similar_products: reuseProducts(shown?.similar_products ?? [], data.similar_products, { append }),
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
      return 'replaced';
    } catch (error) {
      if (generation !== this.generation) return 'superseded';
      const message = error instanceof Error ? error.message : String(error);
      const logged = message.startsWith(SEARCH_FAILED) ? message : `${SEARCH_FAILED}: ${message}`;
      this.env.log.error(`[Aisle] ${logged}`);
      this.debug('error', { url, error: logged });
      return 'failed';
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

  /** Aborts the call in flight. */
  abort(): void {
    this.generation++;
    this.controller?.abort();
    this.controller = null;
    this.loading = false;
    this.refresh = false;
  }

  private debug(phase: string, detail: Record<string, unknown>): void {
    this.env.host.dispatch(DEBUG_EVENT, { source: 'search', phase, at: this.env.now(), ...detail });
  }
}
