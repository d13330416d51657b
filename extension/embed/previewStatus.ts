/**
 * What the preview tells the popup. Only the state after a search tells the truth (an element was found,
 * but is there a listing?), so once a search answered, the listing on show is the status. CSP refusals are
 * kept to name a failure's cause or warn beside a shown listing.
 */
import type { PreviewStatus } from '../lib/pageData.js';
import type { PreviewConfig } from '../lib/previewContext.js';
import { describe, missingParts, productsInWords, sameOrigin, searchedPage } from './previewFacts.js';

type Outcome = PreviewStatus['outcome'];
type Directive = 'connect-src' | 'img-src';

/** The most CSP refusals kept per mount: enough to name a cause, never a growing list. */
const MAX_BLOCKED = 20;

const cspCause = (directive: string, uri: string): string =>
  `the page's Content-Security-Policy (${directive}) blocks ${uri}`;

/** The preview's status: what it last said, and the facts (search answered or failed, CSP refusals) behind it. */
export class PreviewStatusReport {
  /** The page had its own Aisle, which the preview took the place of. */
  tookOver = false;
  private last: [Outcome, string, string?] | null = null;
  private lastSent = '';
  /** A search has answered since the mount: from then on the listing on show is the status. */
  private answered = false;
  private searchFailure: { url: string; error: string } | null = null;
  /** What the page's Content-Security-Policy refused, first of each URL. */
  private readonly blocked: Array<{ directive: Directive; uri: string }> = [];

  constructor(
    private readonly win: Window,
    /** Sends a status that differs from the last one sent. */
    private readonly send: (status: PreviewStatus) => void,
    /** Tells the instance what the outcome means for its phase. */
    private readonly reached: (outcome: Outcome) => void,
  ) {}

  get outcome(): Outcome | null {
    return this.last?.[0] ?? null;
  }

  report(outcome: Outcome, message: string, warning?: string): void {
    this.last = [outcome, message, warning];
    this.reached(outcome);
    // The listing is looked at on every change of the page: say only what is new.
    const said = JSON.stringify([outcome, message, warning, this.tookOver]);
    if (said === this.lastSent) return;
    this.lastSent = said;
    this.send({ outcome, tookOver: this.tookOver, message, ...(warning ? { warning } : {}), at: Date.now() });
  }

  /** Says the last status again, now that whether the preview took over is known. */
  repeat(): void {
    if (this.last) this.report(...this.last);
  }

  /** A new mount: no search has answered or failed yet. */
  restart(): void {
    this.searchFailure = null;
    this.answered = false;
  }

  /** The preview stepped back: nothing it shows any more can be the status. */
  stopped(): void {
    this.answered = false;
  }

  searchAnswered(): void {
    this.searchFailure = null;
    this.answered = true;
  }

  searchFailed(url: string, error: string): void {
    this.searchFailure = { url, error };
    this.reportSearchFailure();
  }

  /**
   * The page's CSP refused `uri` under `directive`; `context` is the mounted preview's. The
   * refusal may come after the failure it caused was reported: the cause is named then.
   */
  refused(directive: Directive, uri: string, context: PreviewConfig['context'] | null): void {
    if (this.blocked.length >= MAX_BLOCKED) return;
    if (this.blocked.some((b) => b.directive === directive && b.uri === uri)) return;
    this.blocked.push({ directive, uri });
    if (this.searchFailure && this.outcome === 'failed') this.reportSearchFailure();
    else if (this.outcome === 'shown' && context) this.listingOnShow(context);
  }

  /** After a search answered, says what the page shows: the listing, or the not-found view. */
  listingOnShow(context: PreviewConfig['context']): void {
    if (!this.answered || this.searchFailure) return;
    const doc = this.win.document;
    if (doc.querySelector('[data-aisle="not-found"], .aisle-not-found'))
      return this.report(
        'not-found',
        `page not found: the search service has no page "${searchedPage(context, this.win)}" for ${context.config.id}`,
      );
    this.report('shown', `${describe(context)}: ${productsInWords(doc)}`, this.warnings(context));
  }

  private reportSearchFailure(): void {
    const failure = this.searchFailure;
    if (!failure) return;
    // A blocked request to the search's own origin is what made the search fail.
    const hit = this.blocked.find((b) => b.directive === 'connect-src' && sameOrigin(b.uri, failure.url));
    this.report(
      'failed',
      hit
        ? `Aisle's search was blocked: ${cspCause(hit.directive, hit.uri)}`
        : `the search failed: ${failure.error} (${failure.url})`,
    );
  }

  /**
   * What the CSP blocks although the listing is shown (images, requests elsewhere such as
   * analytics), and the parts of the listing left empty.
   */
  private warnings(context: PreviewConfig['context']): string | undefined {
    const searchHost = String(context.config.searchHost ?? '');
    const image = this.blocked.find((b) => b.directive === 'img-src');
    const other = this.blocked.find((b) => b.directive === 'connect-src' && !sameOrigin(b.uri, searchHost));
    const missing = missingParts(this.win.document);
    const found = [
      image ? `product images are blocked: ${cspCause(image.directive, image.uri)}` : '',
      other ? `a request is blocked (analytics?): ${cspCause(other.directive, other.uri)}` : '',
      missing.length > 0 ? `not shown: ${missing.join(', ')}` : '',
    ].filter(Boolean);
    return found.length > 0 ? found.join('; ') : undefined;
  }
}
