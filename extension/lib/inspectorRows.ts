/**
 * The event table's rows as one flat list (each page load's heading, then its events), which the
 * table draws only a window of: the index of a row here is its place in the whole table.
 */
import type { BufferedEvent, PageLoad } from './inspectorBuffer.js';
import type { LoadGroup } from './InspectorStore.js';

/** One row of the event table: a page load's heading or an event. */
export type TableRow = { kind: 'load'; load: PageLoad } | { kind: 'event'; event: BufferedEvent };

/**
 * The rows of `groups` in order. A load the filters emptied keeps its heading only while no filter
 * is set (a fresh page load with nothing yet still shows).
 */
export function tableRows(groups: LoadGroup[], filtersActive: boolean): TableRow[] {
  const rows: TableRow[] = [];
  for (const { load, events } of groups) {
    if (events.length === 0 && filtersActive) continue;
    rows.push(rowOf(load, loadRows, 'load'));
    for (const event of events) rows.push(rowOf(event, eventRows, 'event'));
  }
  return rows;
}

// One row object per event and per page load for as long as it lives: the table's 10,000 rows are
// listed again at every change, and new objects for all of them were most of the panel's garbage.
const eventRows = new WeakMap<BufferedEvent, TableRow>();
const loadRows = new WeakMap<PageLoad, TableRow>();

function rowOf<T extends BufferedEvent | PageLoad>(
  item: T,
  rows: WeakMap<T, TableRow>,
  kind: TableRow['kind'],
): TableRow {
  let row = rows.get(item);
  if (!row) {
    row = kind === 'load' ? { kind, load: item as PageLoad } : { kind, event: item as BufferedEvent };
    rows.set(item, row);
  }
  return row;
}

/** A row's identity across changes (what keeps its measured height and the scroll anchored to it). */
export function rowKey(row: TableRow): string {
  return row.kind === 'load' ? `load:${row.load.loadId}` : row.event.id;
}

/** The index of the event `id` among `rows`, or -1. */
export function indexOfEvent(rows: TableRow[], id: string | null): number {
  if (id === null) return -1;
  return rows.findIndex((row) => row.kind === 'event' && row.event.id === id);
}
