/**
 * Web Vitals via the web-vitals library in its own chunk loaded at idle (loaded with the analytics
 * session it slowed the drawer's opening in the benchmark), recorded once when the page first hides.
 */
import type { RootStore } from '../stores/RootStore.js';
import type { LifecycleAdapter } from '../ports/lifecycle.js';
import { VitalsRecord, type PageVitals } from './vitals.js';
import { FIRST_SCREEN_MARK, TAKE_OVER_MARK } from '../host/marks.js';

/** The library loads at the page's first idle moment, or after this long at the latest. */
export const IDLE_TIMEOUT_MS = 3000;

/** User Timing marks Aisle sets (sdk/host/marks.ts), read back here. */
export { FIRST_SCREEN_MARK, TAKE_OVER_MARK };
/** The page's LCP has reached Aisle's vitals (the library loads at idle, so a page left sooner reports none). */
export const LCP_SEEN_MARK = 'aisle:lcp-seen';

/** A short CSS selector for `node` (up to three levels: tag, id or first class), or null. */
export function selectorOf(node: Node | null | undefined): string | null {
  const parts: string[] = [];
  let el: Element | null = node && node.nodeType === 1 ? (node as Element) : (node?.parentElement ?? null);
  while (el && parts.length < 3 && el.tagName !== 'BODY' && el.tagName !== 'HTML') {
    const cls = el.classList?.[0];
    parts.unshift(el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`);
    if (el.id) break;
    el = el.parentElement;
  }
  return parts.length ? parts.join('>') : null;
}

function markTime(win: Window, name: string): number | null {
  try {
    const entry = win.performance.getEntriesByName(name, 'mark')[0];
    return entry ? entry.startTime : null;
  } catch {
    return null;
  }
}

/** Feeds `record` from the `web-vitals` library's observers (each change: the latest is the final one). */
function observeVitals(
  { onCLS, onINP, onLCP, onTTFB }: typeof import('web-vitals'),
  record: VitalsRecord,
  win: Window,
): void {
  // Every change is kept: a page that goes away fires pagehide before the library's own hidden
  // handler, and the latest value is then the final one.
  const all = { reportAllChanges: true };
  onLCP((m) => {
    const entry = m.entries.at(-1) as (PerformanceEntry & { element?: Element | null; url?: string }) | undefined;
    // An element aisle.js drew and the app replaced is gone by now: its image's address says what it was.
    record.set({ lcpMs: m.value, lcpElement: selectorOf(entry?.element) ?? (entry?.url || null) });
    // Tools (and the tests) can tell when the page's LCP is known to Aisle.
    if (win.performance.getEntriesByName?.(LCP_SEEN_MARK).length === 0) win.performance.mark?.(LCP_SEEN_MARK);
  }, all);
  onINP((m) => {
    const entry = m.entries.find((e) => e.target) ?? m.entries[0];
    const kind = entry ? (/^key/.test(entry.name) ? 'keyboard' : 'pointer') : null;
    const interaction = [kind, selectorOf(entry?.target)].filter(Boolean).join(' ');
    record.set({ inpMs: m.value, inpInteraction: interaction || null });
  }, all);
  onCLS((m) => {
    const shift = m.entries.reduce<(typeof m.entries)[number] | undefined>(
      (a, b) => (a && a.value >= b.value ? a : b),
      undefined,
    );
    const source = shift?.sources?.reduce<LayoutShiftAttribution | undefined>(
      (a, b) =>
        a && a.previousRect.width * a.previousRect.height >= b.previousRect.width * b.previousRect.height ? a : b,
      undefined,
    );
    record.set({ cls: m.value, clsElement: selectorOf(source?.node) });
  }, all);
  onTTFB((m) => record.set({ ttfbMs: m.value }));
}

/**
 * Records the shopper's waits after a filter or sort: its intent arrives once its frame is painted,
 * the results intent once the updated grid is. Returns what stops it.
 */
function watchFilterWaits(root: RootStore, record: VitalsRecord, win: Window): () => void {
  let changedAt: number | null = null;
  return root.tracker.observe((intent) => {
    if (intent.kind === 'filter' || intent.kind === 'sort') changedAt ??= win.performance.now();
    else if (intent.kind === 'results' && changedAt !== null) {
      record.filterUpdated(win.performance.now() - changedAt);
      changedAt = null;
    }
  });
}

/** Watches the vitals; call before the session starts, so its page-hide flush finds the event in the outbox. */
export function watchVitals(options: {
  win: Window & typeof globalThis;
  root: RootStore;
  lifecycle: LifecycleAdapter;
  send: (vitals: PageVitals) => void;
}): () => void {
  const { win, root, lifecycle } = options;
  const record = new VitalsRecord(root.viewport.kind);
  let stopped = false;
  // The library is its own chunk, loaded once the page is idle: its code is not parsed while the
  // shopper's first clicks are answered. Its observers read the buffered entries (LCP, CLS, TTFB).
  const load = (): void =>
    void import('web-vitals').then(
      (vitals) => {
        if (stopped) return;
        try {
          observeVitals(vitals, record, win);
        } catch (error) {
          root.env.log.warn('[Aisle] a Web Vitals measure could not be read:', error);
        }
      },
      (error: unknown) => root.env.log.warn('[Aisle] Web Vitals could not load:', error),
    );
  const idle = typeof (win as Partial<Window>).requestIdleCallback === 'function';
  const idleHandle = idle ? win.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS }) : null;
  const timer = idle ? null : root.env.timers.setTimeout(load, IDLE_TIMEOUT_MS);
  const stopIntents = watchFilterWaits(root, record, win);

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
    if (idleHandle !== null) win.cancelIdleCallback(idleHandle);
    if (timer !== null) root.env.timers.clearTimeout(timer);
    stopHidden();
    stopPageHide();
    stopIntents();
  };
}
