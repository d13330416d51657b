/**
 * The buffers mirrored to storage.session for a restarted MV3 worker, one key per page load, writing only the
 * loads changed. Writing the whole buffer as objects (about 5 MB, six times a second at 5 events a second)
 * kept about one core busy, which a side panel's key presses then waited for.
 */
import type { TabBuffer } from './inspectorBuffer.js';
import { ChangeTracker, type Touched } from './inspectorChanges.js';
import { loadStorageKey, tabStorageKey, type SessionStorage } from './storageKeys.js';
import { isRecord } from '../../sdk/public/tools.js';

/** How long changes gather before one write to storage.session (a worker stopped later finds them). */
export const PERSIST_DELAY_MS = 150;

/** Timers the mirror uses (injected so that tests run on fake time). */
export interface MirrorTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What storage.session holds under a tab's key: its stored page loads' ids, oldest first. */
interface StoredTab {
  loadIds: string[];
}

const storedIds = (raw: unknown): string[] | null =>
  isRecord(raw) && Array.isArray(raw.loadIds) ? raw.loadIds.filter((id): id is string => typeof id === 'string') : null;

/** A page load as stored: its JSON text (see `BufferMirror`), or what an older version stored. */
function readLoad(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * Writes each tab's changed page loads to storage.session, PERSIST_DELAY_MS after a change. A load
 * is stored as its JSON text: Chrome counts an object against storage.session's 10 MB by its
 * in-memory size, about three times its JSON, so that only half of a full tab fitted, and turning
 * it into the browser's values cost more than the text. When storage.session is full anyway, the
 * oldest loads make room for newer ones.
 */
export class BufferMirror {
  private readonly pending = new Map<number, unknown>();
  private readonly trackers = new Map<number, ChangeTracker>();
  /** The load ids stored of each tab, oldest first (what the tab's key lists). */
  private readonly stored = new Map<number, string[]>();

  constructor(
    private readonly session: SessionStorage,
    private readonly timers: MirrorTimers,
    private readonly now: () => number,
    /** The tab's buffer as it is now (undefined once the tab is forgotten). */
    private readonly buffer: (tabId: number) => Promise<TabBuffer> | undefined,
  ) {}

  /**
   * The tab's buffer as stored, for `restoreBuffer`: `{ loads }` read from the load keys, or what an
   * older version stored whole under the tab's key.
   */
  async read(tabId: number): Promise<unknown> {
    const raw = await this.session.getItem(tabStorageKey(tabId));
    const ids = storedIds(raw);
    if (!ids) return raw;
    this.stored.set(tabId, ids);
    const loads = await Promise.all(ids.map((id) => this.session.getItem(loadStorageKey(tabId, id))));
    return { loads: loads.map(readLoad) };
  }

  /** Records that `touched` loads of the tab changed; writes them soon. */
  changed(tabId: number, touched: Touched): void {
    this.tracker(tabId).touch(touched);
    if (this.pending.has(tabId)) return;
    this.pending.set(
      tabId,
      this.timers.setTimeout(() => void this.write(tabId), PERSIST_DELAY_MS),
    );
  }

  /** Writes every pending tab now (tests, and before the background is stopped). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((tabId) => this.write(tabId)));
  }

  /** Forgets a closed tab and removes what was stored of it. */
  async remove(tabId: number): Promise<void> {
    this.cancel(tabId);
    this.trackers.delete(tabId);
    const ids = this.stored.get(tabId) ?? storedIds(await this.session.getItem(tabStorageKey(tabId))) ?? [];
    this.stored.delete(tabId);
    await Promise.all([
      this.session.removeItem(tabStorageKey(tabId)),
      ...ids.map((id) => this.session.removeItem(loadStorageKey(tabId, id))),
    ]);
  }

  private tracker(tabId: number): ChangeTracker {
    let tracker = this.trackers.get(tabId);
    if (!tracker) this.trackers.set(tabId, (tracker = new ChangeTracker()));
    return tracker;
  }

  private cancel(tabId: number): void {
    const handle = this.pending.get(tabId);
    if (handle !== undefined) this.timers.clearTimeout(handle);
    this.pending.delete(tabId);
  }

  private async write(tabId: number): Promise<void> {
    this.cancel(tabId);
    const buffer = await this.buffer(tabId);
    if (!buffer) return;
    const next = this.tracker(tabId).next(buffer, this.now());
    const changed = new Set(
      'buffer' in next ? buffer.loads.map((l) => l.loadId) : next.changes.loads.map((c) => c.loadId),
    );
    const order = buffer.loads.map((l) => l.loadId);
    const before = this.stored.get(tabId) ?? [];
    // What stays stored, oldest first: the loads still in the buffer (a dropped one's key goes).
    const kept = before.filter((id) => order.includes(id));
    await Promise.all(
      before.filter((id) => !kept.includes(id)).map((id) => this.session.removeItem(loadStorageKey(tabId, id))),
    );
    // Newest first, so that when storage.session is full the newest loads are the ones kept.
    for (const load of [...buffer.loads].reverse()) {
      if (!changed.has(load.loadId)) continue;
      const index = kept.indexOf(load.loadId);
      if (index >= 0) kept.splice(index, 1);
      if (await this.store(tabId, load.loadId, JSON.stringify(load), kept, order)) kept.push(load.loadId);
    }
    kept.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    this.stored.set(tabId, kept);
    await this.session.setItem(tabStorageKey(tabId), { loadIds: kept } satisfies StoredTab).catch(() => undefined);
  }

  /**
   * Stores one load's text; when storage.session is full, removes the oldest stored loads older
   * than it (from `kept`) until it fits. False when it does not fit even then: the buffer still
   * lives in memory, and a restarted worker finds the loads that fitted.
   */
  private async store(tabId: number, loadId: string, text: string, kept: string[], order: string[]): Promise<boolean> {
    for (;;) {
      try {
        await this.session.setItem(loadStorageKey(tabId, loadId), text);
        return true;
      } catch {
        const oldest = kept[0];
        if (oldest === undefined || order.indexOf(oldest) > order.indexOf(loadId)) {
          await this.session.removeItem(loadStorageKey(tabId, loadId)).catch(() => undefined);
          return false;
        }
        kept.shift();
        await this.session.removeItem(loadStorageKey(tabId, oldest)).catch(() => undefined);
      }
    }
  }
}
