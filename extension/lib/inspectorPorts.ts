/**
 * The inspector's live feed over a port named `inspector`: the whole buffer once, then changes at most every
 * THROTTLE_MS. Ports die with the MV3 background; the client reconnects and gets the whole buffer again.
 */
import type { TabBuffer } from './inspectorBuffer.js';
import { applyChanges, ChangeTracker, type BufferChanges } from './inspectorChanges.js';
import type { BufferTimers, TabBuffers } from './tabBuffers.js';

export const PORT_NAME = 'inspector';
export const THROTTLE_MS = 100;

/** Panel → background. */
export type PanelMessage = { type: 'subscribe'; tabId: number } | { type: 'clear' };
/** Background → panel. */
export type BackgroundMessage =
  { type: 'buffer'; tabId: number; buffer: TabBuffer } | { type: 'changes'; tabId: number; changes: BufferChanges };

/** The part of `runtime.Port` both ends use. */
export interface PortLike {
  name: string;
  postMessage(message: unknown): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/** Background side: serves one panel port. */
export function serveInspectorPort(
  port: PortLike,
  buffers: TabBuffers,
  timers: BufferTimers,
  now: () => number = Date.now,
): void {
  let tabId: number | null = null;
  let unsubscribe = (): void => undefined;
  let latest: TabBuffer | null = null;
  let tracker = new ChangeTracker();
  let timer: unknown;
  const send = (): void => {
    timer = undefined;
    if (latest && tabId !== null) {
      const next = tracker.next(latest, now());
      const message: BackgroundMessage =
        'buffer' in next
          ? { type: 'buffer', tabId, buffer: next.buffer }
          : { type: 'changes', tabId, changes: next.changes };
      try {
        port.postMessage(message);
      } catch {
        unsubscribe(); // The panel went away between the change and the send.
      }
    }
  };
  port.onMessage.addListener((raw) => {
    const message = raw as Partial<PanelMessage> | null;
    if (message?.type === 'subscribe' && Number.isInteger(message.tabId)) {
      unsubscribe();
      tabId = message.tabId as number;
      tracker = new ChangeTracker();
      unsubscribe = buffers.subscribe(tabId, (buffer, touched) => {
        latest = buffer;
        tracker.touch(touched);
        timer ??= timers.setTimeout(send, THROTTLE_MS);
      });
    } else if (message?.type === 'clear' && tabId !== null) {
      void buffers.clear(tabId);
    }
  });
  port.onDisconnect.addListener(() => {
    unsubscribe();
    if (timer !== undefined) timers.clearTimeout(timer);
  });
}

/** Panel side: keeps a port to the background open for `tabId`, reconnecting when it drops. */
export function connectInspector(options: {
  connect(): PortLike;
  tabId: number;
  timers: BufferTimers;
  onBuffer(buffer: TabBuffer): void;
  onConnection(connected: boolean): void;
}): { clear(): void; close(): void } {
  let port: PortLike | null = null;
  let closed = false;
  let delay = 100;
  const open = (): void => {
    if (closed) return;
    try {
      port = options.connect();
    } catch {
      port = null;
      options.timers.setTimeout(open, (delay = Math.min(delay * 2, 2000)));
      return;
    }
    const current = port;
    // Changes apply to the buffer this port received; a reconnected port starts with a whole one.
    let buffer: TabBuffer | null = null;
    current.onMessage.addListener((raw) => {
      const message = raw as BackgroundMessage | null;
      if (message?.tabId !== options.tabId) return;
      if (message.type === 'buffer' && message.buffer) buffer = message.buffer;
      else if (message.type === 'changes' && message.changes && buffer) buffer = applyChanges(buffer, message.changes);
      else return;
      delay = 100;
      options.onBuffer(buffer);
    });
    current.onDisconnect.addListener(() => {
      if (port === current) port = null;
      options.onConnection(false);
      if (!closed) options.timers.setTimeout(open, delay);
      delay = Math.min(delay * 2, 2000);
    });
    current.postMessage({ type: 'subscribe', tabId: options.tabId } satisfies PanelMessage);
    options.onConnection(true);
  };
  open();
  return {
    clear: () => port?.postMessage({ type: 'clear' } satisfies PanelMessage),
    close: () => {
      closed = true;
    },
  };
}
