/** What the popup says about a tab: the preview's outcome on its latest load and the last search error. */
import { currentLoad, type TabBuffer } from './inspectorBuffer.js';
import type { TabStatus } from './messaging.js';

/** The popup's view of one tab's buffer. */
export function tabStatusOf(buffer: TabBuffer, registrationError: string | null): TabStatus {
  const load = currentLoad(buffer);
  const failed = load ? [...load.searches].reverse().find((s) => s.state === 'error') : undefined;
  return {
    preview: load?.preview ?? null,
    loadUrl: load?.url ?? null,
    searchError: failed ? `${failed.error ?? 'failed'} (${failed.url})` : null,
    registrationError,
  };
}
