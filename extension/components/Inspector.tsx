/**
 * The inspector: session, delivery health, counts by state, a dense keyboard-navigable table of
 * events grouped by page load, a detail pane (payload tree, raw JSON, the request as sent, the
 * attempt timeline), the search requests decoded, filters, copy, export and import.
 */
import { observer } from 'mobx-react-lite';
import { memo, useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { timelineOf, waitingOf, type BufferedEvent, type PageLoad, type TimelineStep } from '../lib/inspectorBuffer.js';
import {
  eventAsCurl,
  eventAsJson,
  eventTime,
  expiryCountdown,
  exportBuffer,
  exportCsv,
  exportHar,
  importBuffer,
  requestAsSent,
} from '../lib/inspectorExport.js';
import { describeSearch, shownState, SHOWN_STATES, STATE_LABELS, stateNote } from '../lib/inspectorHealth.js';
import type { InspectorStore } from '../lib/InspectorStore.js';
import { JsonTree } from './JsonTree.js';

/** What the page around the inspector provides (the clipboard and downloads, stubbed in tests). */
export interface InspectorIo {
  copy(text: string): Promise<void>;
  download(text: string, name: string, type: string): void;
}

const browserIo: InspectorIo = {
  copy: (text) => navigator.clipboard.writeText(text),
  download(text, name, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};

const fileStamp = (): string => new Date().toISOString().replace(/[:.]/g, '-');
const clock = (ms: number): string => new Date(ms).toLocaleTimeString();

/** A short-lived message in a live region ("Copied as curl", "Exported 12 events as CSV"). */
function useFeedback(): [string, (message: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return [
    message,
    (next) => {
      setMessage(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setMessage(''), 2500);
    },
  ];
}

const Session = observer(function Session({ store }: { store: InspectorStore }): ReactElement {
  const session = store.session;
  return (
    <section className="session" data-testid="session" aria-label="Session">
      <span>
        Session: <strong data-testid="session-status">{session?.status ?? 'no Aisle seen on this tab yet'}</strong>
      </span>
      <span>
        Visitor: <code>{session?.visitorId ?? '—'}</code>
      </span>
      <span data-testid="token-expiry">Token expires: {expiryCountdown(session?.tokenExp ?? null, store.now)}</span>
      {session?.unpersisted ? <span>Only in memory: {session.unpersisted}</span> : null}
      {store.imported ? null : (
        <span className={store.connected ? 'live' : 'offline'}>{store.connected ? '● live' : 'reconnecting…'}</span>
      )}
    </section>
  );
});

const HealthBanner = observer(function HealthBanner({ store }: { store: InspectorStore }): ReactElement | null {
  const health = store.health;
  if (health.level === 'idle') return null;
  return (
    <section
      className={`health health-${health.level}`}
      data-testid="health"
      data-level={health.level}
      role={health.level === 'stuck' ? 'alert' : 'status'}
    >
      <strong>{health.title}</strong>
      {health.detail ? <span> {health.detail}</span> : null}
    </section>
  );
});

const Counts = observer(function Counts({ store }: { store: InspectorStore }): ReactElement {
  const counts = store.counts;
  return (
    <div className="counts" data-testid="counts" role="group" aria-label="Events by state">
      {SHOWN_STATES.filter((s) => counts[s] > 0 || s !== 'unconfirmed').map((state) => (
        <button
          key={state}
          type="button"
          className={`count chip-${state}`}
          aria-pressed={store.stateFilter === state}
          data-testid={`count-${state}`}
          onClick={() => store.setStateFilter(store.stateFilter === state ? '' : state)}
        >
          {STATE_LABELS[state]} <strong>{counts[state]}</strong>
        </button>
      ))}
    </div>
  );
});

interface RowProps {
  event: BufferedEvent;
  selected: boolean;
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
    a.selected === b.selected &&
    a.showShop === b.showShop &&
    a.now === b.now &&
    (a.warnings?.length ?? 0) === (b.warnings?.length ?? 0) &&
    a.onSelect === b.onSelect
  );
}

/** One event row; memoised so that hundreds of rows stay cheap while one of them changes. */
const EventRow = memo(function EventRow({
  event,
  selected,
  showShop,
  now,
  warnings,
  onSelect,
}: RowProps): ReactElement {
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  const state = shownState(event);
  const waiting = waitingOf(event, now);
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
        <span className={`chip chip-${state}`}>{STATE_LABELS[state]}</span>
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
}, rowPropsEqual);

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

const EventTable = observer(function EventTable({ store }: { store: InspectorStore }): ReactElement {
  const groups = store.groups;
  const showShop = store.shops.length > 1;
  const warnings = store.warnings;
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
          <tbody key={load.loadId} data-testid="page-load">
            <LoadHeader load={load} columns={columns} />
            {events.map((event) => (
              <EventRow
                key={event.id}
                event={event}
                selected={store.selectedId === event.id}
                showShop={showShop}
                now={event.state === 'retry_scheduled' ? store.now : 0}
                warnings={warnings.get(event.id)}
                onSelect={onSelect}
              />
            ))}
          </tbody>
        ))}
    </table>
  );
});

function useStableSelect(store: InspectorStore): (id: string, open: boolean) => void {
  const ref = useRef<(id: string, open: boolean) => void>();
  ref.current ??= (id, open) => store.select(id, open);
  return ref.current;
}

const STEP_WORDS: Record<string, string> = {
  queued: 'recorded in the outbox',
  send: 'sent',
  token_refresh: 'token refused: asking for a fresh one',
  identity_request: 'identity requested',
  token_issued: 'token issued',
  token_reused: 'stored token reused',
  identity_failed: 'identity request failed',
  retry_scheduled: 'retry scheduled',
  acknowledged: 'acknowledged by the service',
  dead_lettered: 'refused for good (dead-lettered)',
  flush: 'keepalive flush started',
  flush_result: 'keepalive batch answered',
  flush_failed: 'keepalive batch failed',
  flush_skipped: 'keepalive flush skipped',
  disposed: 'session ended',
};

function stepText(step: TimelineStep): string {
  const d = (step.detail ?? {}) as Record<string, unknown>;
  const parts: string[] = [STEP_WORDS[step.phase] ?? step.phase];
  if (typeof d.attempt === 'number') parts.push(`attempt ${d.attempt}`);
  if (typeof d.via === 'string') parts.push(`via ${d.via === 'batch' ? 'keepalive batch' : 'single send'}`);
  if (typeof d.httpStatus === 'number') parts.push(`HTTP ${d.httpStatus}`);
  if (typeof d.reason === 'string') parts.push(d.reason);
  if (typeof d.waiting === 'string')
    parts.push(d.waiting === 'identity_refused' ? 'identity refused' : 'token refused');
  if (typeof d.trigger === 'string') parts.push(`page ${d.trigger}`);
  return parts.join(' · ');
}

const Detail = observer(function Detail({
  store,
  io,
  feedback,
}: {
  store: InspectorStore;
  io: InspectorIo;
  feedback(message: string): void;
}): ReactElement | null {
  const event = store.selected;
  const [tab, setTab] = useState<'payload' | 'raw' | 'request' | 'timeline'>('payload');
  const [openAll, setOpenAll] = useState(0);
  if (!store.detailOpen || !event) return null;
  const warnings = store.warnings.get(event.id);
  const timeline = timelineOf(store.buffer, event);
  const state = shownState(event);
  const copyAs = (kind: string): void => {
    const text = kind === 'curl' ? eventAsCurl(event) : kind === 'request' ? requestAsSent(event) : eventAsJson(event);
    io.copy(text).then(
      () => feedback(`Copied as ${kind === 'curl' ? 'curl' : kind === 'request' ? 'request' : 'JSON'}`),
      () => feedback('Could not copy: the clipboard refused'),
    );
  };
  const tabs = [
    ['payload', 'Payload'],
    ['raw', 'Raw'],
    ['request', 'Request'],
    ['timeline', `Timeline (${timeline.length})`],
  ] as const;
  return (
    <aside className="detail" data-testid="detail" aria-label={`Event ${event.event}`}>
      <header>
        <h2>
          {event.event} <span className={`chip chip-${state}`}>{STATE_LABELS[state]}</span>
        </h2>
        <button type="button" className="close" aria-label="Close the detail" onClick={() => store.closeDetail()}>
          ×
        </button>
      </header>
      <dl className="facts">
        <dt>id</dt>
        <dd>
          <code>{event.id}</code>
        </dd>
        <dt>shop · seq</dt>
        <dd>
          {event.shopId ?? '—'} · {event.seq ?? '?'}
        </dd>
        <dt>recorded</dt>
        <dd>{new Date(eventTime(event)).toLocaleString()}</dd>
        <dt>attempts · HTTP</dt>
        <dd>
          {event.attempts} · {event.httpStatus ?? '—'}
        </dd>
        {event.reason ? (
          <>
            <dt>reason</dt>
            <dd>{event.reason}</dd>
          </>
        ) : null}
        {stateNote(event) ? (
          <>
            <dt>note</dt>
            <dd>{stateNote(event)}</dd>
          </>
        ) : null}
      </dl>
      {warnings ? (
        <div className="warnings" data-testid="warnings" role="note">
          <strong>Does not match the event catalogue:</strong>
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="detail-actions">
        <label>
          Copy as…{' '}
          <select
            value=""
            data-testid="copy-as"
            onChange={(e) => {
              if (e.target.value) copyAs(e.target.value);
            }}
          >
            <option value="">choose</option>
            <option value="json">JSON (inspector record)</option>
            <option value="curl">curl (token from $AISLE_TOKEN)</option>
            <option value="request">request as sent</option>
          </select>
        </label>
      </div>
      <div className="tabs" role="tablist" aria-label="Event detail">
        {tabs.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            data-testid={`tab-${id}`}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel">
        {tab === 'payload' ? (
          <>
            <div className="tree-actions">
              <button type="button" onClick={() => setOpenAll((n) => Math.abs(n) + 1)} data-testid="expand-all">
                Expand all
              </button>
              <button type="button" onClick={() => setOpenAll((n) => -Math.abs(n) - 1)}>
                Collapse all
              </button>
            </div>
            {event.payload === null ? (
              <p className="empty">The page has not shown this event’s payload (it left before a snapshot).</p>
            ) : (
              <JsonTree key={openAll} name="payload" value={event.payload} open openAll={openAll > 0} />
            )}
          </>
        ) : null}
        {tab === 'raw' ? <pre data-testid="raw">{JSON.stringify(event.payload, null, 2)}</pre> : null}
        {tab === 'request' ? <pre data-testid="request">{requestAsSent(event)}</pre> : null}
        {tab === 'timeline' ? (
          timeline.length === 0 ? (
            <p className="empty">No delivery steps were reported for this event on this tab.</p>
          ) : (
            <ol className="timeline" data-testid="timeline">
              {timeline.map((step, i) => (
                <li
                  key={i}
                  className={step.session ? 'session-step' : ''}
                  data-testid="timeline-step"
                  data-phase={step.phase}
                >
                  {i > 0 && timeline[i - 1]!.loadId !== step.loadId ? (
                    <span className="load-change">on a later page load of the tab: </span>
                  ) : null}
                  <time>{clock(step.at)}</time> {stepText(step)}
                </li>
              ))}
            </ol>
          )
        ) : null}
      </div>
    </aside>
  );
});

function Searches({ loads }: { loads: PageLoad[] }): ReactElement | null {
  const searches = loads.flatMap((load) => load.searches.map((s) => ({ load, s }))).reverse();
  if (searches.length === 0) return null;
  return (
    <details className="searches" open>
      <summary>Search requests ({searches.length})</summary>
      <table className="search-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Request</th>
            <th scope="col">Filters</th>
            <th scope="col">Sort</th>
            <th scope="col">Answer</th>
          </tr>
        </thead>
        <tbody>
          {searches.map(({ load, s }) => {
            const d = describeSearch(s);
            return (
              <tr key={`${load.loadId}-${s.n}`} data-testid="search" className={`search search-${s.state}`}>
                <td className="time">{clock(s.startedAt)}</td>
                <td title={s.url}>{d.request}</td>
                <td>{d.filters}</td>
                <td>{d.sort}</td>
                <td>
                  {d.answer}
                  {d.empty ? <div className="reason">Why it may look empty: {d.empty}</div> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}

const Toolbar = observer(function Toolbar({
  store,
  io,
  onClear,
  feedback,
}: {
  store: InspectorStore;
  io: InspectorIo;
  onClear(): void;
  feedback(message: string): void;
}): ReactElement {
  const exportAs = (kind: 'json' | 'csv' | 'har'): void => {
    const buffer = store.filteredBuffer;
    const filters = [
      store.nameFilter && `event ${store.nameFilter}`,
      store.stateFilter && `state ${store.stateFilter}`,
      store.textFilter.trim() && `text "${store.textFilter.trim()}"`,
    ]
      .filter(Boolean)
      .join(', ');
    const name = `aisle-inspector-${fileStamp()}`;
    if (kind === 'json') io.download(exportBuffer(buffer, new Date(), filters), `${name}.json`, 'application/json');
    else if (kind === 'csv') io.download(exportCsv(store.rows), `${name}.csv`, 'text/csv');
    else io.download(exportHar(buffer, new Date()), `${name}.har`, 'application/json');
    feedback(`Exported ${store.rows.length} events as ${kind.toUpperCase()}${filters ? ` (${filters})` : ''}`);
  };
  const onFile = (file: File | undefined): void => {
    if (!file) return;
    void file.text().then((text) => {
      const result = importBuffer(text);
      if ('error' in result) return feedback(`Not imported: ${result.error}`);
      store.showImport(result.buffer, { name: file.name, exportedAt: result.exportedAt });
      feedback(`Imported ${file.name}`);
    });
  };
  return (
    <div className="toolbar" role="search">
      <label>
        Event{' '}
        <select
          value={store.nameFilter}
          onChange={(e) => store.setNameFilter(e.target.value)}
          data-testid="filter-name"
        >
          <option value="">all</option>
          {store.eventNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label>
        State{' '}
        <select
          value={store.stateFilter}
          onChange={(e) => store.setStateFilter(e.target.value)}
          data-testid="filter-state"
        >
          <option value="">all</option>
          {SHOWN_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Text{' '}
        <input
          type="search"
          value={store.textFilter}
          onChange={(e) => store.setTextFilter(e.target.value)}
          data-testid="filter-text"
          placeholder="id, product, reason…"
        />
      </label>
      <span className="spacer" />
      <span className="group" role="group" aria-label="Export what the filters show">
        Export
        <button type="button" onClick={() => exportAs('json')} data-testid="export-json">
          JSON
        </button>
        <button type="button" onClick={() => exportAs('csv')} data-testid="export-csv">
          CSV
        </button>
        <button type="button" onClick={() => exportAs('har')} data-testid="export-har">
          HAR
        </button>
      </span>
      <label className="button">
        Import…
        <input
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          data-testid="import"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {store.imported ? null : (
        <button type="button" onClick={onClear}>
          Clear
        </button>
      )}
    </div>
  );
});

/** The whole inspector view. */
export const Inspector = observer(function Inspector({
  store,
  onClear,
  io = browserIo,
}: {
  store: InspectorStore;
  onClear(): void;
  io?: InspectorIo;
}): ReactElement {
  const [message, feedback] = useFeedback();
  const hasEvents = store.buffer.loads.some((l) => l.events.length > 0);
  const rows = store.rows;
  return (
    <main className={`inspector${store.detailOpen && store.selected ? ' with-detail' : ''}`}>
      <header className="title">
        <h1>Aisle inspector</h1>
        {store.imported ? (
          <span className="imported" data-testid="imported">
            Imported: {store.imported.name}
            {store.imported.exportedAt ? ` (exported ${new Date(store.imported.exportedAt).toLocaleString()})` : ''}
            <button type="button" onClick={() => store.leaveImport()}>
              Back to the live tab
            </button>
          </span>
        ) : null}
        <span className="feedback" role="status" data-testid="feedback">
          {message}
        </span>
      </header>
      <Session store={store} />
      <HealthBanner store={store} />
      <Counts store={store} />
      <Toolbar store={store} io={io} onClear={onClear} feedback={feedback} />
      <div className="panes">
        <div className="list">
          {store.buffer.loads.length === 0 ? (
            <p className="empty">Nothing yet: load a page that runs Aisle in this tab.</p>
          ) : null}
          {hasEvents && rows.length === 0 ? (
            <p className="empty" data-testid="no-match">
              No events match these filters.{' '}
              <button type="button" onClick={() => store.clearFilters()}>
                Clear the filters
              </button>
            </p>
          ) : null}
          {rows.length > 0 || !store.filtersActive ? <EventTable store={store} /> : null}
          <Searches loads={store.buffer.loads} />
        </div>
        <Detail store={store} io={io} feedback={feedback} />
      </div>
    </main>
  );
});
