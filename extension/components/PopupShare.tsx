/** "Copy preview link": a link that opens this preview in a colleague's browser with the extension. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import type { PopupStore } from '../lib/PopupStore.js';

/** The share box: the button, the link itself (selectable), and what happened. */
export const Share = observer(function Share({ store }: { store: PopupStore }): ReactElement | null {
  const link = store.shareLink;
  if (!link) return null;
  return (
    <section className="share-box" aria-label="Share this preview">
      <button type="button" name="share" onClick={() => void store.copyShareLink()}>
        Copy preview link
      </button>
      {store.shareMessage ? (
        <p role="status" data-testid="share-message">
          {store.shareMessage}
        </p>
      ) : null}
      <label className="ellipsis">
        Preview link <input name="shareLink" readOnly value={link} onFocus={(e) => e.target.select()} />
      </label>
    </section>
  );
});
