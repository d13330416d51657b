import type { Target } from './types.js';

/** A target in the one shape the page-side finder takes. */
export interface FindSpec {
  selector: string;
  text: string | null;
  nth: number;
}

/** Normalises a target for `findInPage`. */
export function findSpec(target: Target): FindSpec {
  return typeof target === 'string'
    ? { selector: target, text: null, nth: 0 }
    : { selector: target.selector, text: target.text ?? null, nth: target.nth ?? 0 };
}

/** Runs in the page: the element a target names, or null. Serialised, so it is self-contained. */
export function findInPage(spec: FindSpec): Element | null {
  const matches = Array.from(document.querySelectorAll(spec.selector)).filter(
    (element) => spec.text === null || (element.textContent ?? '').includes(spec.text),
  );
  return matches[spec.nth] ?? null;
}

/** Runs in the page: whether the target exists (self-contained like `findInPage`). */
export function existsInPage(spec: FindSpec): boolean {
  const matches = Array.from(document.querySelectorAll(spec.selector)).filter(
    (element) => spec.text === null || (element.textContent ?? '').includes(spec.text),
  );
  return matches.length > spec.nth;
}

/** Says which target a failure was about. */
export function describeTarget(target: Target): string {
  const spec = findSpec(target);
  return `${spec.selector}${spec.text === null ? '' : ` with text "${spec.text}"`}${spec.nth ? ` #${spec.nth}` : ''}`;
}
