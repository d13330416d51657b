/** What the preview did on the tab, with its leading word, any warning and the tab's actions. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import { STATUS_LABELS, type PopupStore } from '../lib/PopupStore.js';

/** The tab's status, colour-coded and worded, with reload and inspector buttons. */
export const Status = observer(function Status({ store }: { store: PopupStore }): ReactElement {
  const kind = store.statusKind;
  return (
    <section className={`status status-${kind}`} data-kind={kind} aria-live="polite">
      <p role="status" data-testid="status">
        <strong className="status-label">{STATUS_LABELS[kind]}</strong> {store.statusText}
      </p>
      {store.statusWarning ? (
        <p className="status-warning" data-testid="status-warning">
          {store.statusWarning}
        </p>
      ) : null}
      {store.origin ? (
        <div className="actions">
          <button type="button" name="reload" onClick={() => void store.reload()}>
            Reload page
          </button>
          <button type="button" name="inspector" onClick={() => void store.openInspector()}>
            Open inspector
          </button>
        </div>
      ) : null}
    </section>
  );
});
