/**
 * After "See N Results", focus goes to the results, not back to the opener: the heading, or on a
 * phone (where it is hidden from sight) the first result's link, so sighted keyboard users see it.
 */

const HIDDEN_CLASS = 'aisle-visually-hidden';

const LISTING_HEADING = 'aisle-h1--listing';

/** The element to focus inside an Aisle root, or null when there is nothing to land on. */
export function resultsFocusTarget(scope: ParentNode, phone = false): HTMLElement | null {
  const heading = scope.querySelector<HTMLElement>('[data-aisle="heading"]');
  const hidden =
    heading && (heading.closest(`.${HIDDEN_CLASS}`) || (phone && heading.classList.contains(LISTING_HEADING)));
  if (heading && !hidden) {
    // A heading is not a control: it takes focus only from script, and Tab never stops on it.
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    return heading;
  }
  const firstResult = scope.querySelector<HTMLElement>('[data-aisle="grid"] [data-aisle="product"] a[href]');
  if (firstResult) return firstResult;
  // No products: the "no results" message (with its Clear Filters button) is what there is to see.
  const empty = scope.querySelector<HTMLElement>('.aisle-empty');
  if (empty) {
    if (!empty.hasAttribute('tabindex')) empty.setAttribute('tabindex', '-1');
    return empty;
  }
  return heading;
}
