/** The popup's choice of the DLP page, what to do beside the page's own Aisle, and where it runs. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import type { PopupStore } from '../lib/PopupStore.js';
import { Choice } from './PopupChoice.js';
import { TENANT_FIELDS } from '../../sdk/public/tools.js';

/** Which page the DLP shows, the takeover choice, the main element and the path patterns. */
export const PageSettings = observer(function PageSettings({ store }: { store: PopupStore }): ReactElement {
  const { site } = store;
  return (
    <>
      <Choice
        store={store}
        field="pageSource"
        label="DLP page"
        options={[
          ['path', "from the page's path"],
          ['typed', 'typed below'],
        ]}
      />
      {site.pageSource === 'typed' ? (
        <label className="field">
          <span>Page</span>
          <input
            name="page"
            defaultValue={site.page}
            placeholder="e.g. dresses"
            onBlur={(e) => void store.update({ page: e.target.value })}
            onKeyDown={(e) => e.key === 'Enter' && void store.update({ page: e.currentTarget.value })}
          />
        </label>
      ) : null}
      <p className="hint ellipsis" title={store.pagePreview}>
        Shows page: {store.pagePreview}
      </p>
      <Choice
        store={store}
        field="onExistingAisle"
        label="If the page runs Aisle"
        options={[
          ['takeover', 'take over'],
          ['stand-aside', 'stand aside'],
        ]}
      />
      <label className="field">
        <span>Main element</span>
        <input
          name="mainSelector"
          defaultValue={site.mainSelector}
          placeholder={store.tenant?.config.mainSelector ?? TENANT_FIELDS.mainSelector.default}
          aria-invalid={store.mainSelectorError ? true : undefined}
          onBlur={(e) => void store.update({ mainSelector: e.target.value })}
          onKeyDown={(e) => e.key === 'Enter' && void store.update({ mainSelector: e.currentTarget.value })}
        />
      </label>
      {store.mainSelectorError ? <p className="error">{store.mainSelectorError}</p> : null}
      <label className="field field-wide">
        <span>
          Path patterns <small>(one per line, * any, ! leaves alone)</small>
        </span>
        <textarea
          name="pathPatterns"
          rows={3}
          key={`${site.tenantId}:${site.pathPatterns}`}
          defaultValue={store.pathPatterns}
          aria-invalid={store.patternErrors.length > 0 ? true : undefined}
          onBlur={(e) => {
            const typed = e.target.value.trim();
            if (typed !== store.pathPatterns.trim()) void store.update({ pathPatterns: typed });
          }}
        />
      </label>
      {store.patternErrors.length > 0 ? (
        <ul className="error">
          {store.patternErrors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
});
