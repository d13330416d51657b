/** The inspector: session, events grouped by page load, searches; filters, copy, export, clear. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import { EVENT_STATES } from '../lib/pageData.js';
import { waitingOf, type BufferedEvent, type PageLoad } from '../lib/inspectorBuffer.js';
import { eventAsCurl, eventAsJson, expiryCountdown, exportBuffer } from '../lib/inspectorExport.js';
import type { InspectorStore } from '../lib/InspectorStore.js';
import { JsonTree } from './JsonTree.js';

const STATE_LABELS: Record<string, string> = {
  queued: 'queued',
  in_flight: 'in flight',
  retry_scheduled: 'retry scheduled',
  acknowledged: 'acknowledged',
  dead_lettered: 'dead-lettered',
};

async function copy(text: string): Promise<void> {
  await navigator.clipboard.writeText(text).catch(() => undefined);
}

function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `aisle-inspector-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const Session = observer(function Session({ store }: { store: InspectorStore }): ReactElement {
  const session = store.session;
  return (
    <section className="session" data-testid="session" aria-label="Session">
      <span>
        Session: <strong data-testid="session-status">{session?.status ?? 'no Aisle seen on this tab yet'}</strong>
      </span>
      <span>Visitor: {session?.visitorId ?? '—'}</span>
      <span data-testid="token-expiry">Token expires: {expiryCountdown(session?.tokenExp ?? null, store.now)}</span>
      {session?.unpersisted ? <span>Not persisted: {session.unpersisted}</span> : null}
      <span className={store.connected ? 'live' : 'offline'}>{store.connected ? 'live' : 'reconnecting…'}</span>
    </section>
  );
});

function EventRow({ event, now }: { event: BufferedEvent; now: number }): ReactElement {
  const waiting = waitingOf(event, now);
  return (
    <li className={`event state-${event.state}`} data-testid="event" data-event={event.event} data-state={event.state}>
      <div className="event-line">
        <span className="seq">#{event.seq ?? '?'}</span>
        <span className="name">{event.event}</span>
        <span className="state">{STATE_LABELS[event.state] ?? event.state}</span>
        <span>attempts {event.attempts}</span>
        {event.httpStatus !== null ? <span>HTTP {event.httpStatus}</span> : null}
        {waiting ? (
          <span className="waiting" data-testid="event-waiting">
            waiting · next attempt at {new Date(waiting.nextAttemptAt).toLocaleTimeString()} (in {waiting.inSeconds} s)
          </span>
        ) : null}
        {event.reason ? <span className="reason">{event.reason}</span> : null}
        <button type="button" onClick={() => void copy(eventAsJson(event))}>
          Copy JSON
        </button>
        <button type="button" onClick={() => void copy(eventAsCurl(event))}>
          Copy curl
        </button>
      </div>
      <JsonTree name="payload" value={event.payload} />
    </li>
  );
}

function Searches({ load }: { load: PageLoad }): ReactElement | null {
  if (load.searches.length === 0) return null;
  return (
    <details className="searches">
      <summary>Search requests ({load.searches.length})</summary>
      <ul>
        {load.searches.map((s) => (
          <li key={s.n} data-testid="search" className={`search search-${s.state}`}>
            <span>{s.url}</span>{' '}
            <span>{s.state === 'pending' ? 'pending' : s.status !== null ? `HTTP ${s.status}` : s.state}</span>{' '}
            {s.latencyMs !== null ? <span>{Math.round(s.latencyMs)} ms</span> : null}{' '}
            {s.error ? <span className="reason">{s.error}</span> : null}
            <JsonTree name="body" value={s.body} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The whole inspector view. */
export const Inspector = observer(function Inspector({
  store,
  onClear,
}: {
  store: InspectorStore;
  onClear(): void;
}): ReactElement {
  const groups = store.groups;
  return (
    <main className="inspector">
      <h1>Aisle inspector</h1>
      <Session store={store} />
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
            {EVENT_STATES.map((state) => (
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
          />
        </label>
        <button type="button" onClick={() => download(exportBuffer(store.buffer, new Date()))}>
          Export JSON
        </button>
        <button type="button" onClick={onClear}>
          Clear
        </button>
      </div>
      {groups.length === 0 ? <p className="empty">Nothing yet: load a page that runs Aisle in this tab.</p> : null}
      {groups.map(({ load, events }) => (
        <section key={load.loadId} className="load" data-testid="page-load" aria-label={`Page load ${load.url}`}>
          <h2>
            {new Date(load.startedAt).toLocaleTimeString()} · {load.url}
          </h2>
          {load.preview ? (
            <p className={`preview preview-${load.preview.outcome}`}>
              Preview: {load.preview.outcome} — {load.preview.message}
            </p>
          ) : null}
          <ul className="events">
            {events.map((event) => (
              <EventRow key={event.id} event={event} now={store.now} />
            ))}
          </ul>
          <Searches load={load} />
        </section>
      ))}
    </main>
  );
});
