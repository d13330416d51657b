import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import type { Filter } from '../../core/types.js';
import { FacetList, usePanelOptions } from './FacetList.js';
import { OptionRow } from './OptionRow.js';
import { sizeGroups } from '../../views/filterOptions.js';

/**
 * The size panel: toggle buttons grouped by the variant group of `group__value` keys. A long list is
 * cut and searched as one list (a shopper looks for "10", whatever its group), then grouped.
 */
export const SizePanel = observer(function SizePanel({ filter }: { filter: Filter }) {
  const id = useId();
  const options = usePanelOptions(filter);
  return (
    <FacetList filter={filter} options={options} layout="wrap">
      {(shown) => (
        <div className="aisle-size-panel">
          {sizeGroups(shown).map((group, index) => {
            const titleId = `${id}-group-${index}`;
            return (
              <div
                key={group.title ?? ''}
                className="aisle-size-group"
                role="group"
                aria-labelledby={group.title === null ? undefined : titleId}
                aria-label={group.title === null ? filter.label : undefined}
              >
                {group.title === null ? null : (
                  <p className="aisle-size-group__title" id={titleId}>
                    {group.title}
                  </p>
                )}
                <ul className="aisle-options aisle-options--wrap">
                  {group.options.map((option) => (
                    <OptionRow key={option.key} filterKey={filter.key} option={option} control="toggle" />
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      )}
    </FacetList>
  );
});
