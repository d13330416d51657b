import type { Timers } from '../stores/env.js';
import { injectDelayedScripts } from './bodyScripts.js';
import { createHeadManager, syncHeadFromTemplate, type HeadManager } from './head.js';
import { guardHistory } from './history.js';

/**
 * The adapters that act on the retailer page around the listing rather than on the listing itself:
 * head tags, the `#department` history guard and the delayed body scripts. They load right after
 * the first render, which does not need them.
 */
export function installPageAdapters(
  win: Window & typeof globalThis,
  timers: Timers,
): { head: HeadManager; cleanup: () => void } {
  const doc = win.document;
  const head = createHeadManager(doc);
  const cleanups = [
    guardHistory(win, win.console),
    syncHeadFromTemplate(doc, timers, win.console, head),
    injectDelayedScripts(doc, timers),
  ];
  return { head, cleanup: () => cleanups.reverse().forEach((cleanup) => cleanup()) };
}
