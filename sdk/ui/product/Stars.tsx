import { formatDecimal } from '../../core/format.js';
import type { Locale } from '../../core/types.js';

/** Five stars filled to `rating`, with the rating spoken as text. */
export function Stars({ rating, label, locale }: { rating: number; label: string; locale: Locale }) {
  // Out-of-range or non-finite ratings draw as the nearest possible one rather than as "NaN".
  const shown = Number.isFinite(rating) ? Math.max(0, Math.min(5, rating)) : 0;
  const width = `${shown * 20}%`;
  return (
    <span className="aisle-stars" role="img" aria-label={label}>
      <span className="aisle-stars__glyphs" aria-hidden="true">
        <span className="aisle-stars__base">★★★★★</span>
        <span className="aisle-stars__fill" style={{ width }}>
          ★★★★★
        </span>
      </span>
      <span className="aisle-stars__value" aria-hidden="true">
        {formatDecimal(shown, locale)}
      </span>
    </span>
  );
}
