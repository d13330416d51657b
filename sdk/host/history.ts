/** Spec section 2: history updates whose target address contains this are stopped. */
export const BLOCKED_HASH = '#department';

type HistoryMethod = History['pushState'];

/** True when a history update to `url` must be stopped. */
export function isBlockedHistoryUrl(url: string | URL | null | undefined): boolean {
  return url != null && String(url).includes(BLOCKED_HASH);
}

/**
 * Patches `history.pushState` and `replaceState` so that updates to an address containing
 * `#department` are stopped, whoever makes them. Returns the cleanup that restores the originals
 * (only if nobody patched them after us, so a later patch is never torn off).
 */
export function guardHistory(win: Window, log: Pick<Console, 'info'> = console): () => void {
  const history = win.history;
  const originals = { pushState: history.pushState, replaceState: history.replaceState };
  const wrap = (name: 'pushState' | 'replaceState'): HistoryMethod =>
    function (this: History, data: unknown, unused: string, url?: string | URL | null) {
      if (isBlockedHistoryUrl(url)) {
        log.info(`[Aisle] stopped a history update to ${String(url)}`);
        return;
      }
      return originals[name].call(this, data, unused, url);
    };
  const patched = { pushState: wrap('pushState'), replaceState: wrap('replaceState') };
  history.pushState = patched.pushState;
  history.replaceState = patched.replaceState;
  return () => {
    if (history.pushState === patched.pushState) history.pushState = originals.pushState;
    if (history.replaceState === patched.replaceState) history.replaceState = originals.replaceState;
  };
}
