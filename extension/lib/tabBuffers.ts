/**
 * Per-tab buffers. The MV3 background stops after about 30 s idle, so each is mirrored to storage.session and
 * read back lazily. A shop's tabs share one outbox and sender, so settled events are indexed across tabs; a
 * closed tab's buffer stays while a panel still shows it.
 */
import {
  allEvents,
  applyReport,
  applySettled,
  closedAt,
  indexSettled,
  outboxShopOf,
  pageStarted,
  restoreBuffer,
  settleLeftOutbox,
  tabClosed,
  type PageReport,
  type SettledIndex,
  type TabBuffer,
} from './inspectorBuffer.js';
import type { Touched } from './inspectorChanges.js';
import { BufferMirror, type MirrorTimers } from './inspectorMirror.js';
import type { SessionStorage } from './storageKeys.js';

export { PERSIST_DELAY_MS } from './inspectorMirror.js';

/** Timers the buffers use (injected so that tests run on fake time). */
export type BufferTimers = MirrorTimers;

type Listener = (buffer: TabBuffer, touched: Touched) => void;

/** What else hears of each change (the history kept across browser restarts, historyArchive.ts). */
export interface BufferArchive {
  changed(tabId: number, buffer: TabBuffer, touched: Touched): void;
}

const loadIds = (buffer: TabBuffer): Set<string> => new Set(buffer.loads.map((l) => l.loadId));

/** Per-tab buffers over storage.session. */
export class TabBuffers {
  private readonly buffers = new Map<number, Promise<TabBuffer>>();
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly mirror: BufferMirror;
  private readonly loaded = new Map<number, TabBuffer>();
  private readonly settled: SettledIndex = new Map();

  constructor(
    session: SessionStorage,
    timers: BufferTimers,
    private readonly now: () => number = Date.now,
    private readonly archive?: BufferArchive,
  ) {
    this.mirror = new BufferMirror(session, timers, now, (tabId) => this.buffers.get(tabId));
  }

  /** The buffer of `tabId`, restored from storage.session the first time. */
  get(tabId: number): Promise<TabBuffer> {
    let buffer = this.buffers.get(tabId);
    if (!buffer) {
      buffer = this.mirror.read(tabId).then((stored) => {
        const restored = restoreBuffer(stored, this.now);
        // A restarted background learns again what each tab saw settle, and shares it.
        indexSettled(restored, this.settled);
        applySettled(restored, this.settled, this.now());
        this.loaded.set(tabId, restored);
        return restored;
      });
      this.buffers.set(tabId, buffer);
    }
    return buffer;
  }

  /** Applies a validated page report and tells the tab's subscribers. */
  async report(tabId: number, loadId: string, url: string, report: PageReport): Promise<TabBuffer> {
    const buffer = await this.get(tabId);
    const known = this.settled.size;
    const isNew = !buffer.loads.some((l) => l.loadId === loadId);
    applyReport(buffer, loadId, url, report, this.now(), this.settled);
    // A new page load ends the others (their headers change); else only this load got the report.
    this.changed(tabId, buffer, isNew ? loadIds(buffer) : new Set([loadId]));
    if (report.kind === 'snapshot') this.reconcileClosedTabs(tabId, buffer, loadId, report.snapshot);
    if (this.settled.size !== known) {
      for (const [other, otherBuffer] of this.loaded)
        if (other !== tabId && applySettled(otherBuffer, this.settled, this.now()))
          this.changed(other, otherBuffer, new Set());
    }
    return buffer;
  }

  /**
   * The shop's outbox is shared by its tabs: a session that started after another tab was closed
   * lists every event the closed tab left in it, so one it does not list was taken by the service.
   */
  private reconcileClosedTabs(
    tabId: number,
    buffer: TabBuffer,
    loadId: string,
    snapshot: Extract<PageReport, { kind: 'snapshot' }>['snapshot'],
  ): void {
    const load = buffer.loads.find((l) => l.loadId === loadId);
    const shop = load && !load.ended ? outboxShopOf(load, snapshot) : null;
    if (!load || !shop) return;
    const seen = new Set(snapshot.events.map((e) => e.id));
    for (const [other, otherBuffer] of this.loaded) {
      const closed = closedAt(otherBuffer);
      if (other === tabId || closed === null || closed >= load.startedAt) continue;
      if (settleLeftOutbox(allEvents(otherBuffer), shop, seen, this.now(), this.settled))
        this.changed(other, otherBuffer, new Set());
    }
  }

  /** A page of the tab started (with Aisle or without): the others can no longer confirm their events. */
  async pageStarted(tabId: number, loadId: string): Promise<void> {
    const buffer = await this.get(tabId);
    if (pageStarted(buffer, loadId, this.now())) this.changed(tabId, buffer, loadIds(buffer));
  }

  async clear(tabId: number): Promise<void> {
    const buffer = await this.get(tabId);
    buffer.loads = [];
    this.changed(tabId, buffer, 'all');
  }

  /**
   * The tab was closed: its rows turn unconfirmed and say so. While a panel shows the tab its
   * buffer stays and follows the other tabs; else it is forgotten now.
   */
  async close(tabId: number): Promise<void> {
    if (!this.listeners.get(tabId)?.size) return this.remove(tabId);
    const buffer = await this.get(tabId);
    if (tabClosed(buffer, this.now())) this.changed(tabId, buffer, 'all');
    else if (buffer.loads.length === 0) await this.remove(tabId);
  }

  async remove(tabId: number): Promise<void> {
    this.buffers.delete(tabId);
    this.loaded.delete(tabId);
    await this.mirror.remove(tabId);
  }

  /** Calls `listener` with the tab's buffer now (all of it touched) and after every change; returns the unsubscribe. */
  subscribe(tabId: number, listener: Listener): () => void {
    let listeners = this.listeners.get(tabId);
    if (!listeners) this.listeners.set(tabId, (listeners = new Set()));
    listeners.add(listener);
    void this.get(tabId).then((buffer) => {
      if (listeners.has(listener)) listener(buffer, 'all');
    });
    return () => {
      listeners.delete(listener);
      // The last panel on a closed tab went: nothing will show its buffer again.
      const buffer = this.loaded.get(tabId);
      if (listeners.size === 0 && buffer && closedAt(buffer) !== null) void this.remove(tabId);
    };
  }

  /** Writes every pending buffer now (tests, and before the background is stopped). */
  flush(): Promise<void> {
    return this.mirror.flush();
  }

  private changed(tabId: number, buffer: TabBuffer, touched: Touched): void {
    this.listeners.get(tabId)?.forEach((listener) => listener(buffer, touched));
    this.mirror.changed(tabId, touched);
    this.archive?.changed(tabId, buffer, touched);
  }
}
