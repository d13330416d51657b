import type { Timers } from '../ports/env.js';
import { injectDelayedScripts } from './bodyScripts.js';
import { createHeadManager, syncHeadFromTemplate, type HeadManager } from './head.js';

/**
 * Head tags and delayed body scripts, loaded once the listing is on show. The `#department` guard is
 * not here: it must hold from Aisle's first moment, so the mount installs it synchronously.
 */
export function installPageAdapters(
  win: Window & typeof globalThis,
  timers: Timers,
): { head: HeadManager; cleanup: () => void } {
  const doc = win.document;
  const head = createHeadManager(doc);
  const cleanups = [syncHeadFromTemplate(doc, timers, win.console, head), injectDelayedScripts(doc, timers)];
  return { head, cleanup: () => cleanups.reverse().forEach((cleanup) => cleanup()) };
}
