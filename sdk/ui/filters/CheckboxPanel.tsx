import { observer } from 'mobx-react-lite';
import type { Filter } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { FacetList } from './FacetList.js';
import { OptionRow } from './OptionRow.js';
import { panelOptions } from './options.js';

/** The default panel (for any other key): one native checkbox per option, with its count when known. */
export const CheckboxPanel = observer(function CheckboxPanel({ filter }: { filter: Filter }) {
  const { dlp } = useStores();
  const options = panelOptions(filter.options, dlp.state, filter.key);
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
