/** The whole inspector of one tab, for the DevTools panel and the side panel. */
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import type { DeliveryRequestLog } from '../lib/deliveryRequests.js';
import type { GroundTruthStore } from '../lib/GroundTruthStore.js';
import type { LiveVisitorStore } from '../lib/LiveVisitorStore.js';
import type { InspectorStore } from '../lib/InspectorStore.js';
import { GroundTruth } from './InspectorGroundTruth.js';
import { HistoryBanner, type HistoryAccess } from './InspectorHistory.js';
import { LiveVisitor } from './InspectorLiveVisitor.js';
import { Detail } from './InspectorDetail.js';
import { EventTable } from './InspectorEventTable.js';
import { browserIo, type InspectorIo } from '../lib/inspectorIo.js';
import { Searches } from './InspectorSearches.js';
import { Counts, HealthBanner, Session } from './InspectorSummary.js';
import { Toolbar } from './InspectorToolbar.js';

/** What the page around the inspector provides; tests pass their own. */
export type { InspectorIo } from '../lib/inspectorIo.js';

/** A short-lived message in a live region ("Copied as curl", "Exported 12 events as CSV"). */
function useFeedback(): [string, (message: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  // One function for the page's life: a new one would draw the toolbar and the detail again at every event.
  const feedback = useCallback((next: string) => {
    setMessage(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(''), 2500);
  }, []);
  return [message, feedback];
}

/** The whole inspector view. */
export const Inspector = observer(function Inspector({
  store,
  onClear,
  io = browserIo,
  truth,
  live,
  requests,
  history,
}: {
  store: InspectorStore;
  onClear(): void;
  io?: InspectorIo;
  /** The comparison with the analytics service (absent: not offered). */
  truth?: GroundTruthStore;
  /** One visitor followed live at the service. */
  live?: LiveVisitorStore;
  /** The tab's delivery requests, where the inspector can hear them (the DevTools panel). */
  requests?: DeliveryRequestLog;
  /** The history of inspected page loads kept across browser restarts (absent: not offered). */
  history?: HistoryAccess;
}): ReactElement {
  const [message, feedback] = useFeedback();
  const hasEvents = store.buffer.loads.some((l) => l.events.length > 0);
  const shown = store.shownCount;
  // State, not a ref: the table needs the pane once it exists, and refs reach a parent after its children's effects.
  const [list, setList] = useState<HTMLDivElement | null>(null);
  return (
    <main className={`inspector${store.detailOpen && store.selected ? ' with-detail' : ''}`}>
      <header className="title">
        <h1>Aisle inspector</h1>
        {store.imported && !store.imported.history ? (
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
      {store.imported?.history && history ? <HistoryBanner store={store} history={history} /> : null}
      <Session store={store} />
      {/* The history's health would be told in the present tense: its banner says nothing there is live. */}
      {store.imported?.history ? null : <HealthBanner store={store} />}
      <Counts store={store} />
      <Toolbar store={store} io={io} onClear={onClear} feedback={feedback} history={history} />
      {truth && !store.imported ? <GroundTruth store={store} truth={truth} /> : null}
      {live ? <LiveVisitor store={store} live={live} /> : null}
      <div className="panes">
        <div className="list" ref={setList}>
          {store.buffer.loads.length === 0 ? (
            <p className="empty">Nothing yet: load a page that runs Aisle in this tab.</p>
          ) : null}
          {hasEvents && shown === 0 ? (
            <p className="empty" data-testid="no-match">
              No events match these filters.{' '}
              <button type="button" onClick={() => store.clearFilters()}>
                Clear the filters
              </button>
            </p>
          ) : null}
          {shown > 0 || !store.filtersActive ? <EventTable store={store} scrollElement={list} /> : null}
          <Searches loads={store.buffer.loads} />
        </div>
        <Detail store={store} io={io} feedback={feedback} requests={requests} />
      </div>
    </main>
  );
});
