import { observer } from 'mobx-react-lite';
import type { Filter } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { OptionCount } from './OptionCount.js';
import { optionCount, optionDisabled, panelOptions, ratingStars } from './options.js';

/** The rating panel: "N stars & up" toggle buttons drawn with stars. */
export const RatingPanel = observer(function RatingPanel({ filter }: { filter: Filter }) {
  const { dlp, locale, messages: m } = useStores();
  const options = panelOptions(filter.options, dlp.state, filter.key);
  return (
    <ul className="aisle-options" aria-label={filter.label}>
      {options.map((option) => {
        const stars = ratingStars(option.key);
        const count = optionCount(option, locale);
        // A key that is not a star count is still selectable; it is then shown by its text.
        const text = stars === null ? option.text : m.starsAndUp(stars);
        const filled = Math.round(stars ?? 0);
        return (
          <li key={option.key}>
            <button
              type="button"
              className="aisle-chip-option aisle-rating-option"
              aria-pressed={option.selected}
              aria-label={count === null ? text : `${text} ${count}`}
              disabled={optionDisabled(option)}
              onClick={() => dlp.toggleFilter(filter.key, option.key)}
            >
              {stars === null ? null : (
                <span className="aisle-rating-stars" aria-hidden="true">
                  {'★'.repeat(filled) + '☆'.repeat(5 - filled)}
                </span>
              )}
              <span>{text}</span>
              <OptionCount text={count} />
            </button>
          </li>
        );
      })}
    </ul>
  );
});
