import { formatDecimal } from '../../core/format.js';
import type { Locale } from '../../core/types.js';

/** Five stars filled to `rating`, with the rating spoken as text. */
export function Stars({ rating, label, locale }: { rating: number; label: string; locale: Locale }) {
  const width = `${Math.max(0, Math.min(5, rating)) * 20}%`;
  return (
    <span className="aisle-stars" role="img" aria-label={label}>
      <span className="aisle-stars__glyphs" aria-hidden="true">
        <span className="aisle-stars__base">★★★★★</span>
        <span className="aisle-stars__fill" style={{ width }}>
          ★★★★★
        </span>
      </span>
      <span className="aisle-stars__value" aria-hidden="true">
        {formatDecimal(rating, locale)}
      </span>
    </span>
  );
}
