/** Importing, editing and removing the custom tenants a solution engineer brings. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import type { PopupStore } from '../lib/PopupStore.js';

/** The custom tenants already imported, each with edit and remove buttons. */
export const CustomTenants = observer(function CustomTenants({ store }: { store: PopupStore }): ReactElement | null {
  const custom = store.tenants.filter((t) => t.source === 'custom');
  if (custom.length === 0) return null;
  return (
    <ul className="custom-tenants" aria-label="Imported tenants">
      {custom.map((t) => {
        const name = t.config.name ?? t.config.id;
        return (
          <li key={t.config.id} data-testid="custom-tenant">
            <span className="ellipsis" title={`${name} (${t.config.id})`}>
              {name}
            </span>
            <button type="button" onClick={() => store.editTenant(t.config.id)} aria-label={`Edit ${name}`}>
              Edit
            </button>
            <button type="button" onClick={() => void store.removeTenant(t.config.id)} aria-label={`Remove ${name}`}>
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
});

/** The import box: paste or pick a tenant's JSON, then import (or save the one being edited). */
export const TenantImport = observer(function TenantImport({ store }: { store: PopupStore }): ReactElement {
  return (
    <details className="import" open={store.editingTenant !== null || undefined}>
      <summary>
        {store.editingTenant ? `Edit the custom tenant ${store.editingTenant}` : 'Import a custom tenant (JSON)'}
      </summary>
      <CustomTenants store={store} />
      <textarea
        name="tenantJson"
        rows={6}
        value={store.tenantJson}
        onChange={(e) => store.setTenantJson(e.target.value)}
        placeholder='{"config": {"id": "acme", "base": "/acme", "region": "us"}}'
      />
      <input
        type="file"
        accept="application/json,.json"
        aria-label="Tenant JSON file"
        onChange={(e) => void e.target.files?.[0]?.text().then(store.setTenantJson)}
      />
      <button type="button" name="import" onClick={() => void store.importTenant()}>
        {store.editingTenant ? 'Save' : 'Import'}
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
  );
});
