import { observer } from 'mobx-react-lite';
import type { Filter } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { OptionRow } from './OptionRow.js';
import { panelOptions, ratingStars } from '../../views/filterOptions.js';

/** The rating panel: "N stars & up" toggle buttons drawn with stars. */
export const RatingPanel = observer(function RatingPanel({ filter }: { filter: Filter }) {
  const { dlp, messages: m } = useStores();
  const options = panelOptions(filter.options, dlp.state, filter.key);
  return (
    <ul className="aisle-options" aria-label={filter.label}>
      {options.map((option) => {
        const stars = ratingStars(option.key);
        // A key that is not a star count is still selectable; it is then shown by its text.
        const text = stars === null ? option.text : m.starsAndUp(stars);
        const filled = Math.round(stars ?? 0);
        return (
          <OptionRow
            key={option.key}
            filterKey={filter.key}
            option={option}
            control="toggle"
            className="aisle-rating-option"
            text={text}
            spoken={text}
            decoration={
              stars === null ? null : (
                <span className="aisle-rating-stars" aria-hidden="true">
                  {'★'.repeat(filled) + '☆'.repeat(5 - filled)}
                </span>
              )
            }
          />
        );
      })}
    </ul>
  );
});
