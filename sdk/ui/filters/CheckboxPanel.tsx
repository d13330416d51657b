import { observer } from 'mobx-react-lite';
import type { Filter } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { FacetList } from './FacetList.js';
import { OptionCount } from './OptionCount.js';
import { optionCount, optionDisabled, panelOptions } from './options.js';

/** The default panel (for any other key): one native checkbox per option, with its count when known. */
export const CheckboxPanel = observer(function CheckboxPanel({ filter }: { filter: Filter }) {
  const { dlp, locale } = useStores();
  const options = panelOptions(filter.options, dlp.state, filter.key);
  return (
    <FacetList filter={filter} options={options} layout="stack">
      {(shown) => (
        <ul className="aisle-options" aria-label={filter.label}>
          {shown.map((option) => {
            const disabled = optionDisabled(option);
            return (
              <li key={option.key}>
                <label className={`aisle-checkbox${disabled ? ' aisle-checkbox--disabled' : ''}`}>
                  <input
                    type="checkbox"
                    checked={option.selected}
                    disabled={disabled}
                    data-option-key={option.key}
                    onChange={() => dlp.toggleFilter(filter.key, option.key)}
                  />
                  <span>{option.text}</span>
                  <OptionCount text={optionCount(option, locale)} />
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </FacetList>
  );
});
