/** The pager under the grid: page links (paged listings) or the sentinel that loads more (infinite ones). */
import type { Messages } from '../core/messages.js';
import { pageWindow } from '../core/pageWindow.js';
import type { Renderer } from './renderer.js';

/** What the pagination shows. */
export interface PaginationProps {
  messages: Messages;
  current: number;
  count: number;
  /** The address of page `n`: every page is a real link, so that crawlers reach it. */
  hrefOf: (n: number) => string;
  onPage?: (n: number) => unknown;
  sizes: readonly number[];
  pageSize: number;
  onPageSize?: unknown;
  /** Show All, with its classes, when a listing of a few pages can be shown whole. */
  showAll: { className: string; onClick?: unknown } | null;
  className: string;
}

/** Page links (previous, a window of pages, next), the page size and Show All. */
export function createPagination<E>({ createElement: h }: Renderer<E>): (props: PaginationProps) => E {
  const link = (
    p: PaginationProps,
    n: number,
    enabled: boolean,
    label: string,
    text: string | number,
    current = false,
  ) =>
    enabled
      ? h(
          'a',
          {
            key: `page-${n}`,
            className: 'aisle-page',
            href: p.hrefOf(n),
            'aria-current': current ? 'page' : undefined,
            'aria-label': label,
            onClick: p.onPage?.(n),
          },
          text,
        )
      : h('span', { key: `page-${n}`, className: 'aisle-page aisle-page--disabled', 'aria-hidden': 'true' }, text);
  return (p) => {
    const m = p.messages;
    return h(
      'div',
      { className: p.className },
      p.count > 1
        ? h(
            'nav',
            { className: 'aisle-pagination', 'aria-label': m.pagination },
            link(p, p.current - 1, p.current > 1, m.previousPage, '‹'),
            pageWindow(p.current, p.count).map((n, i) =>
              n === null
                ? h('span', { key: `gap-${i}`, className: 'aisle-page aisle-page--gap', 'aria-hidden': 'true' }, '…')
                : link(p, n, true, m.page(n), n, n === p.current),
            ),
            link(p, p.current + 1, p.current < p.count, m.nextPage, '›'),
          )
        : null,
      h(
        'div',
        { className: 'aisle-paging__size' },
        h(
          'label',
          null,
          h('span', null, m.perPage),
          h(
            'select',
            { value: p.pageSize, onChange: p.onPageSize },
            p.sizes.map((s) => h('option', { key: s, value: s }, s)),
          ),
        ),
        p.showAll
          ? h('button', { type: 'button', className: p.showAll.className, onClick: p.showAll.onClick }, m.showAll)
          : null,
      ),
    );
  };
}

/** What the infinite list's sentinel shows. */
export interface SentinelProps {
  className: string;
  /** Where the shopper stands ("24 of 120"), or that more is loading. */
  progress: string;
  /** For those who do not scroll. */
  loadMore: { text: string; className: string; disabled: boolean; onClick?: unknown } | null;
  sentinelRef?: unknown;
}

/** The sentinel that loads the next page of an infinite list when it comes into view. */
export function createSentinel<E>({ createElement: h }: Renderer<E>): (props: SentinelProps) => E {
  return ({ className, progress, loadMore, sentinelRef }) =>
    h(
      'div',
      { className, 'data-aisle': 'sentinel', ref: sentinelRef },
      // Not a live region: after loading more, the toolbar's one live region says how many are shown.
      h('p', { className: 'aisle-progress' }, progress),
      loadMore
        ? h(
            'button',
            { type: 'button', className: loadMore.className, onClick: loadMore.onClick, disabled: loadMore.disabled },
            loadMore.text,
          )
        : null,
    );
}

/** The page sizes offered: the default, twice and four times it, and the one chosen, in order. */
export function pageSizes(defaultSize: number, chosen: number): number[] {
  return [...new Set([defaultSize, defaultSize * 2, defaultSize * 4, chosen])].sort((a, b) => a - b);
}

/** A listing of more than one page and at most this many products offers Show All. */
export const SHOW_ALL_MAX = 500;
