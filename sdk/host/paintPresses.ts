/**
 * Replays on the app's screen what the presses on the first paint amount to (aisle.js only notes
 * them; this ships with the app). A control is known by identity, not place: both screens draw the
 * same controls from the same data. One missing from the app's screen (the window crossed the
 * 1,024 px breakpoint) is not pressed, nor anything in its place.
 *
 * Presses collapse to the final intent: an `aria-expanded` control is open or closed (as the app's
 * drawer and popovers behave); a select or swatch group keeps its last choice, skipped if the app
 * shows it already (one search, one sort event); any other button is pressed once per press.
 */
import type { PaintPress } from './firstPaintHandover.js';

/** What a replay did: how many presses it made, and the identities of the controls it could not find. */
export interface ReplayReport {
  replayed: number;
  dropped: string[];
}

/** Who `control` (below `root`) is: `hook|product|element|role|popup|name`. */
export function identityOf(root: Element, control: Element): string {
  const hook = control.closest('[data-aisle]');
  return [
    hook && root.contains(hook) ? hook.getAttribute('data-aisle') : '',
    control.closest('[data-product-id]')?.getAttribute('data-product-id'),
    control.tagName.toLowerCase(),
    control.getAttribute('role'),
    control.getAttribute('aria-haspopup'),
    control.getAttribute('data-filter-key') ??
      control.getAttribute('aria-label') ??
      control.textContent?.replace(/\s+/g, ' ').trim(),
  ].join('|');
}

/** The element of `root` whose identity is `identity`, or null. */
export function findControl(root: Element, identity: string): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>(identity.split('|')[2]!))
    if (identityOf(root, element) === identity) return element;
  return null;
}

/** What the presses on a paint amount to: the controls by identity (see above). */
export interface PressIntent {
  /** The control left open, if any. */
  open: string | null;
  /** The last choice of each select and swatch group: [control, the select's value], in the order of their last change. */
  choices: Array<[string, string?]>;
  /** Other buttons pressed, in order. */
  pressed: string[];
}

/** Works out what the presses on the paint `container` amount to (the rules above). */
export function intentOf(container: Element, presses: readonly PaintPress[]): PressIntent {
  let open: string | null = null;
  const choices = new Map<string, [string, string?]>();
  const pressed: string[] = [];
  const choose = (group: string, choice: [string, string?]): void => {
    choices.delete(group);
    choices.set(group, choice);
  };
  for (const press of presses) {
    const target = 'escape' in press ? null : press.target.closest?.('button, select');
    const control = target && container.contains(target) ? target : null;
    if ('escape' in press || !control) {
      // Escape, or a click anywhere but on a control of the paint, closes what was opened (as a
      // click outside the app's drawer or popover does).
      open = null;
      continue;
    }
    const identity = identityOf(container, control);
    if (control.tagName === 'SELECT') {
      // Its change says what it became; a click on it only opened its list.
      if (press.value === undefined) continue;
      open = null;
      choose(identity, [identity, press.value]);
    } else if (control.hasAttribute('aria-expanded')) open = open === identity ? null : identity;
    else {
      // Pressing anything else closes what was opened, as in the app.
      open = null;
      const group = control.getAttribute('role') === 'radio' ? control.closest('[role="radiogroup"]') : null;
      if (group) choose(identityOf(container, group), [identity]);
      else pressed.push(identity);
    }
  }
  return { open, choices: [...choices.values()], pressed };
}

/**
 * Plays on `next` (the app's screen, in the page) what the presses on the paint `container`
 * amounted to: choices first, then the other buttons, then what was left open.
 */
export function replayPresses(container: Element, presses: readonly PaintPress[], next: Element): ReplayReport {
  const report: ReplayReport = { replayed: 0, dropped: [] };
  if (presses.length === 0 || !next.isConnected) return report;
  const { open, choices, pressed } = intentOf(container, presses);
  const locate = (identity: string): HTMLElement | null => {
    const control = findControl(next, identity);
    if (!control) report.dropped.push(identity);
    return control;
  };
  const press = (control: HTMLElement | null): void => {
    if (!control) return;
    control.click();
    report.replayed++;
  };
  for (const [identity, value] of choices) {
    const control = locate(identity);
    if (value === undefined) {
      if (control?.getAttribute('aria-checked') !== 'true') press(control);
    } else if (control && (control as HTMLSelectElement).value !== value) {
      (control as HTMLSelectElement).value = value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
      report.replayed++;
    }
  }
  pressed.forEach((identity) => press(locate(identity)));
  const left = open === null ? null : locate(open);
  if (left?.getAttribute('aria-expanded') !== 'true') press(left);
  return report;
}
