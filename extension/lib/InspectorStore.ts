/** The inspector view's state (filters, page-load groups, selection), for the DevTools panel and side panel. */
import { action, computed, makeObservable, observable } from 'mobx';
import {
  closedAt,
  currentLoad,
  emptyBuffer,
  type BufferedEvent,
  type PageLoad,
  type TabBuffer,
} from './inspectorBuffer.js';
import { eventTime } from './inspectorExport.js';
import { healthOf, shownState, SHOWN_STATES, STATE_LABELS, type Health, type ShownState } from './inspectorHealth.js';
import { factsOf, loadStamp } from './inspectorLoadFacts.js';
import { validateEvent } from '../../sdk/public/tools.js';

/** One page load with the events the filters keep. */
export interface LoadGroup {
  load: PageLoad;
  events: BufferedEvent[];
}

/** A file being studied instead of the live tab. */
export interface ImportedFile {
  name: string;
  exportedAt: string | null;
  /** Set when it is the history kept across browser restarts (historyView.ts), not a file. */
  history?: { previous: number; bytes: number };
}

/** The inspector's view state. */
export class InspectorStore {
  buffer: TabBuffer = emptyBuffer();
  /** The live tab's buffer, kept while an imported file is shown. */
  private live: TabBuffer = emptyBuffer();
  imported: ImportedFile | null = null;
  connected = false;
  nameFilter = '';
  stateFilter: ShownState | '' = '';
  textFilter = '';
  selectedId: string | null = null;
  detailOpen = false;
  now: number;
  /** Validation problems by event id, of the buffer on show (live or imported). */
  private checked = new Map<string, string[]>();
  /** Each page load's events the filters keep, by load object, with what they were worked out for. */
  private filtered = new WeakMap<PageLoad, { key: string; events: BufferedEvent[] }>();
  /** Each page load's events in order, by load object. */
  private sorted = new WeakMap<
    PageLoad,
    { source: BufferedEvent[]; length: number; last: BufferedEvent | undefined; sorted: BufferedEvent[] }
  >();

  constructor(now: number) {
    this.now = now;
    makeObservable<InspectorStore, 'live'>(this, {
      buffer: observable.ref,
      live: observable.ref,
      imported: observable.ref,
      connected: observable,
      nameFilter: observable,
      stateFilter: observable,
      textFilter: observable,
      selectedId: observable,
      detailOpen: observable,
      now: observable,
      eventNames: computed,
      groups: computed,
      rows: computed,
      shownCount: computed,
      counts: computed,
      shops: computed,
      warnings: computed,
      filteredBuffer: computed,
      selected: computed,
      session: computed,
      tabClosedAt: computed,
      health: computed,
      filtersActive: computed,
      setBuffer: action,
      showImport: action,
      leaveImport: action,
      setConnected: action,
      setNameFilter: action,
      setStateFilter: action,
      setTextFilter: action,
      clearFilters: action,
      select: action,
      moveSelection: action,
      openSelected: action,
      closeDetail: action,
      tick: action,
    });
  }

  /** Every event name seen, for the name filter. */
  get eventNames(): string[] {
    return [...new Set(this.buffer.loads.flatMap((l) => [...factsOf(l).names]))].sort();
  }

  /** Every shop seen; more than one means a tenant switch mixed shops, and the table says which. */
  get shops(): string[] {
    return [...new Set(this.buffer.loads.flatMap((l) => [...factsOf(l).shops]))].sort();
  }

  /** The shop of the latest page load's analytics session, if one runs. */
  get currentShop(): string | null {
    return currentLoad(this.buffer)?.activeShop ?? null;
  }

  get filtersActive(): boolean {
    return this.nameFilter !== '' || this.stateFilter !== '' || this.textFilter.trim() !== '';
  }

  /**
   * Page loads, newest first, with the events the filters keep (each load's in the order recorded).
   * A load whose events and the filters did not change keeps its list, so its rows are not drawn again.
   */
  get groups(): LoadGroup[] {
    const text = this.textFilter.trim().toLowerCase();
    const filters = JSON.stringify([this.nameFilter, this.stateFilter, text]);
    return [...this.buffer.loads].reverse().map((load) => {
      const key = `${filters}:${load.events.length}:${loadStamp(load)}`;
      const cached = this.filtered.get(load);
      if (cached?.key === key) return { load, events: cached.events };
      const { nameFilter, stateFilter } = this;
      const events = this.sortedEvents(load)
        .filter((e) => !nameFilter || e.event === nameFilter)
        .filter((e) => !stateFilter || shownState(e) === stateFilter)
        .filter((e) => !text || JSON.stringify(e).toLowerCase().includes(text));
      this.filtered.set(load, { key, events });
      return { load, events };
    });
  }

  /**
   * A load's events in the order recorded. A load the last change did not touch keeps its object
   * (see inspectorChanges), so its order is worked out once, not at every event of another load.
   */
  private sortedEvents(load: PageLoad): BufferedEvent[] {
    const { events } = load;
    const cached = this.sorted.get(load);
    // A buffer changed in place (tests, the background's own) keeps its objects: check the list too.
    if (cached?.source === events && cached.length === events.length && cached.last === events.at(-1))
      return cached.sorted;
    const time = new Map(events.map((e) => [e, eventTime(e)]));
    const sorted = [...events].sort((a, b) => time.get(a)! - time.get(b)! || (a.seq ?? 0) - (b.seq ?? 0));
    this.sorted.set(load, { source: events, length: events.length, last: events.at(-1), sorted });
    return sorted;
  }

  /** The rows the table shows, in order (for keyboard moves and exports). */
  get rows(): BufferedEvent[] {
    return this.groups.flatMap((g) => g.events);
  }

  /** How many events the filters keep (without listing 10,000 rows again at every change). */
  get shownCount(): number {
    let count = 0;
    for (const group of this.groups) count += group.events.length;
    return count;
  }

  /** How many events are in each shown state (filters aside). */
  get counts(): Record<ShownState, number> {
    const counts = Object.fromEntries(SHOWN_STATES.map((s) => [s, 0])) as Record<ShownState, number>;
    for (const load of this.buffer.loads) for (const s of SHOWN_STATES) counts[s] += factsOf(load).counts[s];
    return counts;
  }

  /**
   * Why each event breaks the event catalogue, by id (events without a payload yet are skipped).
   * An event's payload is fixed when the shopper's page records it, so each event is checked once.
   */
  get warnings(): Map<string, string[]> {
    const warnings = new Map<string, string[]>();
    for (const load of this.buffer.loads)
      for (const e of load.events) {
        const problems = this.problemsOf(e);
        if (problems) warnings.set(e.id, problems);
      }
    return warnings;
  }

  /** Why `event` breaks the event catalogue (checked once per event id), or undefined when it does not. */
  problemsOf(event: BufferedEvent): string[] | undefined {
    if (event.payload === null) return undefined;
    let problems = this.checked.get(event.id);
    if (!problems) {
      const truncated = (event.payload as { truncated?: unknown }).truncated === true;
      problems = truncated
        ? ['the payload was too large to keep whole, so it was not checked']
        : validateEvent(event.payload);
      this.checked.set(event.id, problems);
    }
    return problems.length > 0 ? problems : undefined;
  }

  /** The buffer cut down to what the filters keep: what exports write. */
  get filteredBuffer(): TabBuffer {
    const kept = new Map(this.groups.map((g) => [g.load.loadId, g.events]));
    return {
      loads: this.buffer.loads
        .map((load) => ({ ...load, events: kept.get(load.loadId) ?? [] }))
        .filter((load) => !this.filtersActive || load.events.length > 0),
    };
  }

  /** The selected row's event, if it is still shown. */
  get selected(): BufferedEvent | null {
    // Read once: an observable read per row costs more than the comparison.
    const id = this.selectedId;
    if (id === null) return null;
    for (const group of this.groups) for (const event of group.events) if (event.id === id) return event;
    return null;
  }

  /** The session of the latest load that has one. */
  get session(): PageLoad['session'] {
    return (
      currentLoad(this.buffer)?.session ?? [...this.buffer.loads].reverse().find((l) => l.session)?.session ?? null
    );
  }

  /** When the live tab was closed (epoch ms), else null (and always null for an imported file). */
  get tabClosedAt(): number | null {
    return this.imported ? null : closedAt(this.buffer);
  }

  get health(): Health {
    return healthOf(this.buffer, this.now);
  }

  /** The label of a state, for the chips and the counts. */
  label(state: ShownState): string {
    return STATE_LABELS[state];
  }

  setBuffer(buffer: TabBuffer): void {
    this.live = buffer;
    if (!this.imported) this.buffer = buffer;
  }

  /** Shows an imported export instead of the live tab, until `leaveImport`. */
  showImport(buffer: TabBuffer, file: ImportedFile): void {
    // A file may hold other payloads under the live tab's ids.
    this.checked = new Map();
    this.imported = file;
    this.buffer = buffer;
    this.selectedId = null;
    this.detailOpen = false;
  }

  leaveImport(): void {
    this.checked = new Map();
    this.imported = null;
    this.buffer = this.live;
    this.selectedId = null;
    this.detailOpen = false;
  }

  setConnected(connected: boolean): void {
    this.connected = connected;
  }

  setNameFilter(name: string): void {
    this.nameFilter = name;
  }

  setStateFilter(state: string): void {
    this.stateFilter = SHOWN_STATES.find((s) => s === state) ?? '';
  }

  setTextFilter(text: string): void {
    this.textFilter = text;
  }

  clearFilters(): void {
    this.nameFilter = '';
    this.stateFilter = '';
    this.textFilter = '';
  }

  /** Selects the row of `id` (a click also opens it). */
  select(id: string, open = false): void {
    this.selectedId = id;
    if (open) this.detailOpen = true;
  }

  /**
   * Moves the selection `delta` rows (arrow keys), staying within the shown rows. With none selected,
   * a move down starts above the first row and a move up below the last (End reaches the last).
   */
  moveSelection(delta: number): void {
    const rows = this.rows;
    if (rows.length === 0) return;
    const id = this.selectedId;
    const at = rows.findIndex((e) => e.id === id);
    const from = at >= 0 ? at : delta > 0 ? -1 : rows.length;
    this.selectedId = rows[Math.min(rows.length - 1, Math.max(0, from + delta))]!.id;
  }

  openSelected(): void {
    if (this.selected) this.detailOpen = true;
  }

  closeDetail(): void {
    this.detailOpen = false;
  }

  /** Moves the clock of the countdowns. */
  tick(now: number): void {
    this.now = now;
  }
}
