/**
 * What the background sends a panel after the first buffer: the changes since the last send. Sending all
 * 10,000 events five times a second cost the panel seconds per key press.
 */
import {
  MAX_LOG_PER_LOAD,
  type BufferedEvent,
  type PageLoad,
  type SessionLogEntry,
  type TabBuffer,
} from './inspectorBuffer.js';

/** A page load without its events and log. */
export type LoadHeader = Omit<PageLoad, 'events' | 'log'>;

/** What changed in one page load. */
export interface LoadChange {
  loadId: string;
  /** Present when a report reached the load (its searches, session, preview or events changed). */
  header?: LoadHeader;
  /** The load's event ids in order, present with the header (events come and go only then). */
  eventIds?: string[];
  /** Events updated since the last send. */
  events: BufferedEvent[];
  /** Log entries appended since the last send; `reset`: the whole log (the last one sent was trimmed away). */
  log?: { entries: SessionLogEntry[]; reset: boolean };
}

/** The changes of a buffer since the last send. */
export interface BufferChanges {
  /** Every page load's id, oldest first: a load not named here was dropped. */
  order: string[];
  loads: LoadChange[];
}

/** Which loads a change of the buffer touched: some by id, or all of them (a new page, a clear). */
export type Touched = ReadonlySet<string> | 'all';

function headerOf(load: PageLoad): LoadHeader {
  const { events: _events, log: _log, ...header } = load;
  return header;
}

/**
 * The background's side, one per panel port: gathers which loads changed between two sends and
 * writes either the whole buffer (the first send, or after a clear) or the changes.
 */
export class ChangeTracker {
  private sentAt: number | null = null;
  private touched = new Set<string>();
  private everything = true;
  private readonly lastLog = new Map<string, SessionLogEntry | undefined>();

  /** Records that `touched` loads changed. */
  touch(touched: Touched): void {
    if (touched === 'all') this.everything = true;
    else for (const id of touched) this.touched.add(id);
  }

  /** The message for `buffer` at `now`: the whole buffer, or the changes since the last one. */
  next(buffer: TabBuffer, now: number): { buffer: TabBuffer } | { changes: BufferChanges } {
    const since = this.sentAt;
    const whole = this.everything || since === null;
    this.sentAt = now;
    this.everything = false;
    const touched = this.touched;
    this.touched = new Set();
    if (whole) {
      this.lastLog.clear();
      for (const load of buffer.loads) this.lastLog.set(load.loadId, load.log.at(-1));
      return { buffer };
    }
    const loads: LoadChange[] = [];
    for (const load of buffer.loads) {
      const events = load.events.filter((e) => e.updatedAt >= since);
      const reported = touched.has(load.loadId) || !this.lastLog.has(load.loadId);
      const log = this.newLog(load);
      if (!reported && events.length === 0 && !log) continue;
      loads.push({
        loadId: load.loadId,
        ...(reported ? { header: headerOf(load), eventIds: load.events.map((e) => e.id) } : {}),
        events,
        ...(log ? { log } : {}),
      });
    }
    for (const id of [...this.lastLog.keys()]) if (!buffer.loads.some((l) => l.loadId === id)) this.lastLog.delete(id);
    return { changes: { order: buffer.loads.map((l) => l.loadId), loads } };
  }

  private newLog(load: PageLoad): LoadChange['log'] | undefined {
    const last = this.lastLog.get(load.loadId);
    this.lastLog.set(load.loadId, load.log.at(-1));
    if (load.log.at(-1) === last) return undefined;
    const at = last === undefined ? -1 : load.log.lastIndexOf(last);
    if (last !== undefined && at < 0) return { entries: load.log, reset: true };
    return { entries: load.log.slice(at + 1), reset: false };
  }
}

/**
 * The panel's side: `buffer` with `changes` applied, as a new buffer object. Loads and events that
 * did not change keep their identity, so that what is derived from them (validation, rows) is not
 * worked out again.
 */
export function applyChanges(buffer: TabBuffer, changes: BufferChanges): TabBuffer {
  const byId = new Map(buffer.loads.map((l) => [l.loadId, l]));
  const changed = new Map(changes.loads.map((c) => [c.loadId, c]));
  const loads = changes.order.flatMap((loadId): PageLoad[] => {
    const old = byId.get(loadId);
    const change = changed.get(loadId);
    if (!change) return old ? [old] : [];
    const header = change.header ?? (old ? headerOf(old) : null);
    if (!header) return [];
    const events = new Map((old?.events ?? []).map((e) => [e.id, e]));
    for (const e of change.events) events.set(e.id, e);
    const ids = change.eventIds ?? (old?.events ?? []).map((e) => e.id);
    for (const e of change.events) if (!change.eventIds && !ids.includes(e.id)) ids.push(e.id);
    const log = !change.log
      ? (old?.log ?? [])
      : change.log.reset
        ? change.log.entries
        : [...(old?.log ?? []), ...change.log.entries].slice(-MAX_LOG_PER_LOAD);
    return [{ ...header, events: ids.flatMap((id) => events.get(id) ?? []), log }];
  });
  return { loads };
}
