/** The popup's choice of tenant, environment (and local stack), region and locale. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import type { PopupStore } from '../lib/PopupStore.js';
import { customizationSummary } from '../lib/customizationSummary.js';
import { Choice } from './PopupChoice.js';
import { ENVIRONMENTS } from '../../sdk/public/tools.js';

/** Which tenant the preview shows, and where its data comes from. */
export const TenantSettings = observer(function TenantSettings({ store }: { store: PopupStore }): ReactElement {
  const { site } = store;
  const tenantName = store.tenant?.config.name ?? site.tenantId;
  const customized = customizationSummary(store.tenant?.config.customization);
  return (
    <>
      <Choice
        store={store}
        field="tenantId"
        label="Tenant"
        options={store.tenants.map((t) => [
          t.config.id,
          `${t.config.name ?? t.config.id}${t.source === 'custom' ? ' (custom)' : ''}`,
        ])}
      />
      <p className="hint ellipsis" title={tenantName}>
        {tenantName}
      </p>
      {customized ? (
        <p className="hint ellipsis" data-testid="customization" title={customized}>
          Customises: {customized}
        </p>
      ) : null}
      <Choice store={store} field="environment" label="Environment" options={ENVIRONMENTS.map((e) => [e, e])} />
      {site.environment === 'development' ? (
        <label className="field">
          <span>Local stack</span>
          <input
            name="localStack"
            value={store.localStack}
            onChange={(e) => store.setLocalStackDraft(e.target.value)}
            onBlur={(e) => void store.setLocalStack(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void store.setLocalStack(e.currentTarget.value)}
          />
        </label>
      ) : null}
      {store.localStackError ? <p className="error">{store.localStackError}</p> : null}
      <Choice store={store} field="region" label="Region" options={store.regionOptions} />
      <Choice store={store} field="locale" label="Locale" options={store.localeOptions} />
      <label className="check">
        <input
          type="checkbox"
          name="anyLocale"
          checked={site.anyLocale}
          onChange={(e) => void store.update({ anyLocale: e.target.checked })}
        />
        Any locale (also the ones this tenant does not offer)
      </label>
    </>
  );
});
