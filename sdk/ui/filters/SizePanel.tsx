import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import type { Filter } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { OptionCount } from './OptionCount.js';
import { optionCount, optionDisabled, panelOptions, sizeGroups } from './options.js';

/** The size panel: toggle buttons grouped by the variant group of `group__value` keys. */
export const SizePanel = observer(function SizePanel({ filter }: { filter: Filter }) {
  const { dlp, locale } = useStores();
  const id = useId();
  const groups = sizeGroups(panelOptions(filter.options, dlp.state, filter.key));
  return (
    <div className="aisle-size-panel">
      {groups.map((group, index) => {
        const titleId = `${id}-group-${index}`;
        return (
          <div
            key={index}
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
                <li key={option.key}>
                  <button
                    type="button"
                    className="aisle-chip-option"
                    aria-pressed={option.selected}
                    disabled={optionDisabled(option)}
                    onClick={() => dlp.toggleFilter(filter.key, option.key)}
                  >
                    <span>{option.text}</span>
                    <OptionCount text={optionCount(option, locale)} />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
});
