/** "Live from the service": one visitor's events as the analytics service stores them, followed. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import type { InspectorStore } from '../lib/InspectorStore.js';
import type { LiveVisitorStore } from '../lib/LiveVisitorStore.js';
import { clock } from '../lib/inspectorIo.js';
import { LiveLookup } from './InspectorLiveLookup.js';

/** The live view: shop and visitor, Follow / Stop, and the stored events newest first. */
export const LiveVisitor = observer(function LiveVisitor({
  store,
  live,
}: {
  store: InspectorStore;
  live: LiveVisitorStore;
}): ReactElement {
  const useTab = (): void => {
    live.setShop(store.currentShop ?? store.shops[0] ?? '');
    live.setVisitor(store.session?.visitorId ?? '');
  };
  return (
    <details className="truth" data-testid="live">
      <summary>Live from the service: one visitor</summary>
      <div className="truth-form">
        <label>
          Shop{' '}
          <input
            name="liveShop"
            value={live.shopId}
            onChange={(e) => live.setShop(e.target.value)}
            placeholder="maple"
          />
        </label>
        <label>
          Visitor id{' '}
          <input
            name="liveVisitor"
            value={live.visitorId}
            onChange={(e) => live.setVisitor(e.target.value)}
            placeholder="the shopper's visitor id"
          />
        </label>
        <button type="button" name="liveUseTab" onClick={useTab}>
          This tab’s visitor
        </button>
        {live.following ? (
          <button type="button" name="liveStop" onClick={() => live.stop()}>
            Stop
          </button>
        ) : (
          <button type="button" name="liveFollow" onClick={() => void live.follow()}>
            Follow
          </button>
        )}
      </div>
      <LiveLookup live={live} />
      {live.error ? (
        <p className="error" role="alert" data-testid="live-error">
          {live.error}
        </p>
      ) : null}
      <p role="status" data-testid="live-status">
        {live.following ? '● following' : 'not following'}
        {live.foundBy ? ` · visitor found by ${live.foundBy}` : ''}
        {live.answeredAt !== null
          ? ` · ${live.events.length} events stored · last answer ${clock(live.answeredAt)}`
          : ''}
      </p>
      {live.events.length > 0 ? (
        <table className="live-events" data-testid="live-events">
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">#</th>
              <th scope="col">Event</th>
              <th scope="col">Id</th>
            </tr>
          </thead>
          <tbody>
            {live.events.slice(0, 200).map((e) => (
              <tr key={e.id} data-testid="live-event" data-event={e.event}>
                <td>{e.receivedAt ? clock(Date.parse(e.receivedAt)) : '—'}</td>
                <td>{e.seq ?? '?'}</td>
                <td>{e.event}</td>
                <td>
                  <code>{e.id}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </details>
  );
});
