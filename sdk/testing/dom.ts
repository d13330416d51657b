/**
 * What a test does as a user: find a control by its accessible name, click it, press a key.
 * Every event goes through act() so React has rendered before the test looks again.
 */
import { act } from 'react';

/** The element matching `selector` whose accessible name (aria-label, else text) is `name`. */
export function byName<T extends HTMLElement = HTMLElement>(root: ParentNode, selector: string, name: string): T {
  const found = [...root.querySelectorAll<T>(selector)].find((element) => accessibleName(element) === name);
  if (!found)
    throw new Error(
      `no ${selector} named "${name}"; have: ${[...root.querySelectorAll<T>(selector)].map(accessibleName).join(' | ')}`,
    );
  return found;
}

/** Text of a subtree as assistive technology reads it: aria-hidden parts are skipped. */
function spokenText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  return [...node.childNodes].map(spokenText).join('');
}

/** A simplified accessible name: aria-label, else the enclosing or `for` label's text, else the spoken content. */
export function accessibleName(element: Element): string {
  const labelledBy =
    element.id === '' ? null : element.ownerDocument.querySelector(`label[for="${CSS.escape(element.id)}"]`);
  const label =
    element.getAttribute('aria-label') ??
    element.closest('label')?.textContent ??
    labelledBy?.textContent ??
    spokenText(element);
  return label.replace(/\s+/g, ' ').trim();
}

/** Clicks an element inside act, as a user's click. */
export function click(element: Element): void {
  act(() => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
}

/** Presses a key on the focused element (keydown then keyup), inside act. */
export function press(key: string, options: { shiftKey?: boolean } = {}): void {
  const target = document.activeElement ?? document.body;
  // Two acts, as a browser renders between the two events (react-slider resumes following its
  // value prop on keyup, which must not be batched with the keydown's move).
  for (const type of ['keydown', 'keyup']) {
    act(() => {
      target.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true, cancelable: true, ...options }));
    });
  }
}

/** Types `text` into a text box as a user would (replacing its content), inside act. */
export function type(input: HTMLInputElement, text: string): void {
  act(() => {
    input.focus();
    // React tracks the value through the prototype's setter; setting it there makes the input event count.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
