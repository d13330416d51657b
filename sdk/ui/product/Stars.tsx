import { formatDecimal } from '../../core/format.js';
import type { Locale } from '../../core/types.js';
import { starsFill } from '../../views/cardView.js';

/**
 * Five stars filled to `rating`, spoken as `label`. One element: the stars are the stylesheet's
 * drawing (a gradient clipped to five glyphs, filled to `--aisle-fill`), the visible figures are its
 * text, and as an image with a name its content is not read twice. A grid of 64 cards used to spend
 * five elements per rating on this.
 */
export function Stars({
  rating,
  label,
  locale,
  suffix,
  className,
}: {
  rating: number;
  label: string;
  locale: Locale;
  /** Shown after the figure, e.g. the review count in brackets. */
  suffix?: string;
  /** The block's own class: the stars are then that block, without a wrapper. */
  className?: string;
}) {
  const { shown, fill } = starsFill(rating);
  const text = formatDecimal(shown, locale);
  return (
    <p
      className={className ? `${className} aisle-stars` : 'aisle-stars'}
      role="img"
      aria-label={label}
      style={{ ['--aisle-fill' as string]: fill }}
    >
      {suffix ? `${text} ${suffix}` : text}
    </p>
  );
}
