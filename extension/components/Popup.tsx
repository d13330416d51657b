/** The popup: turn the preview on for this site and choose what it shows. */
import { observer } from 'mobx-react-lite';
import { useState, type ReactElement } from 'react';
import { ENVIRONMENTS, type SiteSettings } from '../lib/settings.js';
import type { PopupStore } from '../lib/PopupStore.js';

function Choice<K extends keyof SiteSettings>({
  store,
  field,
  label,
  options,
}: {
  store: PopupStore;
  field: K;
  label: string;
  options: Array<[string, string]>;
}): ReactElement {
  return (
    <label className="field">
      <span>{label}</span>
      <select
        name={field}
        value={String(store.site[field])}
        onChange={(e) => void store.update({ [field]: e.target.value } as Partial<SiteSettings>)}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The popup view. */
export const Popup = observer(function Popup({ store }: { store: PopupStore }): ReactElement {
  const [tenantJson, setTenantJson] = useState('');
  const { site, host } = store;
  if (!store.loaded) return <p>Loading…</p>;
  return (
    <main className="popup">
      <h1>Aisle Preview</h1>
      <p className="host">{host ?? 'This page cannot be previewed'}</p>
      {host ? (
        <>
          <label className="toggle">
            <input
              type="checkbox"
              name="enabled"
              checked={site.enabled}
              onChange={(e) => void store.update({ enabled: e.target.checked })}
            />
            Preview Aisle on {host}
          </label>
          <p className="status" role="status" data-testid="status">
            {store.statusText}
          </p>
          <Choice
            store={store}
            field="tenantId"
            label="Tenant"
            options={store.tenants.map((t) => [
              t.config.id,
              `${t.config.name ?? t.config.id}${t.source === 'custom' ? ' (custom)' : ''}`,
            ])}
          />
          <Choice store={store} field="environment" label="Environment" options={ENVIRONMENTS.map((e) => [e, e])} />
          <Choice
            store={store}
            field="region"
            label="Region"
            options={[
              ['us', 'United States'],
              ['ca', 'Canada'],
            ]}
          />
          <Choice
            store={store}
            field="locale"
            label="Locale"
            options={[
              ['en', 'English'],
              ['fr', 'Français'],
            ]}
          />
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
          <p className="hint">Shows page: {store.pagePreview}</p>
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
              placeholder="the tenant's (main)"
              onBlur={(e) => void store.update({ mainSelector: e.target.value })}
            />
          </label>
          {site.environment === 'development' ? (
            <label className="field">
              <span>Local stack</span>
              <input
                name="localStack"
                value={store.localStack}
                onChange={(e) => store.setLocalStackDraft(e.target.value)}
                onBlur={(e) => void store.setLocalStack(e.target.value)}
              />
            </label>
          ) : null}
          {store.localStackError ? <p className="error">{store.localStackError}</p> : null}
          <details className="import">
            <summary>Import a custom tenant (JSON)</summary>
            <textarea
              name="tenantJson"
              rows={6}
              value={tenantJson}
              onChange={(e) => setTenantJson(e.target.value)}
              placeholder='{"config": {"id": "acme", "base": "/acme", "region": "us"}}'
            />
            <input
              type="file"
              accept="application/json,.json"
              aria-label="Tenant JSON file"
              onChange={(e) => void e.target.files?.[0]?.text().then(setTenantJson)}
            />
            <button type="button" onClick={() => void store.importTenant(tenantJson)}>
              Import
            </button>
            {store.importErrors.length > 0 ? (
              <ul className="error" data-testid="import-errors">
                {store.importErrors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            ) : null}
            {store.importMessage ? <p>{store.importMessage}</p> : null}
          </details>
        </>
      ) : null}
    </main>
  );
});
