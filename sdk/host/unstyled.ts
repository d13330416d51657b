/**
 * The unstyled mode keeps only the layout's rules, so the retailer's own rules theme Aisle's parts.
 * One predicate decides both the build's file beside aisle.js (so aisle.js carries no second
 * stylesheet) and what the extension's preview strips from its parsed sheet.
 */

/** The unstyled mode's stylesheet, beside aisle.js. */
export const LAYOUT_STYLESHEET = 'aisle-layout.css';

/** Longhand properties (and their prefixes) that place or size things, or show and hide them. */
const LAYOUT = [
  /^display$/,
  /^position$/,
  /^(top|right|bottom|left|z-index|float|clear)$/,
  /^inset(-|$)/,
  /^(min-|max-)?(width|height|inline-size|block-size)$/,
  /^aspect-ratio$/,
  /^box-sizing$/,
  /^overflow(-x|-y|-wrap|-anchor)?$/,
  /^(word-break|white-space|white-space-collapse|text-wrap(-mode|-style)?|text-overflow)$/,
  /^(-webkit-)?line-clamp$/,
  /^-webkit-box-orient$/,
  /^flex(-|$)/,
  /^grid(-|$)/,
  /^(gap|row-gap|column-gap|order)$/,
  /^(align|justify|place)-(content|items|self)$/,
  /^(visibility|clip|clip-path|contain|content-visibility)$/,
  /^contain-intrinsic-/,
  /^(transform|translate|scale|rotate|transform-origin)$/,
  /^(pointer-events|touch-action)$/,
  /^object-(fit|position)$/,
  // Aisle's lists are rows and grids, never bulleted: a marker would sit on top of the links.
  /^list-style(-|$)/,
  // Generated content is what Aisle draws (separators, chevrons), not how it looks.
  /^content$/,
  // Custom properties: the layout's own rules may read them.
  /^--/,
];

/**
 * Rules kept whole: a rating's stars are drawn by the stylesheet, and without their fill they would
 * show five full stars whatever the rating.
 */
const KEPT_WHOLE = /\.aisle-stars\b/;

/** True when every declaration of a rule with this selector is kept. */
export function isKeptWhole(selector: string): boolean {
  return KEPT_WHOLE.test(selector);
}

/** True when `property` (as written, or a longhand as a parsed rule lists it) is one the layout needs. */
export function isLayoutProperty(property: string): boolean {
  return LAYOUT.some((pattern) => pattern.test(property));
}

type Rules = { cssRules?: CSSRuleList };

/** Removes from `sheet` every declaration the layout does not need (nested rules, media and layers included). */
export function keepLayoutOnly(sheet: Rules): void {
  for (const rule of Array.from(sheet.cssRules ?? [])) {
    const style = (rule as Partial<CSSStyleRule>).style;
    if (style && !isKeptWhole((rule as Partial<CSSStyleRule>).selectorText ?? ''))
      for (const property of Array.from(style)) if (!isLayoutProperty(property)) style.removeProperty(property);
    if ((rule as Rules).cssRules) keepLayoutOnly(rule as Rules);
  }
}

/** True when a raw render context asks for the unstyled mode. */
export function wantsUnstyled(raw: unknown): boolean {
  if (typeof raw === 'string')
    try {
      return wantsUnstyled(JSON.parse(raw));
    } catch {
      return false;
    }
  const config = (raw as { config?: { customization?: { unstyled?: unknown } } } | null)?.config;
  return config?.customization?.unstyled === true;
}
