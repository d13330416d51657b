/** Reports the window width on resize (the one viewport store reads it); returns the cleanup. */
export function watchViewport(win: Window, onWidth: (width: number) => void): () => void {
  let frame = 0;
  const onResize = (): void => {
    // One update per frame at most: resizing fires far more often than the layout can change.
    if (frame) return;
    frame = win.requestAnimationFrame(() => {
      frame = 0;
      onWidth(win.innerWidth);
    });
  };
  win.addEventListener('resize', onResize, { passive: true });
  return () => {
    win.removeEventListener('resize', onResize);
    if (frame) win.cancelAnimationFrame(frame);
  };
}
