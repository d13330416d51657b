/**
 * Tells the popup when a tab's status may have changed (its buffer over the inspector's port, or the
 * registration error), so it asks again then instead of polling.
 */
import { connectInspector, type PortLike } from './inspectorPorts.js';
import type { BufferTimers } from './tabBuffers.js';

/** What the feed listens to (the extension's APIs, or fakes in tests). */
export interface TabStatusFeedDeps {
  tabId: number;
  /** Opens a port named `inspector` to the background. */
  connect(): PortLike;
  timers: BufferTimers;
  /** Watches the registration error; returns the cleanup. */
  watchRegistrationError(callback: () => void): () => void;
  /** Called whenever the status may have changed (and once the feed is connected). */
  onChange(): void;
}

/** Starts listening; returns the cleanup. */
export function watchTabStatus(deps: TabStatusFeedDeps): () => void {
  let stopped = false;
  const changed = (): void => {
    if (!stopped) deps.onChange();
  };
  const port = connectInspector({
    connect: deps.connect,
    tabId: deps.tabId,
    timers: deps.timers,
    onBuffer: changed,
    // A restarted background may have seen the tab change while the port was down.
    onConnection: (connected) => {
      if (connected) changed();
    },
  });
  const unwatch = deps.watchRegistrationError(changed);
  return () => {
    stopped = true;
    port.close();
    unwatch();
  };
}
