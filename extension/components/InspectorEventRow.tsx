/** The rows of the event table: an event, and the heading of a page load. */
import { computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { memo, useMemo, type ReactElement, type ReactNode } from 'react';
import { waitingOf, type BufferedEvent, type PageLoad } from '../lib/inspectorBuffer.js';
import { eventTime } from '../lib/inspectorExport.js';
import { shownLabel, shownState, stateNote } from '../lib/inspectorHealth.js';
import { previewWords } from '../lib/inspectorLoadFacts.js';
import type { InspectorStore } from '../lib/InspectorStore.js';
import { clock } from '../lib/inspectorIo.js';

/** Where a drawn row sits in the whole table, which is only drawn around what is in view. */
interface Placement {
  /** The row's index in the table's rows (the virtualizer's `data-index`). */
  index: number;
  /** Its offset from the top of the table's body, in px. */
  top: number;
  /** Reports the row's element so that its real height is measured. */
  measure(element: HTMLTableRowElement | null): void;
}

/** `aria-rowindex` of the row at `index`: the column heads are row 1. */
const ariaRowIndex = (index: number) => index + 2;

const placed = (top: number) => ({ transform: `translateY(${top}px)` });

/** An event name with a line break allowed after its namespace, where a narrow column may wrap it. */
function breakAfterColon(name: string): ReactNode {
  const colon = name.indexOf(':');
  if (colon < 0) return name;
  return (
    <>
      {name.slice(0, colon + 1)}
      <wbr />
      {name.slice(colon + 1)}
    </>
  );
}

interface EventRowProps extends Placement {
  event: BufferedEvent;
  /** The store, whose selection each row follows on its own (a key press re-renders two rows, not the table). */
  store: InspectorStore;
  showShop: boolean;
  /** The clock, only for a waiting row (so that other rows do not re-render every second). */
  now: number;
  warnings: string[] | undefined;
  onSelect(id: string, open: boolean): void;
}

function eventRowPropsEqual(a: EventRowProps, b: EventRowProps): boolean {
  return (
    a.event.id === b.event.id &&
    a.event.updatedAt === b.event.updatedAt &&
    a.event.state === b.event.state &&
    a.event.orphaned === b.event.orphaned &&
    a.event.attempts === b.event.attempts &&
    a.index === b.index &&
    a.top === b.top &&
    a.measure === b.measure &&
    a.store === b.store &&
    a.showShop === b.showShop &&
    a.now === b.now &&
    (a.warnings?.length ?? 0) === (b.warnings?.length ?? 0) &&
    a.onSelect === b.onSelect
  );
}

/**
 * One event row: memoised, and an observer of its own selection only. The selected row is the
 * table's one tab stop (roving tabindex); the table moves focus to it.
 */
export const EventRow = memo(
  observer(function EventRow(props: EventRowProps): ReactElement {
    const { event, store, showShop, now, warnings, onSelect, index, top, measure } = props;
    const selectedNow = useMemo(() => computed(() => store.selectedId === event.id), [store, event.id]);
    const selected = selectedNow.get();
    const state = shownState(event);
    // An unconfirmed row has no countdown: the page that would have retried it is gone.
    const waiting = state === 'unconfirmed' ? null : waitingOf(event, now);
    const note = stateNote(event);
    return (
      <tr
        ref={measure}
        role="row"
        className={`event state-${state}${selected ? ' selected' : ''}`}
        style={placed(top)}
        data-index={index}
        aria-rowindex={ariaRowIndex(index)}
        tabIndex={selected ? 0 : -1}
        data-testid="event"
        data-id={event.id}
        data-event={event.event}
        data-state={event.state}
        data-shown-state={state}
        aria-selected={selected}
        onClick={() => onSelect(event.id, true)}
      >
        <td role="gridcell" className="time">
          {clock(eventTime(event))}
        </td>
        {showShop ? (
          <td role="gridcell" className="shop">
            {event.shopId ?? '—'}
          </td>
        ) : null}
        <td role="gridcell" className="seq">
          {event.seq ?? '?'}
        </td>
        <td role="gridcell" className="name">
          {breakAfterColon(event.event)}
          {warnings ? (
            <span className="warning" data-testid="warning" title={warnings.join('\n')}>
              ⚠ {warnings.length}
            </span>
          ) : null}
        </td>
        <td role="gridcell">
          <span className={`chip chip-${state}`}>{shownLabel(event)}</span>
          {note ? <span className="note">{note}</span> : null}
        </td>
        <td role="gridcell" className="num">
          {event.attempts}
        </td>
        <td role="gridcell" className="num">
          {event.httpStatus ?? ''}
        </td>
        <td role="gridcell" className="why">
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
  eventRowPropsEqual,
);

/** The heading row of a page load: when it started, its address, and how the preview went there. */
export const LoadHeader = memo(function LoadHeader({
  load,
  columns,
  index,
  top,
  measure,
}: Placement & { load: PageLoad; columns: number }): ReactElement {
  return (
    <tr
      ref={measure}
      role="row"
      className="load-row"
      style={placed(top)}
      data-index={index}
      aria-rowindex={ariaRowIndex(index)}
      data-testid="page-load"
    >
      <th colSpan={columns} scope="colgroup">
        <span>
          Page load {clock(load.startedAt)} · {load.url}
        </span>
        {load.preview ? (
          <span className={`preview preview-${load.preview.outcome}`}> · {previewWords(load)}</span>
        ) : null}
        {load.kept ? (
          <span className="kept" data-testid="load-kept" data-previous-session={load.kept.previousSession}>
            {load.kept.previousSession
              ? ` · from a previous browser session, last saved ${new Date(load.kept.savedAt).toLocaleString()}`
              : ` · saved ${clock(load.kept.savedAt)} in this browser session`}
          </span>
        ) : null}
      </th>
    </tr>
  );
});
