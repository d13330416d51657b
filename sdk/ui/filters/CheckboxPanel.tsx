import { observer } from 'mobx-react-lite';
import type { Filter } from '../../core/types.js';
import { FacetList, usePanelOptions } from './FacetList.js';
import { OptionRow } from './OptionRow.js';

/** The default panel (for any other key): one native checkbox per option, with its count when known. */
export const CheckboxPanel = observer(function CheckboxPanel({ filter }: { filter: Filter }) {
  const options = usePanelOptions(filter);
  return (
    <FacetList filter={filter} options={options} layout="stack">
      {(shown) => (
        <ul className="aisle-options" aria-label={filter.label}>
          {shown.map((option) => (
            <OptionRow key={option.key} filterKey={filter.key} option={option} control="checkbox" />
          ))}
        </ul>
      )}
    </FacetList>
  );
});
