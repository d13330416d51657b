/**
 * The browser side of the page's Web Vitals: Google's web-vitals library (in the analytics chunk,
 * which loads after the first render, never in aisle.js), Aisle's User Timing marks, and the time
 * from a filter or sort change to the updated grid, read from the tracker's intents. The page
 * view's measures are recorded once, when the page is first hidden or goes away.
 */
import { onCLS, onINP, onLCP, onTTFB } from 'web-vitals/attribution';
import type { RootStore } from '../stores/RootStore.js';
import type { LifecycleAdapter } from '../ports/lifecycle.js';
import { VitalsRecord, type PageVitals } from './vitals.js';

/** User Timing marks Aisle sets (sdk/mount.ts), read back here. */
export const FIRST_SCREEN_MARK = 'aisle:first-screen';
/** The app's screen has replaced the first paint (or the page's content). */
export const TAKE_OVER_MARK = 'aisle:take-over';

function markTime(win: Window, name: string): number | null {
  try {
    const entry = win.performance.getEntriesByName(name, 'mark')[0];
    return entry ? entry.startTime : null;
  } catch {
    return null;
  }
}

/**
 * Watches this page view's vitals and hands them to `send` once (first hide or page hide); returns
 * the cleanup. Call it before the analytics session starts, so that the event is in the outbox
 * before the session's own page-hide flush sends it.
 */
export function watchVitals(options: {
  win: Window & typeof globalThis;
  root: RootStore;
  lifecycle: LifecycleAdapter;
  send: (vitals: PageVitals) => void;
}): () => void {
  const { win, root, lifecycle } = options;
  const record = new VitalsRecord(root.viewport.kind);
  let stopped = false;
  const safe = (fn: () => void): void => {
    try {
      fn();
    } catch (error) {
      root.env.log.warn('[Aisle] a Web Vitals measure could not be read:', error);
    }
  };
  // Every change is kept: a page that goes away fires pagehide before the library's own hidden
  // handler, and the latest value is then the final one.
  const all = { reportAllChanges: true };
  safe(() => {
    // An element aisle.js drew and the app replaced is gone by now: its image's address says what it was.
    onLCP((m) => record.set({ lcpMs: m.value, lcpElement: m.attribution.target ?? m.attribution.url ?? null }), all);
    onINP((m) => {
      const { interactionType, interactionTarget } = m.attribution;
      const interaction = [interactionType, interactionTarget].filter(Boolean).join(' ');
      record.set({ inpMs: m.value, inpInteraction: interaction || null });
    }, all);
    onCLS((m) => record.set({ cls: m.value, clsElement: m.attribution.largestShiftTarget ?? null }), all);
    onTTFB((m) => record.set({ ttfbMs: m.value }));
  });

  // A filter or sort intent arrives once its frame is painted, the results intent once the updated
  // grid is: the time between them is what the shopper waited.
  let changedAt: number | null = null;
  const stopIntents = root.tracker.observe((intent) => {
    if (intent.kind === 'filter' || intent.kind === 'sort') changedAt ??= win.performance.now();
    else if (intent.kind === 'results' && changedAt !== null) {
      record.filterUpdated(win.performance.now() - changedAt);
      changedAt = null;
    }
  });

  const send = (): void => {
    if (stopped) return;
    record.set({ firstScreenMs: markTime(win, FIRST_SCREEN_MARK), takeOverMs: markTime(win, TAKE_OVER_MARK) });
    const vitals = record.take();
    if (vitals) options.send(vitals);
  };
  const stopHidden = lifecycle.onHidden(send);
  const stopPageHide = lifecycle.onPageHide(send);
  return () => {
    stopped = true;
    stopHidden();
    stopPageHide();
    stopIntents();
  };
}
