// Apart from history.ts: the first render needs only this listener, not the history guard.

/** Calls `onPop` on back and forward; returns the cleanup. */
export function listenPopState(win: Window, onPop: () => void): () => void {
  win.addEventListener('popstate', onPop);
  return () => win.removeEventListener('popstate', onPop);
}
