/**
 * What the shopper pressed on the first paint while the app was on its way, kept as what it amounts
 * to and played again on the app's screen (see firstPaintHandover.ts).
 *
 * A control is known by who it is, not where it is: its `data-aisle` hook, the product card it is
 * in, its element, role and the kind of popup it opens, and its name (`data-filter-key`, else its
 * ARIA label, else its text). Both screens draw the same controls from the same data, so the same
 * control has the same identity on both; a control missing from the app's screen (the window
 * crossed the 1,024 px breakpoint: the sort became a list box, a filter button opens a popover
 * instead of the drawer) is not pressed, and nothing else is pressed in its place.
 *
 * The presses collapse to the shopper's final intent:
 * - a control that opens something (it carries `aria-expanded`) is open or closed: a second press
 *   closes it, pressing another one opens that one instead, and Escape or a click anywhere else
 *   closes it (as the app's drawer and popovers do);
 * - a select, and each card's swatch group, keeps its last choice only, and a choice the app's
 *   screen shows already is not made again (one search, one sort event);
 * - any other button is pressed again, once per press.
 * Choices are made first, then the other buttons, then what was left open is opened.
 */

/** What a replay did: how many presses it made, and the identities of the controls it could not find. */
export interface ReplayReport {
  replayed: number;
  dropped: string[];
}

/** The presses on one paint. */
export interface PaintPresses {
  /** Plays the shopper's final intent on `next`, the app's screen, in the page. */
  replay(next: Element): ReplayReport;
  /** Stops listening. */
  stop(): void;
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

/** Starts recording the presses on `container` (and Escape, and clicks elsewhere in its document). */
export function pressesOnPaint(container: Element): PaintPresses {
  const doc = container.ownerDocument;
  /** The control the shopper's presses left open, if any. */
  let open: string | null = null;
  /** The last choice of each select and swatch group (group → [identity, value]), in the order of their last change. */
  const choices = new Map<string, [string, string?]>();
  /** Other buttons pressed, in order. */
  const pressed: string[] = [];

  const choose = (group: string, choice: [string, string?]): void => {
    choices.delete(group);
    choices.set(group, choice);
  };
  const onClick = (event: Event): void => {
    const control = (event.target as Element | null)?.closest?.('button, select');
    const inside = !!control && container.contains(control);
    // A select says what it became in its change event; a click on it only opens its list.
    if (inside && control.tagName === 'SELECT') return;
    const identity = inside ? identityOf(container, control) : null;
    if (identity && control!.hasAttribute('aria-expanded')) {
      open = open === identity ? null : identity;
      return;
    }
    // Anything but the open control closes it, as a click outside the app's drawer or popover does.
    open = null;
    if (!identity) return;
    const group = control!.getAttribute('role') === 'radio' && control!.closest('[role="radiogroup"]');
    if (group) choose(identityOf(container, group), [identity]);
    else pressed.push(identity);
  };
  const onChange = (event: Event): void => {
    const select = event.target as HTMLSelectElement;
    if (select.tagName !== 'SELECT') return;
    open = null;
    const identity = identityOf(container, select);
    choose(identity, [identity, select.value]);
  };
  const onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') open = null;
  };
  // On the document, in the capture phase: a click outside Aisle counts even if the page stops it.
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('keydown', onKey, true);
  container.addEventListener('change', onChange);

  return {
    replay(next) {
      const report: ReplayReport = { replayed: 0, dropped: [] };
      if (!next.isConnected) return report;
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
      for (const [identity, value] of choices.values()) {
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
    },
    stop() {
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('keydown', onKey, true);
      container.removeEventListener('change', onChange);
    },
  };
}
