/**
 * What the popup says happened on the tab: a kind (for its colour and leading word) and the
 * sentence that explains it. Pure, so that each wording can be read and tested without a store.
 */
import type { TabStatus } from './messaging.js';
import type { SiteSettings } from './settings.js';

/** The kinds of status the popup colour-codes (each also has its own words). */
export type StatusKind = 'off' | 'idle' | 'pending' | 'shown' | 'warning' | 'not-found' | 'stood-aside' | 'failed';

/** The words that lead each kind of status, so it never depends on colour alone. */
export const STATUS_LABELS: Record<StatusKind, string> = {
  off: 'Off',
  idle: 'Not running',
  pending: 'Starting',
  shown: 'Shown',
  warning: 'Shown, with a problem',
  'not-found': 'Page not found',
  'stood-aside': 'Stood aside',
  failed: 'Failed',
};

/** The facts the status is worked out from (the popup's store provides them all). */
export interface StatusFacts {
  origin: string | null;
  site: SiteSettings;
  status: TabStatus | null;
  mainSelectorError: string;
  patternErrors: string[];
  inScope: boolean;
  stackAnswers: boolean | null;
  localStack: string;
}

/** The kind of what happened on the tab (for its colour and its leading word). */
export function statusKindOf(facts: StatusFacts): StatusKind {
  if (!facts.origin || !facts.site.enabled) return 'off';
  const { status } = facts;
  if (status?.registrationError || facts.mainSelectorError) return 'failed';
  // Invalid patterns register nothing for the site: the preview does not run, nothing failed.
  if (facts.patternErrors.length > 0 || !facts.inScope) return 'idle';
  if (facts.site.environment === 'development' && facts.stackAnswers === false) return 'failed';
  const preview = status?.preview;
  if (!preview || preview.outcome === 'idle') return 'idle';
  if (preview.outcome === 'shown') return preview.warning || status?.searchError ? 'warning' : 'shown';
  return preview.outcome;
}

/** What happened on the tab, in words. */
export function statusTextOf(facts: StatusFacts): string {
  if (!facts.origin) return 'The preview runs on http and https pages only.';
  if (!facts.site.enabled) return 'Off for this site: the page shows as its own.';
  const { status } = facts;
  if (status?.registrationError) return `Injection failed: ${status.registrationError}`;
  // Once the page has said so itself, its words are the status, as the toolbar icon shows them.
  if (facts.mainSelectorError)
    return status?.preview?.outcome === 'failed'
      ? `Aisle is not shown: ${status.preview.message}.`
      : `Main element: ${facts.mainSelectorError} Correct it below.`;
  if (facts.patternErrors.length > 0)
    return `The preview takes over no page of this site until the path patterns are corrected below: ${facts.patternErrors.join('; ')}.`;
  if (!facts.inScope)
    return 'This page is outside the path patterns: the preview leaves it alone (change the patterns below to include it).';
  if (facts.site.environment === 'development' && facts.stackAnswers === false)
    return `The local stack at ${facts.localStack} does not answer: start it (npm start) or correct its address below.`;
  const preview = status?.preview;
  if (!preview)
    return 'The preview has not run in this tab: reload the page (it was loaded before the site was enabled), or the browser does not allow extensions on this page.';
  if (preview.outcome === 'shown')
    return `Aisle is shown: ${preview.message}. ${preview.tookOver ? "It took over the page's own Aisle." : 'The page had no Aisle of its own.'}`;
  if (preview.outcome === 'not-found') return `Aisle runs, but ${preview.message}.`;
  if (preview.outcome === 'stood-aside') return `Stood aside: ${preview.message}.`;
  if (preview.outcome === 'failed') return `Aisle is not shown: ${preview.message}.`;
  if (preview.outcome === 'idle') return `Not running: ${preview.message}.`;
  return `Starting: ${preview.message}…`;
}

/** A problem besides the status (images blocked, the page's own search failing), or ''. */
export function statusWarningOf(kind: StatusKind, status: TabStatus | null): string {
  if (kind !== 'warning' && kind !== 'stood-aside') return '';
  const warning = status?.preview?.warning;
  const search = status?.searchError;
  return [warning, search ? `search failed: ${search}` : ''].filter(Boolean).join('. ');
}

/** The status of a tab the background has not described yet. */
export function emptyStatus(): TabStatus {
  return { preview: null, loadUrl: null, searchError: null, registrationError: null };
}
