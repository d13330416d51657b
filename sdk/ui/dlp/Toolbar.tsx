import { observer } from 'mobx-react-lite';
import { selectedFilterCount } from '../../core/transitions.js';
import type { UrlState } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { FilterButton } from '../filters/FilterPopover.js';
import { DRAWER_ID } from '../../views/ids.js';
import { selectedValueCount, visibleFilters } from '../../views/filterOptions.js';
import { SortControl } from './SortControl.js';

/**
 * The item count (with a quiet notice when the last update failed), All Filters with its count, one
 * button per filter and the sort. The counts are those of `state`, the listing's own by default: the
 * listing passes it a moment late (see Dlp), like the chips.
 */
export const Toolbar = observer(function Toolbar(props: { state?: UrlState }) {
  const { dlp, drawer, messages: m } = useStores();
  const data = dlp.data;
  if (!data) return null;
  const state = props.state ?? dlp.state;
  const filters = visibleFilters(data.filters);
  const count = selectedFilterCount(state);
  const corrected = dlp.pageCorrection;
  const notice = dlp.failedUpdate
    ? m.updateFailed
    : corrected
      ? m.pageBeyondEnd(corrected.asked, corrected.shown)
      : null;
  return (
    <div className="aisle-toolbar">
      {/* The count is not a live region itself: the one below says the new count after each change,
          so that a change is announced once, not by every region that shows a number. */}
      <p className="aisle-count" data-aisle="item-count" tabIndex={-1}>
        {m.itemCount(data.payload.filtered)}
      </p>
      {/* Aisle's only live region, always present so that screen readers are listening before it
          speaks. It says the new item count after a change of results (hidden, as the count shows it),
          and, shown on a line of its own like the count, that an update failed or that a stale link's
          page lay past the end of the listing. */}
      <div
        className={`aisle-update-notice ${notice ? 'aisle-count' : 'aisle-visually-hidden'}`}
        role="status"
        aria-live="polite"
      >
        {notice ?? spoken(dlp.cues.announcement)}
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
              <FilterButton filter={f} selected={selectedValueCount(state, f.key)} />
            </li>
          ))}
        </ul>
      </div>
      <SortControl />
    </div>
  );
});

/**
 * The words of an announcement; every other one ends in a no-break space, so that the same count
 * twice in a row is still a change of the region's text and is spoken again.
 */
function spoken(announcement: { text: string; seq: number } | null): string {
  if (!announcement) return '';
  return announcement.seq % 2 === 0 ? `${announcement.text}\u00a0` : announcement.text;
}
