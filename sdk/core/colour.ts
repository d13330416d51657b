/**
 * The one rule for what counts as a colour a response may send for a swatch: a CSS hex colour of 3,
 * 4, 6 or 8 digits. Anything else ("#12345", "navy", "red;background:url(…)") is not painted as a
 * colour, on a card or in a filter panel alike.
 */
const CSS_HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Whether `value` is a CSS hex colour (`#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`). */
export function isCssHexColour(value: unknown): value is string {
  return typeof value === 'string' && CSS_HEX_COLOUR.test(value);
}
