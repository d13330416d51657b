import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { usePartClass, useStores } from '../StoreContext.js';
import { FilterPanel } from './FilterPanel.js';
import { selectedValueCount, visibleFilters } from '../../views/filterOptions.js';

/** The drawer's accordion: one section per visible filter, one open at a time. */
export const FilterAccordion = observer(function FilterAccordion() {
  const { dlp, drawer, messages: m } = useStores();
  const cx = usePartClass();
  const id = useId();
  const filters = visibleFilters(dlp.data?.filters ?? []);
  return (
    <div className="aisle-accordion">
      {filters.map((filter, index) => {
        const open = drawer.openSection === filter.key;
        const count = selectedValueCount(dlp.state, filter.key);
        // Keys are free text from the response; the position makes a safe id.
        const headerId = `${id}-header-${index}`;
        const panelId = `${id}-panel-${index}`;
        return (
          <section key={filter.key} className="aisle-accordion__section">
            <h3 className="aisle-accordion__heading">
              <button
                type="button"
                id={headerId}
                className={cx('button', 'aisle-accordion__toggle')}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => drawer.toggleSection(filter.key)}
              >
                <span>{filter.label}</span>
                {count > 0 ? (
                  <span className="aisle-badge aisle-accordion__count" aria-hidden="true">
                    {count}
                  </span>
                ) : null}
                {count > 0 ? <span className="aisle-visually-hidden">, {m.selectedCount(count)}</span> : null}
                <span className="aisle-accordion__chevron" aria-hidden="true" />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={headerId}
              className="aisle-accordion__panel"
              hidden={!open}
            >
              {open ? <FilterPanel filter={filter} context="drawer" /> : null}
            </div>
          </section>
        );
      })}
    </div>
  );
});
