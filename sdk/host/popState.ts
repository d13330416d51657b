// Apart from history.ts: the first render needs only these listeners, not the history guard.

/** Calls `onPop` on back and forward; returns the cleanup. */
export function listenPopState(win: Window, onPop: () => void): () => void {
  win.addEventListener('popstate', onPop);
  return () => win.removeEventListener('popstate', onPop);
}

/** Calls `onGo` when the page goes away (`pagehide`) or is hidden; returns the cleanup. */
export function onLeave(win: Window, onGo: () => void): () => void {
  const hidden = () => {
    if (win.document.visibilityState === 'hidden') onGo();
  };
  win.addEventListener('pagehide', onGo);
  win.document.addEventListener('visibilitychange', hidden);
  return () => {
    win.removeEventListener('pagehide', onGo);
    win.document.removeEventListener('visibilitychange', hidden);
  };
}
