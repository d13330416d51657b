/** The inspector's summary above the table: the session, the delivery health and counts by state. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import { consentLine, heldReason } from '../lib/consentSummary.js';
import { expiryCountdown } from '../lib/inspectorExport.js';
import { SHOWN_STATES, STATE_LABELS } from '../lib/inspectorHealth.js';
import type { InspectorStore } from '../lib/InspectorStore.js';
import { visitorCode } from '../../sdk/public/tools.js';

/** The page's analytics session: its status, visitor, token expiry and whether the tab is live. */
export const Session = observer(function Session({ store }: { store: InspectorStore }): ReactElement {
  const session = store.session;
  return (
    <section className="session" data-testid="session" aria-label="Session">
      <span>
        Session: <strong data-testid="session-status">{session?.status ?? 'no Aisle seen on this tab yet'}</strong>
      </span>
      <span>
        Visitor: <code>{session?.visitorId ?? '—'}</code>
      </span>
      {session?.visitorId && store.currentShop ? (
        <span data-testid="visitor-code">
          Code: <code>{visitorCode(store.currentShop, session.visitorId)}</code>
        </span>
      ) : null}
      <span data-testid="token-expiry">Token expires: {expiryCountdown(session?.tokenExp ?? null, store.now)}</span>
      {session?.unpersisted ? <span>Only in memory: {session.unpersisted}</span> : null}
      {session?.consent ? <span data-testid="consent">Consent: {consentLine(session.consent)}</span> : null}
      {session && heldReason(session.consent, session.held) ? (
        <span data-testid="held">{heldReason(session.consent, session.held)}</span>
      ) : null}
      {store.imported ? null : <Liveness store={store} />}
    </section>
  );
});

/** Whether the tab still reports: live, reconnecting to the background, or closed (then never "live"). */
const Liveness = observer(function Liveness({ store }: { store: InspectorStore }): ReactElement {
  const closed = store.tabClosedAt;
  if (closed !== null)
    return (
      <span className="offline" data-testid="liveness" data-liveness="closed">
        tab closed at {new Date(closed).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
      </span>
    );
  return (
    <span
      className={store.connected ? 'live' : 'offline'}
      data-testid="liveness"
      data-liveness={store.connected ? 'live' : 'reconnecting'}
    >
      {store.connected ? '● live' : 'reconnecting…'}
    </span>
  );
});

/** The delivery health in one sentence, loud when events are stuck. */
export const HealthBanner = observer(function HealthBanner({ store }: { store: InspectorStore }): ReactElement | null {
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

/** How many events are in each state; each count is also a filter. */
export const Counts = observer(function Counts({ store }: { store: InspectorStore }): ReactElement {
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
