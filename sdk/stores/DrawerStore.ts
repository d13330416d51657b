import { makeAutoObservable } from 'mobx';
import type { TimerHandle, Timers } from '../ports/env.js';

/** Content-ready follows opening by ~10 ms, so the opening transition can run. */
export const DRAWER_READY_MS = 10;
/** Closing animates for 300 ms before the drawer is hidden. */
export const DRAWER_CLOSE_MS = 300;

/** The All Filters drawer: one accordion section open at a time. */
export class DrawerStore {
  /** Open, or still animating closed. */
  visible = false;
  open = false;
  contentReady = false;
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

  toggleSection(key: string): void {
    this.openSection = this.openSection === key ? null : key;
  }

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
