import { observer } from 'mobx-react-lite';
import type { Filter } from '../../core/types.js';
import { FacetList, usePanelOptions } from './FacetList.js';
import { OptionRow } from './OptionRow.js';
import { swatchStyle } from '../../views/filterOptions.js';

/** The colour panel: the option's text names each swatch, so colour is never the only cue. */
export const ColorPanel = observer(function ColorPanel({ filter }: { filter: Filter }) {
  const options = usePanelOptions(filter);
  return (
    <FacetList filter={filter} options={options} layout="wrap">
      {(shown) => (
        <ul className="aisle-options aisle-options--wrap" aria-label={filter.label}>
          {shown.map((option) => (
            <OptionRow
              key={option.key}
              filterKey={filter.key}
              option={option}
              control="toggle"
              className="aisle-swatch-option"
              decoration={<span className="aisle-swatch-dot" style={swatchStyle(option.swatch)} aria-hidden="true" />}
            />
          ))}
        </ul>
      )}
    </FacetList>
  );
});
