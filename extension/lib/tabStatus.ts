/** What the popup says about a tab: the preview's outcome on its latest load and a current search error. */
import { currentLoad, type TabBuffer } from './inspectorBuffer.js';
import type { TabStatus } from './messaging.js';

/** The popup's view of one tab's buffer. */
export function tabStatusOf(buffer: TabBuffer, registrationError: string | null): TabStatus {
  const latest = currentLoad(buffer);
  // A page without Aisle (its relay said that it started) ended the last load: that load's outcome
  // is history, not what the tab shows now.
  const load = latest && !latest.ended ? latest : undefined;
  // Only the latest answered search counts: a failure that a later success replaced is history
  // (the inspector keeps it), not the state of the page.
  const answered = load ? [...load.searches].reverse().find((s) => s.state !== 'pending') : undefined;
  const failed = answered?.state === 'error' ? answered : undefined;
  return {
    preview: load?.preview ?? null,
    loadUrl: load?.url ?? null,
    searchError: failed ? `${failed.error ?? 'failed'} (${failed.url})` : null,
    registrationError,
  };
}
