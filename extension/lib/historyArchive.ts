/**
 * The history of inspected page loads, in storage.local because storage.session is emptied when the
 * browser closes. Capped by MAX_HISTORY_LOADS and MAX_HISTORY_BYTES, oldest loads first to go. Kept by
 * page load, since tab ids start again after a restart.
 */
import { storage } from 'wxt/utils/storage';
import type { PageLoad, TabBuffer } from './inspectorBufferModel.js';
import type { Touched } from './inspectorChanges.js';
import type { MirrorTimers } from './inspectorMirror.js';
import { browserSessionItem, historyIndexItem, historyLoadKey, type HistoryEntry } from './storageKeys.js';

/** Most page loads the history keeps. */
export const MAX_HISTORY_LOADS = 100;
/** Most JSON text the history keeps, in characters (about bytes: payloads are mostly ASCII). */
export const MAX_HISTORY_BYTES = 4_000_000;
/** How long a page load's changes gather before it is saved again (a busy page saves every 2 s). */
export const HISTORY_DELAY_MS = 2000;

/** Saves the tabs' page loads to the history, capped, oldest out first. */
export class HistoryArchive {
  private readonly dirty = new Map<string, { tabId: number; load: PageLoad }>();
  private timer: unknown;
  private session: Promise<string> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly timers: MirrorTimers,
    private readonly now: () => number,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  /** Notes that `touched` page loads of the tab changed; saves them soon. */
  changed(tabId: number, buffer: TabBuffer, touched: Touched): void {
    for (const load of buffer.loads)
      if (touched === 'all' || touched.has(load.loadId)) this.dirty.set(load.loadId, { tabId, load });
    if (this.dirty.size === 0 || this.timer !== undefined) return;
    this.timer = this.timers.setTimeout(() => void this.flush(), HISTORY_DELAY_MS);
  }

  /** Saves every noted page load now (tests, and the timer). */
  flush(): Promise<void> {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.dirty.values()];
    this.dirty.clear();
    // One save at a time: two would each read the index the other is about to change.
    this.writing = this.writing.then(() => this.save(batch)).catch(() => undefined);
    return this.writing;
  }

  /** This browser session's id: made once, kept in storage.session, gone when the browser closes. */
  private browserSession(): Promise<string> {
    this.session ??= (async () => {
      const item = browserSessionItem();
      const known = await item.getValue();
      if (known) return known;
      const id = this.newId();
      await item.setValue(id);
      return id;
    })();
    return this.session;
  }

  private async save(batch: Array<{ tabId: number; load: PageLoad }>): Promise<void> {
    if (batch.length === 0) return;
    const index = historyIndexItem();
    const session = await this.browserSession();
    // Read again at each save: a panel may have forgotten the history since the last one.
    let entries = readEntries(await index.getValue());
    for (const { tabId, load } of batch) {
      const text = JSON.stringify(load);
      entries = entries.filter((e) => e.loadId !== load.loadId);
      if (text.length > MAX_HISTORY_BYTES) {
        await storage.removeItem(historyLoadKey(load.loadId)).catch(() => undefined);
        continue;
      }
      const entry: HistoryEntry = {
        loadId: load.loadId,
        tabId,
        browserSession: session,
        startedAt: load.startedAt,
        savedAt: this.now(),
        bytes: text.length,
      };
      entries = [...entries, entry].sort((a, b) => a.startedAt - b.startedAt);
      entries = await evict(entries, MAX_HISTORY_LOADS, MAX_HISTORY_BYTES);
      if (!entries.includes(entry)) continue;
      entries = await store(entry, text, entries);
    }
    await index.setValue({ entries });
  }
}

/** The index as stored, entry by entry (an older or damaged one keeps what still reads). */
export function readEntries(raw: unknown): HistoryEntry[] {
  const list = typeof raw === 'object' && raw !== null && Array.isArray((raw as { entries?: unknown }).entries);
  if (!list) return [];
  return (raw as { entries: unknown[] }).entries.filter(
    (e): e is HistoryEntry =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as HistoryEntry).loadId === 'string' &&
      typeof (e as HistoryEntry).browserSession === 'string' &&
      Number.isFinite((e as HistoryEntry).startedAt) &&
      Number.isFinite((e as HistoryEntry).savedAt) &&
      Number.isFinite((e as HistoryEntry).bytes),
  );
}

/** Removes the page loads that started first until both caps hold. */
async function evict(entries: HistoryEntry[], loads: number, bytes: number): Promise<HistoryEntry[]> {
  const kept = [...entries];
  let total = kept.reduce((sum, e) => sum + e.bytes, 0);
  while (kept.length > loads || total > bytes) {
    const oldest = kept.shift()!;
    total -= oldest.bytes;
    await storage.removeItem(historyLoadKey(oldest.loadId)).catch(() => undefined);
  }
  return kept;
}

/**
 * Stores one load's text; when storage.local refuses it (full: the browser's own quota is smaller
 * than the cap with other data there), the page loads that started first make room. Returns the
 * entries kept (without `entry` when it does not fit at all).
 */
async function store(entry: HistoryEntry, text: string, entries: HistoryEntry[]): Promise<HistoryEntry[]> {
  let kept = entries;
  for (;;) {
    try {
      await storage.setItem(historyLoadKey(entry.loadId), text);
      return kept;
    } catch {
      const oldest = kept.find((e) => e !== entry);
      if (!oldest) return kept.filter((e) => e !== entry);
      kept = kept.filter((e) => e !== oldest);
      await storage.removeItem(historyLoadKey(oldest.loadId)).catch(() => undefined);
    }
  }
}
