/**
 * The User Timing marks Aisle sets, which its vitals read back and retailers' tools can see.
 * `aisle:first-screen` is when the shopper first saw the listing: aisle.js's first paint, the
 * server's markup as the browser painted it, or the app's first screen when neither came before.
 */
export const FIRST_SCREEN_MARK = 'aisle:first-screen';
/** The app's screen has replaced the first paint (or the page's content). */
export const TAKE_OVER_MARK = 'aisle:take-over';

/** Sets a mark once, at `startTime` when given (else now); a page without User Timing gets none. */
export function markOnce(win: Window, name: string, startTime?: number): void {
  try {
    if (win.performance.getEntriesByName(name, 'mark').length > 0) return;
    if (startTime === undefined) win.performance.mark(name);
    else win.performance.mark(name, { startTime });
  } catch {
    /* no User Timing here: the vitals report null for this mark */
  }
}

/**
 * Marks the first screen as the server's markup: when the browser first painted content, which is
 * that markup (aisle.js runs once the page is parsed), or now when it has not painted yet.
 */
export function markServerFirstScreen(win: Window): void {
  let painted: number | undefined;
  try {
    painted = win.performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
  } catch {
    painted = undefined;
  }
  markOnce(win, FIRST_SCREEN_MARK, painted);
}
