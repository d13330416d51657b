/** The inspector's filters and its export, import and clear controls. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import { exportBuffer, exportCsv, exportHar, importBuffer } from '../lib/inspectorExport.js';
import { SHOWN_STATES, STATE_LABELS } from '../lib/inspectorHealth.js';
import type { InspectorStore } from '../lib/InspectorStore.js';
import type { InspectorIo } from '../lib/inspectorIo.js';
import { HistoryButton, type HistoryAccess } from './InspectorHistory.js';

const fileStamp = (): string => new Date().toISOString().replace(/[:.]/g, '-');

/** Filters by event, state and text; exports what they show; imports a saved export; clears the tab. */
export const Toolbar = observer(function Toolbar({
  store,
  io,
  onClear,
  feedback,
  history,
}: {
  store: InspectorStore;
  io: InspectorIo;
  onClear(): void;
  feedback(message: string): void;
  history?: HistoryAccess;
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
      {history && !store.imported ? <HistoryButton store={store} history={history} feedback={feedback} /> : null}
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
