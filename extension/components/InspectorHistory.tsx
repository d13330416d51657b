/** The history of inspected page loads kept across browser restarts: open it, read its banner, forget it. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import { MAX_HISTORY_BYTES, MAX_HISTORY_LOADS } from '../lib/historyArchive.js';
import type { History } from '../lib/historyView.js';
import type { InspectorStore } from '../lib/InspectorStore.js';

/** Where the panel reads and forgets the history (absent in tests of other parts). */
export interface HistoryAccess {
  read(): Promise<History>;
  forget(): Promise<void>;
}

const size = (chars: number): string =>
  chars >= 1_000_000 ? `${(chars / 1_000_000).toFixed(1)} MB` : `${Math.ceil(chars / 1000)} kB`;
const loads = (n: number): string => `${n} page load${n === 1 ? '' : 's'}`;

/** Shows the history instead of the live tab, as an imported file is shown. */
export function HistoryButton({
  store,
  history,
  feedback,
}: {
  store: InspectorStore;
  history: HistoryAccess;
  feedback(message: string): void;
}): ReactElement {
  const open = async (): Promise<void> => {
    try {
      const kept = await history.read();
      store.showImport(kept.buffer, {
        name: 'History',
        exportedAt: null,
        history: { previous: kept.previous, bytes: kept.bytes },
      });
      feedback('Showing the history');
    } catch (error) {
      feedback(`The history could not be read: ${String(error).slice(0, 200)}`);
    }
  };
  return (
    <button type="button" name="history" onClick={() => void open()}>
      History…
    </button>
  );
}

/** The banner over the history: how much is kept, the cap, and the ways back. */
export const HistoryBanner = observer(function HistoryBanner({
  store,
  history,
}: {
  store: InspectorStore;
  history: HistoryAccess;
}): ReactElement | null {
  const kept = store.imported?.history;
  if (!kept) return null;
  const forget = async (): Promise<void> => {
    await history.forget();
    store.leaveImport();
  };
  return (
    <section className="history-banner" data-testid="history-banner" aria-label="History">
      <p>
        <strong>History kept across browser restarts: {loads(store.buffer.loads.length)}</strong> ({kept.previous} from
        a previous browser session), {size(kept.bytes)}. It keeps at most {loads(MAX_HISTORY_LOADS)} and{' '}
        {size(MAX_HISTORY_BYTES)}; the oldest go first. Nothing here is live.
      </p>
      <button type="button" name="forgetHistory" onClick={() => void forget()}>
        Forget the history
      </button>
      <button type="button" name="leaveHistory" onClick={() => store.leaveImport()}>
        Back to the live tab
      </button>
    </section>
  );
});
