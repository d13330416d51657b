import { makeAutoObservable } from 'mobx';
import type { TimerHandle, Timers } from '../ports/env.js';

/** The content-ready class follows opening by about 10 ms, so the opening transition can run. */
export const DRAWER_READY_MS = 10;
/** Closing animates for 300 ms before the drawer is hidden. */
export const DRAWER_CLOSE_MS = 300;

/**
 * The All Filters drawer: open → content-ready after 10 ms; close → 300 ms of
 * animation → hidden. One accordion section is open at a time, tracked by filter key.
 */
export class DrawerStore {
  /** The drawer is in the page (open, or still animating closed). */
  visible = false;
  /** The drawer is open (not closing). */
  open = false;
  /** The content-ready class is on: the slide-in transition runs. */
  contentReady = false;
  /** Key of the open accordion section, or null. */
  openSection: string | null = null;
  private timer: TimerHandle | null = null;

  constructor(private readonly timers: Timers) {
    makeAutoObservable<DrawerStore, 'timers' | 'timer'>(this, { timers: false, timer: false });
  }

  show(): void {
    this.cancel();
    this.visible = true;
    this.open = true;
    this.timer = this.timers.setTimeout(() => this.ready(), DRAWER_READY_MS);
  }

  close(): void {
    if (!this.visible || !this.open) return;
    this.cancel();
    this.open = false;
    this.contentReady = false;
    this.timer = this.timers.setTimeout(() => this.hidden(), DRAWER_CLOSE_MS);
  }

  /** Opens `key`'s accordion section, closing any other; toggles it closed when already open. */
  toggleSection(key: string): void {
    this.openSection = this.openSection === key ? null : key;
  }

  /** Clears a pending step (on unmount). */
  dispose(): void {
    this.cancel();
  }

  private ready(): void {
    this.timer = null;
    this.contentReady = true;
  }

  private hidden(): void {
    this.timer = null;
    this.visible = false;
  }

  private cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
