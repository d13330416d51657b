import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext.js';
import { FilterButton } from '../filters/FilterPopover.js';
import { DRAWER_ID } from '../filters/ids.js';
import { visibleFilters } from '../filters/options.js';
import { SortControl } from './SortControl.js';

/**
 * The item count (with a quiet notice when the last update failed), All Filters with its count, one
 * button per filter and the sort.
 */
export const Toolbar = observer(function Toolbar() {
  const { dlp, drawer, messages: m } = useStores();
  const data = dlp.data;
  if (!data) return null;
  const filters = visibleFilters(data.filters);
  const count = dlp.selectedCount;
  return (
    <div className="aisle-toolbar">
      <p className="aisle-count" data-aisle="item-count" role="status">
        {m.itemCount(data.payload.filtered)}
      </p>
      {/* Always present, so that screen readers are listening before the notice arrives; while empty
          it is out of the layout, and when it speaks it takes a line of its own like the count. */}
      <div
        className={`aisle-update-notice ${dlp.failedUpdate ? 'aisle-count' : 'aisle-visually-hidden'}`}
        role="status"
        aria-live="polite"
      >
        {dlp.failedUpdate ? m.updateFailed : null}
      </div>
      <div className="aisle-toolbar__filters">
        <button
          type="button"
          className="aisle-button aisle-button--filters"
          data-aisle="all-filters"
          aria-haspopup="dialog"
          aria-expanded={drawer.open}
          aria-controls={drawer.visible ? DRAWER_ID : undefined}
          onClick={() => drawer.show()}
        >
          <span className="aisle-icon-filters" aria-hidden="true" />
          {m.allFilters}
          {count > 0 ? (
            <span className="aisle-badge">
              <span className="aisle-visually-hidden">, {m.selectedCount(count)}</span>
              <span aria-hidden="true">{count}</span>
            </span>
          ) : null}
        </button>
        <ul className="aisle-filter-buttons" aria-label={m.filtersTitle}>
          {filters.map((f) => (
            <li key={f.key}>
              <FilterButton filter={f} />
            </li>
          ))}
        </ul>
      </div>
      <SortControl />
    </div>
  );
});
