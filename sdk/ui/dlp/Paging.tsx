import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext.js';
import { useIntersection } from '../hooks.js';
import { pageWindow } from './pageWindow.js';

/** The infinite-scroll sentinel fires once a fifth of it is visible. */
export const SENTINEL_THRESHOLD = 0.2;

/** Infinite mode: the sentinel that loads the next page, and where the shopper stands. */
export const InfiniteSentinel = observer(function InfiniteSentinel() {
  const { dlp, search, messages: m } = useStores();
  const payload = dlp.data?.payload;
  const more = dlp.canLoadMore;
  const ref = useIntersection<HTMLDivElement>(() => dlp.loadMore(), SENTINEL_THRESHOLD, more && !search.loading);
  if (!payload || payload.filtered === 0) return null;
  return (
    <div className="aisle-sentinel" data-aisle="sentinel" ref={ref}>
      <p className="aisle-progress" role="status">
        {search.loading && !search.refresh ? m.loadingMore : m.showingOf(payload.shown, payload.filtered)}
      </p>
      {more ? (
        <button
          type="button"
          className="aisle-button aisle-button--secondary"
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
  const count = dlp.pageCount;
  const current = dlp.state.pageNumber;
  const filtered = dlp.data?.payload.filtered ?? 0;
  if (filtered === 0) return null;
  const sizes = [
    ...new Set([dlp.defaultPageSize, dlp.defaultPageSize * 2, dlp.defaultPageSize * 4, dlp.state.pageSize]),
  ].sort((a, b) => a - b);
  return (
    <div className="aisle-paging">
      {count > 1 ? (
        <nav className="aisle-pagination" aria-label={m.pagination}>
          <button
            type="button"
            className="aisle-page"
            onClick={() => dlp.goToPage(current - 1)}
            disabled={current <= 1}
            aria-label={m.previousPage}
          >
            ‹
          </button>
          {pageWindow(current, count).map((n, i) =>
            n === null ? (
              <span key={`gap-${i}`} className="aisle-page aisle-page--gap" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={n}
                type="button"
                className="aisle-page"
                aria-current={n === current ? 'page' : undefined}
                aria-label={m.page(n)}
                onClick={() => dlp.goToPage(n)}
              >
                {n}
              </button>
            ),
          )}
          <button
            type="button"
            className="aisle-page"
            onClick={() => dlp.goToPage(current + 1)}
            disabled={current >= count}
            aria-label={m.nextPage}
          >
            ›
          </button>
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
          <button type="button" className="aisle-button aisle-button--link" onClick={() => dlp.loadAll()}>
            {m.showAll}
          </button>
        ) : null}
      </div>
    </div>
  );
});
