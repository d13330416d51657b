import { observer } from 'mobx-react-lite';
import { formatCount } from '../../core/format.js';
import type { Filter } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { optionDisabled, panelOptions } from './options.js';

/** The default panel (spec section 2, "anything else"): one native checkbox per option, with its count. */
export const CheckboxPanel = observer(function CheckboxPanel({ filter }: { filter: Filter }) {
  const { dlp, locale } = useStores();
  const options = panelOptions(filter.options, dlp.state, filter.key);
  return (
    <ul className="aisle-options" aria-label={filter.label}>
      {options.map((option) => {
        const disabled = optionDisabled(option);
        return (
          <li key={option.key}>
            <label className={`aisle-checkbox${disabled ? ' aisle-checkbox--disabled' : ''}`}>
              <input
                type="checkbox"
                checked={option.selected}
                disabled={disabled}
                onChange={() => dlp.toggleFilter(filter.key, option.key)}
              />
              <span>{option.text}</span>{' '}
              <span className="aisle-option-count">({formatCount(option.count, locale)})</span>
            </label>
          </li>
        );
      })}
    </ul>
  );
});
