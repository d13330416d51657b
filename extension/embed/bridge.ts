/**
 * The main-world bridge forwards `aisle:debug` details and changed snapshots to the relay, for the page's
 * own Aisle or the extension's, whichever loads first: it listens from document_start and polls.
 */
import { MAX_MESSAGE_CHARS } from '../lib/pageData.js';
import { createPageChannel } from '../lib/pageChannel.js';
import { DEBUG_EVENT, GLOBAL_NAME, type WindowWithAisle } from '../../sdk/public/tools.js';

/** How often the bridge looks at the snapshot (an `aisle:debug` event also triggers a look). */
export const SNAPSHOT_POLL_MS = 1000;

type DebugHook = { debug?: { snapshot?: () => unknown } };

/** The part of the page channel the bridge sends on. */
export type BridgeChannel = Pick<ReturnType<typeof createPageChannel>, 'sendMessage'>;

/** JSON text of `value` when it is JSON-safe and small enough, else null. */
function jsonText(value: unknown): string | null {
  try {
    const text = JSON.stringify(value);
    return text !== undefined && text.length <= MAX_MESSAGE_CHARS ? text : null;
  } catch {
    return null;
  }
}

/** Starts the bridge in `win` (the page's main world); returns its cleanup. */
export function startBridge(win: Window, channel: BridgeChannel = createPageChannel()): () => void {
  let last = '';
  // The window's own timers: a test hands in a window on fake time.
  let soon: number | undefined;
  const look = (): void => {
    soon = undefined;
    let snapshot: unknown;
    try {
      const hook = (win as WindowWithAisle)[GLOBAL_NAME] as DebugHook | undefined;
      if (typeof hook?.debug?.snapshot !== 'function') return;
      snapshot = hook.debug.snapshot();
    } catch {
      return; // A page's broken or hostile `Aisle` must not break the bridge.
    }
    const text = jsonText(snapshot);
    if (text === null || text === last) return;
    last = text;
    channel.sendMessage('aisleSnapshot', JSON.parse(text)).catch(() => undefined);
  };
  const onDebug = (event: Event): void => {
    const text = jsonText((event as CustomEvent).detail);
    if (text !== null) channel.sendMessage('aisleDebug', JSON.parse(text)).catch(() => undefined);
    soon ??= win.setTimeout(look, 50);
  };
  win.addEventListener(DEBUG_EVENT, onDebug);
  const poll = win.setInterval(look, SNAPSHOT_POLL_MS);
  return () => {
    win.removeEventListener(DEBUG_EVENT, onDebug);
    win.clearInterval(poll);
    if (soon !== undefined) win.clearTimeout(soon);
    soon = undefined;
  };
}
