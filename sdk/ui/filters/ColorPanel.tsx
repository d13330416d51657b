import { observer } from 'mobx-react-lite';
import { formatCount } from '../../core/format.js';
import type { Filter } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { optionDisabled, panelOptions, swatchStyle } from './options.js';

/**
 * The colour panel (spec section 2): toggle buttons with a swatch dot. The name is the option text
 * and count, so the colour itself is never the only cue; a selected swatch also gets a check ring.
 */
export const ColorPanel = observer(function ColorPanel({ filter }: { filter: Filter }) {
  const { dlp, locale } = useStores();
  const options = panelOptions(filter.options, dlp.state, filter.key);
  return (
    <ul className="aisle-options aisle-options--wrap" aria-label={filter.label}>
      {options.map((option) => (
        <li key={option.key}>
          <button
            type="button"
            className="aisle-chip-option aisle-swatch-option"
            aria-pressed={option.selected}
            disabled={optionDisabled(option)}
            onClick={() => dlp.toggleFilter(filter.key, option.key)}
          >
            <span className="aisle-swatch-dot" style={swatchStyle(option.swatch)} aria-hidden="true" />
            <span>{option.text}</span> <span className="aisle-option-count">({formatCount(option.count, locale)})</span>
          </button>
        </li>
      ))}
    </ul>
  );
});
