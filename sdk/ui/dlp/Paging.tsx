import { observer } from 'mobx-react-lite';
import { useContext, type MouseEvent, type ReactNode } from 'react';
import { usePartClass, useStores } from '../StoreContext.js';
import { useIntersection } from '../hooks.js';
import { GridCurrent } from './gridState.js';
import { pageWindow } from './pageWindow.js';

/** The infinite-scroll sentinel fires once a fifth of it is visible. */
export const SENTINEL_THRESHOLD = 0.2;

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
  return (
    <div className={cx('pager', 'aisle-sentinel')} data-aisle="sentinel" ref={ref}>
      {/* Not a live region: after loading more, the toolbar's one live region says how many are shown. */}
      <p className="aisle-progress">
        {search.loading && !search.refresh ? m.loadingMore : m.showingOf(payload.shown, payload.filtered)}
      </p>
      {more ? (
        <button
          type="button"
          className={cx('button', 'aisle-button aisle-button--secondary')}
          onClick={() => dlp.loadMore()}
          disabled={search.loading}
        >
          {m.loadMore}
        </button>
      ) : null}
    </div>
  );
});

/** Paged mode: page links, page size and View All. */
export const Pagination = observer(function Pagination() {
  const { dlp, messages: m } = useStores();
  const cx = usePartClass();
  const count = dlp.pageCount;
  const current = dlp.state.pageNumber;
  const filtered = dlp.data?.payload.filtered ?? 0;
  if (filtered === 0) return null;
  const sizes = [
    ...new Set([dlp.defaultPageSize, dlp.defaultPageSize * 2, dlp.defaultPageSize * 4, dlp.state.pageSize]),
  ].sort((a, b) => a - b);
  return (
    <div className={cx('pager', 'aisle-paging')}>
      {count > 1 ? (
        <nav className="aisle-pagination" aria-label={m.pagination}>
          <PageLink n={current - 1} enabled={current > 1} label={m.previousPage}>
            ‹
          </PageLink>
          {pageWindow(current, count).map((n, i) =>
            n === null ? (
              <span key={`gap-${i}`} className="aisle-page aisle-page--gap" aria-hidden="true">
                …
              </span>
            ) : (
              <PageLink key={n} n={n} enabled current={n === current} label={m.page(n)}>
                {n}
              </PageLink>
            ),
          )}
          <PageLink n={current + 1} enabled={current < count} label={m.nextPage}>
            ›
          </PageLink>
        </nav>
      ) : null}
      <div className="aisle-paging__size">
        <label>
          <span>{m.perPage}</span>
          <select value={dlp.state.pageSize} onChange={(e) => dlp.setPageSize(Number(e.target.value))}>
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {count > 1 && filtered <= 500 ? (
          <button
            type="button"
            className={cx('button', 'aisle-button aisle-button--link')}
            onClick={() => dlp.loadAll()}
          >
            {m.showAll}
          </button>
        ) : null}
      </div>
    </div>
  );
});

/**
 * One page of a paged listing as a real link to that page's address, so that crawlers reach every
 * page. A plain left click shows the page in place; a modified or middle click is the browser's
 * (a new tab, a copied address). Previous and next at the ends are inert text, not links.
 */
const PageLink = observer(function PageLink(props: {
  n: number;
  enabled: boolean;
  current?: boolean;
  label: string;
  children: ReactNode;
}) {
  const { dlp } = useStores();
  if (!props.enabled)
    return (
      <span className="aisle-page aisle-page--disabled" aria-hidden="true">
        {props.children}
      </span>
    );
  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dlp.goToPage(props.n);
  };
  return (
    <a
      className="aisle-page"
      href={dlp.pageHref(props.n)}
      aria-current={props.current ? 'page' : undefined}
      aria-label={props.label}
      onClick={onClick}
    >
      {props.children}
    </a>
  );
});
