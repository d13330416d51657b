/**
 * The inspector view's state: the tab's buffer as the background last sent it, the filters, and
 * what the filters leave, grouped by page load. Used by the DevTools panel and the side panel.
 */
import { action, computed, makeObservable, observable } from 'mobx';
import { EVENT_STATES, type EventState } from './pageData.js';
import { currentLoad, emptyBuffer, type BufferedEvent, type PageLoad, type TabBuffer } from './inspectorBuffer.js';

/** One page load with the events the filters keep. */
export interface LoadGroup {
  load: PageLoad;
  events: BufferedEvent[];
}

/** The inspector's view state. */
export class InspectorStore {
  buffer: TabBuffer = emptyBuffer();
  connected = false;
  nameFilter = '';
  stateFilter: EventState | '' = '';
  textFilter = '';
  now: number;

  constructor(now: number) {
    this.now = now;
    makeObservable(this, {
      buffer: observable.ref,
      connected: observable,
      nameFilter: observable,
      stateFilter: observable,
      textFilter: observable,
      now: observable,
      eventNames: computed,
      groups: computed,
      session: computed,
      setBuffer: action,
      setConnected: action,
      setNameFilter: action,
      setStateFilter: action,
      setTextFilter: action,
      tick: action,
    });
  }

  /** Every event name seen, for the name filter. */
  get eventNames(): string[] {
    return [...new Set(this.buffer.loads.flatMap((l) => l.events.map((e) => e.event)))].sort();
  }

  /** Page loads, newest first, with the events the filters keep (each load's in seq order). */
  get groups(): LoadGroup[] {
    const text = this.textFilter.trim().toLowerCase();
    return [...this.buffer.loads].reverse().map((load) => ({
      load,
      events: load.events
        .filter((e) => !this.nameFilter || e.event === this.nameFilter)
        .filter((e) => !this.stateFilter || e.state === this.stateFilter)
        .filter((e) => !text || JSON.stringify(e).toLowerCase().includes(text))
        .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)),
    }));
  }

  /** The session of the latest load that has one. */
  get session(): PageLoad['session'] {
    return (
      currentLoad(this.buffer)?.session ?? [...this.buffer.loads].reverse().find((l) => l.session)?.session ?? null
    );
  }

  setBuffer(buffer: TabBuffer): void {
    this.buffer = buffer;
  }

  setConnected(connected: boolean): void {
    this.connected = connected;
  }

  setNameFilter(name: string): void {
    this.nameFilter = name;
  }

  setStateFilter(state: string): void {
    this.stateFilter = EVENT_STATES.find((s) => s === state) ?? '';
  }

  setTextFilter(text: string): void {
    this.textFilter = text;
  }

  /** Moves the clock of the expiry countdown. */
  tick(now: number): void {
    this.now = now;
  }
}
