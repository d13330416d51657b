/** The network requests behind an event's delivery attempts, as DevTools saw them. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import type { DeliveryRequestLog } from '../lib/deliveryRequests.js';
import { clock } from '../lib/inspectorIo.js';

/** The requests whose body held the event `id`; without DevTools, why there are none. */
export const NetworkRequests = observer(function NetworkRequests({
  id,
  requests,
}: {
  id: string;
  requests: DeliveryRequestLog | undefined;
}): ReactElement {
  if (!requests)
    return (
      <p className="empty">
        The page’s requests are visible to the DevTools panel only: open DevTools → Aisle to see them.
      </p>
    );
  const mine = requests.of(id);
  if (mine.length === 0)
    return (
      <p className="empty">
        No request carrying this event was seen while DevTools was open (another tab of the shop may have sent it).
      </p>
    );
  return (
    <ol className="timeline" data-testid="network">
      {mine.map((r, i) => (
        <li key={i} data-testid="network-request">
          <time>{clock(r.startedAt)}</time> POST {r.url} · {r.status === 0 ? 'no answer' : `HTTP ${r.status}`} ·{' '}
          {r.durationMs} ms{r.kind === 'batch' ? ` · keepalive batch of ${r.eventIds.length}` : ''}
        </li>
      ))}
    </ol>
  );
});
