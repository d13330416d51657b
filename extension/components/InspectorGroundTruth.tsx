/** "Compare with service": the read key, the service's address, and what each side holds. */
import { observer } from 'mobx-react-lite';
import { useState, type ReactElement } from 'react';
import { onlyPanelNote, type ComparedEvent } from '../lib/groundTruth.js';
import type { GroundTruthStore } from '../lib/GroundTruthStore.js';
import { shownLabel } from '../lib/inspectorHealth.js';
import type { InspectorStore } from '../lib/InspectorStore.js';

function Rows({ title, rows, testId }: { title: string; rows: ComparedEvent[]; testId: string }): ReactElement {
  return (
    <details className="truth-group" data-testid={testId} open={rows.length > 0 && testId !== 'truth-agreeing'}>
      <summary>
        {title}: <strong>{rows.length}</strong>
      </summary>
      {rows.length > 0 ? (
        <table className="search-table">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">#</th>
              <th scope="col">In the panel</th>
              <th scope="col">At the service</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ id, panel, service }) => (
              <tr key={id} data-id={id}>
                <td title={id}>{panel?.event ?? service?.event}</td>
                <td>{panel?.seq ?? service?.seq ?? '?'}</td>
                <td>{panel ? `${shownLabel(panel)}${service ? '' : ` — ${onlyPanelNote(panel)}`}` : 'not seen'}</td>
                <td>{service ? `stored ${service.receivedAt ?? ''}`.trim() : 'not stored'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </details>
  );
}

/** The comparison section of the inspector. */
export const GroundTruth = observer(function GroundTruth({
  store,
  truth,
}: {
  store: InspectorStore;
  truth: GroundTruthStore;
}): ReactElement {
  const [pasted, setPasted] = useState('');
  const [shop, setShop] = useState('');
  const shopId = store.shops.includes(shop) ? shop : (store.currentShop ?? store.shops[0] ?? null);
  const result = truth.comparison;
  return (
    <details className="truth" data-testid="truth">
      <summary>Ground truth: compare with the analytics service</summary>
      <div className="truth-form">
        <label>
          Analytics service{' '}
          <input
            name="analyticsHost"
            value={truth.analyticsHost}
            onChange={(e) => truth.setHost(e.target.value)}
            placeholder="https://analytics.example"
          />
        </label>
        <label>
          Read key{' '}
          <input
            name="readKey"
            type="password"
            autoComplete="off"
            value={pasted}
            placeholder={truth.maskedKey ? `saved: ${truth.maskedKey}` : 'paste a read key of this shop'}
            onChange={(e) => setPasted(e.target.value)}
          />
        </label>
        <button
          type="button"
          onClick={() => void truth.saveKey(pasted).then(() => setPasted(''))}
          disabled={!pasted.trim() && !truth.maskedKey}
        >
          Save
        </button>
        {truth.maskedKey ? (
          <button type="button" onClick={() => void truth.forgetKey()}>
            Forget the key
          </button>
        ) : null}
        {store.shops.length > 1 ? (
          <label>
            Shop{' '}
            <select name="truthShop" value={shopId ?? ''} onChange={(e) => setShop(e.target.value)}>
              {store.shops.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
        ) : null}
        <button
          type="button"
          name="compare"
          disabled={truth.busy}
          onClick={() => void truth.compare(store.buffer, shopId, store.session?.visitorId ?? null)}
        >
          {truth.busy ? 'Comparing…' : 'Compare with service'}
        </button>
      </div>
      {truth.error ? (
        <p className="error" role="alert" data-testid="truth-error">
          {truth.error}
        </p>
      ) : null}
      {result ? (
        <div data-testid="truth-result" role="status">
          <p>
            Shop {result.query.shopId}, visitor <code>{result.query.visitorId}</code> at {result.query.analyticsHost}
          </p>
          <Rows title="Only in the panel" rows={result.onlyPanel} testId="truth-only-panel" />
          <Rows title="Only at the service" rows={result.onlyService} testId="truth-only-service" />
          <Rows title="Different on each side" rows={result.differing} testId="truth-differing" />
          <Rows title="Agreeing" rows={result.agreeing} testId="truth-agreeing" />
        </div>
      ) : null}
    </details>
  );
});
