import { messagesOf } from '../core/messages.js';
import * as t from '../core/transitions.js';
import type { RenderContext, UrlState } from '../core/types.js';
import type { StoreEnv } from '../ports/env.js';
import type { Cues } from './Cues.js';
import type { SearchStore } from './SearchStore.js';
import type { Tracker } from './Tracker.js';

/** What a response on show tells analytics (once per display), the shopper (live region) and the page. */
export class ResultsNotices {
  /** Results shown again on a revisited history entry are not a new display. */
  private reported: boolean;

  constructor(
    private readonly env: StoreEnv,
    private readonly context: RenderContext,
    private readonly page: string,
    private readonly search: SearchStore,
    private readonly tracker: Tracker,
    private readonly cues: Cues,
    resultsReported: boolean,
  ) {
    this.reported = resultsReported;
  }

  /** `say` asks for an announcement (after loading more: how much is shown). */
  shown(state: UrlState, latencyMs: number, say: 'count' | 'progress' | null): void {
    this.dispatchView(state);
    this.report(state, latencyMs);
    if (say) this.say(say === 'progress');
  }

  expectNew(): void {
    this.reported = false;
  }

  /** `search:display_results` for the response on show. */
  report(state: UrlState, latencyMs: number): void {
    const data = this.search.response;
    if (!data || data.pageNotFound) return;
    if (this.reported) {
      this.reported = false;
      return;
    }
    void this.tracker.track({
      kind: 'results',
      filtersAppliedCount: t.selectedFilterCount(state),
      latencyMs,
      pageNumber: state.pageNumber,
      pageSize: state.pageSize,
      resultCount: data.payload.filtered,
      query: this.page,
      products: data.products,
    });
  }

  private say(append: boolean): void {
    const payload = this.search.response?.payload;
    if (!payload || this.search.response?.pageNotFound) return;
    const m = messagesOf(this.context);
    this.cues.say(append ? m.showingOf(payload.shown, payload.filtered) : m.itemCount(payload.filtered));
  }

  private dispatchView(state: UrlState): void {
    const data = this.search.response;
    if (!this.context.config.resultsViewUpdateEvent || !data) return;
    this.env.host.dispatch('ResultsViewUpdate', {
      page: this.page,
      filters: state.filters,
      sort: state.sort ?? null,
      pageNumber: state.pageNumber,
      resultCount: data.payload.filtered,
    });
  }
}
