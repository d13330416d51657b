/**
 * The history read back for the panel; unsettled events of an earlier browser session are "unconfirmed
 * since" their last save: nothing of them is live any more.
 */
import { storage } from 'wxt/utils/storage';
import { readEntries } from './historyArchive.js';
import { restoreBuffer, tabClosed, type PageLoad, type TabBuffer } from './inspectorBuffer.js';
import { browserSessionItem, historyIndexItem, historyLoadKey } from './storageKeys.js';

/** The history as the panel shows it, oldest page load first. */
export interface History {
  buffer: TabBuffer;
  /** How many of its page loads an earlier browser session saved. */
  previous: number;
  /** The characters of JSON text the history holds (its cap counts them). */
  bytes: number;
}

/** Reads the history back; a load whose text does not read is left out. */
export async function readHistory(): Promise<History> {
  const [raw, current] = await Promise.all([historyIndexItem().getValue(), browserSessionItem().getValue()]);
  const entries = readEntries(raw);
  const texts = await Promise.all(entries.map((e) => storage.getItem<string>(historyLoadKey(e.loadId))));
  const loads: PageLoad[] = [];
  let previous = 0;
  entries.forEach((entry, i) => {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(texts[i] ?? 'null');
    } catch {
      return;
    }
    const load = restoreBuffer({ loads: [parsed] }).loads[0];
    if (!load) return;
    const fromEarlier = entry.browserSession !== current;
    // The browser closed after this save: the page said nothing more, whatever was still pending.
    if (fromEarlier) tabClosed({ loads: [load] }, entry.savedAt);
    load.kept = { previousSession: fromEarlier, savedAt: entry.savedAt };
    if (fromEarlier) previous++;
    loads.push(load);
  });
  return { buffer: { loads }, previous, bytes: entries.reduce((sum, e) => sum + e.bytes, 0) };
}

/** Removes the whole history (the tabs' own buffers stay). */
export async function forgetHistory(): Promise<void> {
  const index = historyIndexItem();
  const entries = readEntries(await index.getValue());
  await storage.removeItems(entries.map((e) => historyLoadKey(e.loadId)));
  await index.removeValue();
}
