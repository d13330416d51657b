import type { Timers } from '../ports/env.js';

/** The main element is looked for every 100 ms until it exists. */
export const MAIN_POLL_MS = 100;

/** Polls for `selector` until it matches; an invalid selector is reported once and never polled. */
export function waitForElement(
  doc: Document,
  selector: string,
  timers: Timers,
  onFound: (element: Element) => void,
  log: Pick<Console, 'warn'> = console,
): () => void {
  const find = (): Element | null | 'invalid' => {
    try {
      return doc.querySelector(selector);
    } catch {
      return 'invalid';
    }
  };
  const first = find();
  if (first === 'invalid') {
    log.warn(`[Aisle] config.mainSelector "${selector}" is not a valid CSS selector: nothing is rendered.`);
    return () => undefined;
  }
  if (first) {
    onFound(first);
    return () => undefined;
  }
  const handle = timers.setInterval(() => {
    const found = find();
    if (found && found !== 'invalid') {
      timers.clearInterval(handle);
      onFound(found);
    }
  }, MAIN_POLL_MS);
  return () => timers.clearInterval(handle);
}
