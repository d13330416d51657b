/** Whether a main-element selector can be used at all, asked of the DOM itself. */

/**
 * True when `selector` is a valid CSS selector. An invalid one makes `querySelector` throw, so it
 * must be caught here rather than leave the preview waiting for an element forever.
 */
export function isValidSelector(selector: string, doc: Pick<Document, 'createDocumentFragment'> = document): boolean {
  if (selector.trim() === '') return false;
  try {
    doc.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}
