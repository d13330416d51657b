/** The dense, keyboard-navigable table of events, grouped by page load. */
import { computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { memo, useEffect, useMemo, useRef, type KeyboardEvent, type ReactElement } from 'react';
import { waitingOf, type BufferedEvent, type PageLoad } from '../lib/inspectorBuffer.js';
import { eventTime } from '../lib/inspectorExport.js';
import { shownLabel, shownState, stateNote } from '../lib/inspectorHealth.js';
import type { InspectorStore } from '../lib/InspectorStore.js';
import { clock } from '../lib/inspectorIo.js';

interface RowProps {
  event: BufferedEvent;
  /** The store, whose selection each row follows on its own (a key press re-renders two rows, not the table). */
  store: InspectorStore;
  showShop: boolean;
  /** The clock, only for a waiting row (so that other rows do not re-render every second). */
  now: number;
  warnings: string[] | undefined;
  onSelect(id: string, open: boolean): void;
}

function rowPropsEqual(a: RowProps, b: RowProps): boolean {
  return (
    a.event.id === b.event.id &&
    a.event.updatedAt === b.event.updatedAt &&
    a.event.state === b.event.state &&
    a.event.orphaned === b.event.orphaned &&
    a.event.attempts === b.event.attempts &&
    a.store === b.store &&
    a.showShop === b.showShop &&
    a.now === b.now &&
    (a.warnings?.length ?? 0) === (b.warnings?.length ?? 0) &&
    a.onSelect === b.onSelect
  );
}

/**
 * One event row; memoised so that thousands of rows stay cheap while one of them changes, and an
 * observer of its own selection only.
 */
const EventRow = memo(
  observer(function EventRow({ event, store, showShop, now, warnings, onSelect }: RowProps): ReactElement {
    const selectedNow = useMemo(() => computed(() => store.selectedId === event.id), [store, event.id]);
    const selected = selectedNow.get();
    const ref = useRef<HTMLTableRowElement>(null);
    useEffect(() => {
      if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
    }, [selected]);
    const state = shownState(event);
    // An unconfirmed row has no countdown: the page that would have retried it is gone.
    const waiting = state === 'unconfirmed' ? null : waitingOf(event, now);
    const note = stateNote(event);
    return (
      <tr
        ref={ref}
        className={`event state-${state}${selected ? ' selected' : ''}`}
        data-testid="event"
        data-id={event.id}
        data-event={event.event}
        data-state={event.state}
        data-shown-state={state}
        aria-selected={selected}
        onClick={() => onSelect(event.id, true)}
      >
        <td className="time">{clock(eventTime(event))}</td>
        {showShop ? <td className="shop">{event.shopId ?? '—'}</td> : null}
        <td className="seq">{event.seq ?? '?'}</td>
        <td className="name">
          {event.event}
          {warnings ? (
            <span className="warning" data-testid="warning" title={warnings.join('\n')}>
              ⚠ {warnings.length}
            </span>
          ) : null}
        </td>
        <td>
          <span className={`chip chip-${state}`}>{shownLabel(event)}</span>
          {note ? <span className="note">{note}</span> : null}
        </td>
        <td className="num">{event.attempts}</td>
        <td className="num">{event.httpStatus ?? ''}</td>
        <td className="why">
          {waiting ? (
            <span className="waiting" data-testid="event-waiting">
              next attempt at {clock(waiting.nextAttemptAt)} (in {waiting.inSeconds} s)
            </span>
          ) : null}
          {event.reason && event.confirmedBy === null ? <span className="reason">{event.reason}</span> : null}
        </td>
      </tr>
    );
  }),
  rowPropsEqual,
);

function LoadHeader({ load, columns }: { load: PageLoad; columns: number }): ReactElement {
  return (
    <tr className="load-row">
      <th colSpan={columns} scope="colgroup">
        <span>
          Page load {clock(load.startedAt)} · {load.url}
        </span>
        {load.preview ? (
          <span className={`preview preview-${load.preview.outcome}`}>
            {' '}
            · preview {load.preview.outcome}: {load.preview.message}
          </span>
        ) : null}
      </th>
    </tr>
  );
}

interface LoadBodyProps {
  load: PageLoad;
  events: BufferedEvent[];
  store: InspectorStore;
  showShop: boolean;
  columns: number;
  onSelect(id: string, open: boolean): void;
}

/**
 * One page load's rows. Memoised on its event list, which the store keeps while the load does not
 * change: an event arriving in the live load draws that load's rows, not every load's.
 */
const LoadBody = memo(
  observer(function LoadBody({ load, events, store, showShop, columns, onSelect }: LoadBodyProps): ReactElement {
    return (
      <tbody data-testid="page-load">
        <LoadHeader load={load} columns={columns} />
        {events.map((event) => (
          <EventRow
            key={event.id}
            event={event}
            store={store}
            showShop={showShop}
            now={event.state === 'retry_scheduled' && !event.orphaned ? store.now : 0}
            warnings={store.problemsOf(event)}
            onSelect={onSelect}
          />
        ))}
      </tbody>
    );
  }),
);

/** The events the filters let through, one body per page load. */
export const EventTable = observer(function EventTable({ store }: { store: InspectorStore }): ReactElement {
  const groups = store.groups;
  const showShop = store.shops.length > 1;
  const columns = showShop ? 8 : 7;
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>): void => {
    const moves: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: 10,
      PageUp: -10,
      End: 1e6,
      Home: -1e6,
    };
    if (e.key in moves) store.moveSelection(moves[e.key]!);
    else if (e.key === 'Enter') store.openSelected();
    else if (e.key === 'Escape') store.closeDetail();
    else return;
    e.preventDefault();
  };
  const onSelect = useStableSelect(store);
  return (
    <table
      className="events"
      role="grid"
      aria-label="Analytics events (arrow keys move, Enter opens)"
      aria-rowcount={store.rows.length}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="events"
    >
      <thead>
        <tr>
          <th scope="col">Time</th>
          {showShop ? <th scope="col">Shop</th> : null}
          <th scope="col">#</th>
          <th scope="col">Event</th>
          <th scope="col">State</th>
          <th scope="col">Tries</th>
          <th scope="col">HTTP</th>
          <th scope="col">Next attempt / reason</th>
        </tr>
      </thead>
      {groups
        .filter((g) => g.events.length > 0 || !store.filtersActive)
        .map(({ load, events }) => (
          <LoadBody
            key={load.loadId}
            load={load}
            events={events}
            store={store}
            showShop={showShop}
            columns={columns}
            onSelect={onSelect}
          />
        ))}
    </table>
  );
});

function useStableSelect(store: InspectorStore): (id: string, open: boolean) => void {
  const ref = useRef<(id: string, open: boolean) => void>();
  ref.current ??= (id, open) => store.select(id, open);
  return ref.current;
}
