import { observer } from 'mobx-react-lite';
import { useContext, type MouseEvent } from 'react';
import { usePartClass, useStores } from '../StoreContext.js';
import { useIntersection } from '../hooks.js';
import { reactRenderer } from '../renderer.js';
import { createPagination, createSentinel, pageSizes, SHOW_ALL_MAX } from '../../views/paging.js';
import { GridCurrent } from './gridState.js';

/** The infinite-scroll sentinel fires once a fifth of it is visible. */
export const SENTINEL_THRESHOLD = 0.2;

const sentinelView = createSentinel(reactRenderer);
const paginationView = createPagination(reactRenderer);

/** Infinite mode: the sentinel that loads the next page, and where the shopper stands. */
export const InfiniteSentinel = observer(function InfiniteSentinel() {
  const { dlp, search, messages: m } = useStores();
  const cx = usePartClass();
  const payload = dlp.data?.payload;
  const more = dlp.canLoadMore;
  const gridCurrent = useContext(GridCurrent);
  const ref = useIntersection<HTMLDivElement>(
    () => dlp.loadMore(),
    SENTINEL_THRESHOLD,
    more && !search.loading && gridCurrent,
  );
  if (!payload || payload.filtered === 0) return null;
  return sentinelView({
    className: cx('pager', 'aisle-sentinel'),
    progress: search.loading && !search.refresh ? m.loadingMore : m.showingOf(payload.shown, payload.filtered),
    loadMore: more
      ? {
          text: m.loadMore,
          className: cx('button', 'aisle-button aisle-button--secondary'),
          disabled: search.loading,
          onClick: () => dlp.loadMore(),
        }
      : null,
    sentinelRef: ref,
  });
});

/** Paged mode: real links so crawlers reach every page; a plain click shows it in place, others are the browser's. */
export const Pagination = observer(function Pagination() {
  const { dlp, messages: m } = useStores();
  const cx = usePartClass();
  const count = dlp.pageCount;
  const filtered = dlp.data?.payload.filtered ?? 0;
  if (filtered === 0) return null;
  return paginationView({
    messages: m,
    current: dlp.state.pageNumber,
    count,
    hrefOf: (n) => dlp.pageHref(n),
    onPage: (n) => (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      dlp.goToPage(n);
    },
    sizes: pageSizes(dlp.defaultPageSize, dlp.state.pageSize),
    pageSize: dlp.state.pageSize,
    onPageSize: (e: { target: { value: string } }) => dlp.setPageSize(Number(e.target.value)),
    showAll:
      count > 1 && filtered <= SHOW_ALL_MAX
        ? { className: cx('button', 'aisle-button aisle-button--link'), onClick: () => dlp.loadAll() }
        : null,
    className: cx('pager', 'aisle-paging'),
  });
});
