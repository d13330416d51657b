/**
 * The dense, keyboard-navigable table of events, grouped by page load. Only the rows in view (and
 * the selected one) are in the document: a tab keeps up to 10,000 events, and drawing them all
 * cost ~140,000 nodes and most of a second per key press.
 */
import {
  defaultRangeExtractor,
  useVirtualizer,
  type Range,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { observer } from 'mobx-react-lite';
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactElement,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { indexOfEvent, rowKey, tableRows, type TableRow } from '../lib/inspectorRows.js';
import type { InspectorStore } from '../lib/InspectorStore.js';
import { EventRow, LoadHeader } from './InspectorEventRow.js';

/** Rows of selection each key moves. */
const MOVES: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10, End: 1e6, Home: -1e6 };
/** Heights of a row before it is measured, in px (one line of text; a page load's heading a little more). */
const EVENT_ROW_PX = 22;
const LOAD_ROW_PX = 28;
/** Rows drawn beyond each edge of the view, so that a short scroll or a key press finds them ready. */
const OVERSCAN = 12;
/** Rows at the top of the view that keep their place when rows change above them (the first may be the one that goes). */
const ANCHOR_ROWS = 5;
/** The view assumed until the pane is measured (and when rendered to markup): a tall panel's worth of rows. */
const FIRST_VIEW = { width: 0, height: 800 };

/** The events the filters let through, one heading per page load; `scrollElement` is the pane that scrolls it. */
export const EventTable = observer(function EventTable({
  store,
  scrollElement,
}: {
  store: InspectorStore;
  scrollElement: HTMLElement | null;
}): ReactElement {
  const groups = store.groups;
  const filtersActive = store.filtersActive;
  const rows = useMemo(() => tableRows(groups, filtersActive), [groups, filtersActive]);
  const selectedId = store.selectedId;
  const selectedIndex = useMemo(() => indexOfEvent(rows, selectedId), [rows, selectedId]);
  const showShop = store.shops.length > 1;
  const columns = showShop ? 8 : 7;
  const tableRef = useRef<HTMLTableElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // Where the body starts in the scrolling pane, and the height of the sticky column heads.
  const [offsets, setOffsets] = useState({ margin: 0, head: 0 });
  useLayoutEffect(() => {
    const table = tableRef.current;
    const body = bodyRef.current;
    if (!table || !body) return;
    const next = { margin: table.offsetTop + body.offsetTop, head: body.offsetTop };
    if (next.margin !== offsets.margin || next.head !== offsets.head) setOffsets(next);
  });
  // The selected row is always drawn, so that focus never falls out of the table while it is scrolled away.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (selectedIndex < 0 || indexes.includes(selectedIndex)) return indexes;
      return selectedIndex < (indexes[0] ?? 0) ? [selectedIndex, ...indexes] : [...indexes, selectedIndex];
    },
    [selectedIndex],
  );
  // Kept while the rows are: a new function makes the virtualizer lay out all 10,000 rows again.
  const estimateSize = useCallback(
    (index: number) => (rows[index]?.kind === 'load' ? LOAD_ROW_PX : EVENT_ROW_PX),
    [rows],
  );
  const getItemKey = useCallback((index: number) => rowKey(rows[index]!), [rows]);
  // Where the rows in view were before these rows replaced them (read before the virtualizer takes them).
  const shown = useRef<TableVirtualizer | null>(null);
  const laidOut = useRef(rows);
  const anchor = useMemo(
    () => (shown.current && sameEdges(laidOut.current, rows) ? viewAnchor(shown.current) : null),
    [rows],
  );
  // Whether the selected row is wholly in view in the document still showing the rows being replaced.
  const selectedWasInView = useMemo(() => rowInView(tableRef.current, scrollElement), [rows]);
  const virtualizer = useVirtualizer<HTMLElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    initialRect: FIRST_VIEW,
    rangeExtractor,
    scrollMargin: offsets.margin,
    scrollPaddingStart: offsets.head,
    // Rows added or removed above the view (events arriving in the newest page load) keep the rows
    // in view where they are, as the browser's scroll anchoring did; at the top, new rows show.
    // The virtualizer does so when the number of rows or the first or last row changes, and keeps
    // the view at the end when rows there are measured.
    anchorTo: (shown.current?.scrollOffset ?? 0) > 0 ? 'end' : 'start',
  });
  shown.current = virtualizer;
  // A full page load loses its oldest event for each new one: the rows between move, the count and
  // the first and last row do not, and the virtualizer leaves the view where it was. This keeps the
  // rows in view in place then.
  useLayoutEffect(() => {
    laidOut.current = rows;
    const delta = anchor ? anchorMoved(anchor, rows, virtualizer) : 0;
    if (delta !== 0) virtualizer.scrollBy(delta);
    // The virtualizer skips its own correction while a scroll it was asked for has not been read
    // back yet (a key press just before the rows arrived, on a busy machine): a selected row that was
    // in view stays so ('auto' scrolls only when it is not).
    else if (selectedWasInView && selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [rows]);

  // A row selected with the mouse, or opened (the detail takes part of the pane), stays in view.
  const movingByKey = useRef(false);
  const detailOpen = store.detailOpen;
  useLayoutEffect(() => {
    if (movingByKey.current || selectedIndex < 0) return;
    tableRef.current?.querySelector(`tr[data-index="${selectedIndex}"]`)?.scrollIntoView?.({ block: 'nearest' });
    // Only when the selection or the detail changes, not when rows arrive (selectedIndex moves then).
  }, [selectedId, detailOpen]);

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>): void => {
    const move = MOVES[e.key];
    if (move !== undefined) {
      // Drawn at once (the selected row always is), so that focus can move to it in this handler.
      movingByKey.current = true;
      try {
        flushSync(() => store.moveSelection(move));
      } finally {
        movingByKey.current = false;
      }
      const index = indexOfEvent(rows, store.selectedId);
      if (index >= 0) {
        tableRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`)?.focus({ preventScroll: true });
        virtualizer.scrollToIndex(index, { align: 'auto' });
      }
    } else if (e.key === 'Enter') store.openSelected();
    else if (e.key === 'Escape') store.closeDetail();
    else return;
    e.preventDefault();
  };
  const onSelect = useStableSelect(store);
  const keepFocus = useFocusKept(tableRef);
  return (
    <table
      ref={tableRef}
      className={`events${showShop ? ' with-shop' : ''}`}
      role="grid"
      aria-label="Analytics events (arrow keys move, Enter opens)"
      // Every row of the table, drawn or not: the column heads, the page loads' headings, the events.
      aria-rowcount={rows.length + 1}
      // The table is the tab stop until a row is selected; then the selected row is.
      tabIndex={selectedIndex < 0 ? 0 : -1}
      onKeyDown={onKeyDown}
      onFocus={keepFocus.onFocus}
      onBlur={keepFocus.onBlur}
      data-testid="events"
    >
      <thead role="rowgroup">
        <tr role="row" aria-rowindex={1}>
          <th role="columnheader" scope="col">
            Time
          </th>
          {showShop ? (
            <th role="columnheader" scope="col">
              Shop
            </th>
          ) : null}
          <th role="columnheader" scope="col">
            #
          </th>
          <th role="columnheader" scope="col">
            Event
          </th>
          <th role="columnheader" scope="col">
            State
          </th>
          <th role="columnheader" scope="col">
            Tries
          </th>
          <th role="columnheader" scope="col">
            HTTP
          </th>
          <th role="columnheader" scope="col">
            Next attempt / reason
          </th>
        </tr>
      </thead>
      <tbody ref={bodyRef} role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map(({ index, start }) => {
          const row = rows[index]!;
          const top = start - offsets.margin;
          return row.kind === 'load' ? (
            <LoadHeader
              key={rowKey(row)}
              load={row.load}
              columns={columns}
              index={index}
              top={top}
              measure={virtualizer.measureElement}
            />
          ) : (
            <EventRow
              key={row.event.id}
              event={row.event}
              store={store}
              showShop={showShop}
              now={row.event.state === 'retry_scheduled' && !row.event.orphaned ? store.now : 0}
              warnings={store.problemsOf(row.event)}
              onSelect={onSelect}
              index={index}
              top={top}
              measure={virtualizer.measureElement}
            />
          );
        })}
      </tbody>
    </table>
  );
});

/**
 * When the focused row goes (its event left the buffer, the oldest of a full page load), focus
 * moves to the table instead of the page, so that the keys still work. Chromium reports the loss
 * as a blur while the row is still attached; other browsers say nothing, so each render checks too.
 */
function useFocusKept(table: RefObject<HTMLElement>): {
  onFocus(e: FocusEvent<HTMLElement>): void;
  onBlur(e: FocusEvent<HTMLElement>): void;
} {
  const focused = useRef<Element | null>(null);
  const rescue = (): void => {
    const row = focused.current;
    if (!row || row.isConnected) return;
    focused.current = null;
    if (document.activeElement === null || document.activeElement === document.body)
      table.current?.focus({ preventScroll: true });
  };
  useLayoutEffect(rescue);
  return {
    onFocus: (e) => void (focused.current = e.target as Element),
    onBlur: (e) => {
      const row = e.target as Element;
      // The browser has not removed the row yet when it reports the blur.
      queueMicrotask(() => {
        if (!row.isConnected) rescue();
        else if (focused.current === row) focused.current = null;
      });
    },
  };
}

function useStableSelect(store: InspectorStore): (id: string, open: boolean) => void {
  const ref = useRef<(id: string, open: boolean) => void>();
  ref.current ??= (id, open) => store.select(id, open);
  return ref.current;
}

type TableVirtualizer = Virtualizer<HTMLElement, HTMLTableRowElement>;

/** The first rows in view and where they start. */
type ViewAnchor = Array<Pick<VirtualItem, 'key' | 'start'>>;

/** True when `next` replaces `rows` with as many rows, the first and the last the same. */
function sameEdges(rows: TableRow[], next: TableRow[]): boolean {
  if (rows === next || rows.length !== next.length || rows.length === 0) return false;
  return rowKey(rows[0]!) === rowKey(next[0]!) && rowKey(rows.at(-1)!) === rowKey(next.at(-1)!);
}

/** The rows at the top of the view (a few, in case the first is the one that goes); none at the top of the table. */
function viewAnchor(virtualizer: TableVirtualizer): ViewAnchor | null {
  const offset = virtualizer.scrollOffset ?? 0;
  const first = offset > 0 ? virtualizer.getVirtualItemForOffset(offset) : undefined;
  if (!first) return null;
  return virtualizer.measurementsCache
    .slice(first.index, first.index + ANCHOR_ROWS)
    .map(({ key, start }) => ({ key, start }));
}

/** True when the table's selected row is drawn wholly inside the pane, below its sticky column heads. */
function rowInView(table: HTMLTableElement | null, pane: HTMLElement | null): boolean {
  const row = table?.querySelector('tbody tr[aria-selected="true"]');
  if (!row || !pane) return false;
  const box = row.getBoundingClientRect();
  const view = pane.getBoundingClientRect();
  const head = table!.tHead?.getBoundingClientRect().height ?? 0;
  return box.height > 0 && box.top >= view.top + head && box.bottom <= view.bottom;
}

/** How far the first anchored row still in `rows` moved, in px (0 when none is left). */
function anchorMoved(anchor: ViewAnchor, rows: TableRow[], virtualizer: TableVirtualizer): number {
  const wanted = new Map(anchor.map((row) => [row.key, row.start]));
  const measurements = virtualizer.measurementsCache;
  for (let index = 0; index < rows.length; index++) {
    const start = wanted.get(rowKey(rows[index]!));
    if (start !== undefined) return (measurements[index]?.start ?? start) - start;
  }
  return 0;
}
