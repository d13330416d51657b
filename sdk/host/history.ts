/** History updates whose target address contains this are stopped (a route rule of the product). */
export const BLOCKED_HASH = '#department';

type HistoryMethod = History['pushState'];

/** True when a history update to `url` must be stopped. */
export function isBlockedHistoryUrl(url: string | URL | null | undefined): boolean {
  return url != null && String(url).includes(BLOCKED_HASH);
}

/**
 * Stops `pushState`/`replaceState` to `#department`, whoever calls. Free of imports on purpose: it
 * installs synchronously before the first render. If someone patched after us (a router, a tag),
 * their patch still calls ours, so cleanup makes ours inert instead of tearing it out.
 */
export function guardHistory(win: Window, log: Pick<Console, 'info'> = console): () => void {
  const history = win.history;
  const originals = { pushState: history.pushState, replaceState: history.replaceState };
  let disposed = false;
  const wrap = (name: 'pushState' | 'replaceState'): HistoryMethod =>
    function (this: History, data: unknown, unused: string, url?: string | URL | null) {
      if (!disposed && isBlockedHistoryUrl(url)) {
        log.info(`[Aisle] stopped a history update to ${String(url)}`);
        return;
      }
      return originals[name].call(this, data, unused, url);
    };
  const patched = { pushState: wrap('pushState'), replaceState: wrap('replaceState') };
  history.pushState = patched.pushState;
  history.replaceState = patched.replaceState;
  return () => {
    disposed = true;
    if (history.pushState === patched.pushState) history.pushState = originals.pushState;
    if (history.replaceState === patched.replaceState) history.replaceState = originals.replaceState;
  };
}
