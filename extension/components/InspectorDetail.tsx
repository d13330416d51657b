/** The detail pane of one event: its facts, payload tree, raw JSON, request as sent and timeline. */
import { observer } from 'mobx-react-lite';
import { useState, type ReactElement } from 'react';
import { timelineOf, type TimelineStep } from '../lib/inspectorBuffer.js';
import { eventAsCurl, eventAsJson, eventTime, requestAsSent } from '../lib/inspectorExport.js';
import { shownLabel, shownState, stateNote } from '../lib/inspectorHealth.js';
import type { InspectorStore } from '../lib/InspectorStore.js';
import { clock, type InspectorIo } from '../lib/inspectorIo.js';
import type { DeliveryRequestLog } from '../lib/deliveryRequests.js';
import { NetworkRequests } from './InspectorNetwork.js';
import { JsonTree } from './JsonTree.js';

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
  // Counted over every page load, as the Tries column is (the page's own number restarts at 1).
  if (step.attempt !== null) parts.push(`attempt ${step.attempt}`);
  if (typeof d.via === 'string') parts.push(`via ${d.via === 'batch' ? 'keepalive batch' : 'single send'}`);
  if (typeof d.httpStatus === 'number') parts.push(`HTTP ${d.httpStatus}`);
  if (typeof d.reason === 'string') parts.push(d.reason);
  if (typeof d.waiting === 'string')
    parts.push(d.waiting === 'identity_refused' ? 'identity refused' : 'token refused');
  if (typeof d.trigger === 'string') parts.push(`page ${d.trigger}`);
  return parts.join(' · ');
}

/** The selected event's detail, shown once it is opened. */
export const Detail = observer(function Detail({
  store,
  io,
  feedback,
  requests,
}: {
  store: InspectorStore;
  io: InspectorIo;
  feedback(message: string): void;
  /** The tab's delivery requests (the DevTools panel only). */
  requests?: DeliveryRequestLog;
}): ReactElement | null {
  const event = store.selected;
  const [tab, setTab] = useState<'payload' | 'raw' | 'request' | 'timeline' | 'network'>('payload');
  const [openAll, setOpenAll] = useState(0);
  if (!store.detailOpen || !event) return null;
  const warnings = store.problemsOf(event);
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
    ['network', requests ? `Network (${requests.of(event.id).length})` : 'Network'],
  ] as const;
  return (
    <aside className="detail" data-testid="detail" aria-label={`Event ${event.event}`}>
      <header>
        <h2>
          {event.event} <span className={`chip chip-${state}`}>{shownLabel(event)}</span>
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
        {tab === 'network' ? <NetworkRequests id={event.id} requests={requests} /> : null}
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
