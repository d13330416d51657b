/**
 * Where focus lands after "See N Results" closes the drawer: the shopper asked to see the results, so
 * focus goes to them rather than back to the button that opened the drawer. The listing's heading is
 * the natural start; on phones it is visually hidden, and focusing something invisible leaves sighted
 * keyboard users lost, so there the first result's link takes focus instead (it has a visible ring).
 */

const HIDDEN_CLASS = 'aisle-visually-hidden';

/** The class of a listing's heading, which the stylesheet hides from sight on a phone. */
const LISTING_HEADING = 'aisle-h1--listing';

/**
 * The element to focus inside `scope` (an Aisle root), or null when the listing shows nothing to land
 * on. `phone`: the screen is a phone's, where the stylesheet hides the listing's heading.
 */
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
