/** What the popup says about a tab: the preview's outcome on its latest load and a current search error. */
import { currentLoad, type TabBuffer } from './inspectorBuffer.js';
import type { TabStatus } from './messaging.js';

/** The popup's view of one tab's buffer. */
export function tabStatusOf(buffer: TabBuffer, registrationError: string | null): TabStatus {
  const load = currentLoad(buffer);
  // Only the latest answered search counts: a failure that a later success replaced is history
  // (the inspector keeps it), not the state of the page.
  const latest = load ? [...load.searches].reverse().find((s) => s.state !== 'pending') : undefined;
  const failed = latest?.state === 'error' ? latest : undefined;
  return {
    preview: load?.preview ?? null,
    loadUrl: load?.url ?? null,
    searchError: failed ? `${failed.error ?? 'failed'} (${failed.url})` : null,
    registrationError,
  };
}
