import { observer } from 'mobx-react-lite';
import { selectedFilterCount } from '../../core/transitions.js';
import type { UrlState } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { FilterButton } from '../filters/FilterPopover.js';
import { selectedValueCount, visibleFilters } from '../../views/filterOptions.js';
import { createToolbar } from '../../views/toolbar.js';
import { reactRenderer } from '../renderer.js';
import { SortControl } from './SortControl.js';

const toolbarView = createToolbar(reactRenderer);

/** The toolbar; its counts are those of `state`, which the listing passes a moment late (see Dlp). */
export const Toolbar = observer(function Toolbar(props: { state?: UrlState }) {
  const { dlp, drawer, context, messages: m } = useStores();
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
  return toolbarView({
    messages: m,
    itemCount: data.payload.filtered,
    notice,
    announcement: spoken(dlp.cues.announcement),
    selected: count,
    drawerOpen: drawer.open,
    drawerShown: drawer.visible,
    onAllFilters: () => drawer.show(),
    filterButtons: filters.map((f, index) => ({
      key: f.key,
      button: <FilterButton filter={f} index={index} selected={selectedValueCount(state, f.key)} />,
    })),
    sort: <SortControl />,
    classes: context.config.customization?.classes,
  });
});

/** Every other announcement ends in a no-break space, so the same count twice is still spoken again. */
function spoken(announcement: { text: string; seq: number } | null): string {
  if (!announcement) return '';
  return announcement.seq % 2 === 0 ? `${announcement.text}\u00a0` : announcement.text;
}
