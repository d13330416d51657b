/** A swatch colour is a CSS hex colour only: "navy" or "red;background:url(…)" is never painted. */
const CSS_HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Whether `value` is a CSS hex colour (`#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`). */
export function isCssHexColour(value: unknown): value is string {
  return typeof value === 'string' && CSS_HEX_COLOUR.test(value);
}
