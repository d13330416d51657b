/** The popup: turn the preview on for this site and choose what it shows. */
import { observer } from 'mobx-react-lite';
import { Component, type ErrorInfo, type ReactElement, type ReactNode } from 'react';
import { TENANT_FIELDS } from '../../sdk/core/tenantFields.js';
import { ENVIRONMENTS } from '../../sdk/core/types.js';
import type { SiteSettings } from '../lib/settings.js';
import { STATUS_LABELS, originOf, type PopupStore } from '../lib/PopupStore.js';

// Every part that reads the store is an observer of its own: a plain child would only re-render
// when its parent happens to, and would show a stale status.
const Choice = observer(function Choice<K extends keyof SiteSettings>({
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
  const value = String(store.site[field]);
  const chosen = options.find(([v]) => v === value)?.[1] ?? value;
  return (
    <label className="field">
      <span>{label}</span>
      <select
        name={field}
        value={value}
        title={chosen}
        onChange={(e) => void store.update({ [field]: e.target.value } as Partial<SiteSettings>)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v} title={text}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
});

const Status = observer(function Status({ store }: { store: PopupStore }): ReactElement {
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

const CustomTenants = observer(function CustomTenants({ store }: { store: PopupStore }): ReactElement | null {
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

/** The popup view. */
export const Popup = observer(function Popup({ store }: { store: PopupStore }): ReactElement {
  const { site, origin } = store;
  if (!store.loaded) return <p className="popup">Loading…</p>;
  const tenantName = store.tenant?.config.name ?? site.tenantId;
  return (
    <main className="popup">
      <header className="band">
        <h1>Aisle Preview</h1>
        <span className={`pill ${site.enabled && origin ? 'pill-on' : 'pill-off'}`}>
          {site.enabled && origin ? 'ON' : 'OFF'}
        </span>
      </header>
      <p className="host ellipsis" title={origin ?? undefined}>
        {origin ?? 'This page cannot be previewed'}
      </p>
      {origin ? (
        <label className="toggle">
          <input
            type="checkbox"
            name="enabled"
            checked={site.enabled}
            onChange={(e) => void store.update({ enabled: e.target.checked })}
          />
          <span className="ellipsis" title={`Preview Aisle on ${origin}`}>
            Preview Aisle on {origin}
          </span>
        </label>
      ) : null}
      <Status store={store} />
      {origin ? (
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
        </>
      ) : null}
    </main>
  );
});

/** What the fallback needs to turn the preview off without the broken view. */
export interface PopupFallbackProps {
  tab: { id: number; url: string } | null;
  turnOff(tab: { id: number; url: string }): Promise<boolean>;
  children?: ReactNode;
}

interface FallbackState {
  error: Error | null;
  turnedOff: boolean;
}

/**
 * Whatever breaks in the popup (a page address or a stored value nobody foresaw), the user can
 * still turn the preview off for the tab's site: the popup is their only switch.
 */
export class PopupErrorBoundary extends Component<PopupFallbackProps, FallbackState> {
  override state: FallbackState = { error: null, turnedOff: false };

  static getDerivedStateFromError(error: unknown): Partial<FallbackState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[Aisle Preview] the popup failed:', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error, turnedOff } = this.state;
    if (!error) return this.props.children;
    const { tab } = this.props;
    const origin = tab ? originOf(tab.url) : null;
    return (
      <main className="popup" data-testid="popup-fallback">
        <header className="band">
          <h1>Aisle Preview</h1>
        </header>
        <section className="status status-failed" data-kind="failed">
          <p role="alert">
            <strong className="status-label">Popup error</strong> The popup could not show this page&apos;s settings (
            {error.message.slice(0, 200)}).
          </p>
          {origin && tab ? (
            <div className="actions">
              <button
                type="button"
                name="turnOff"
                disabled={turnedOff}
                onClick={() => void this.props.turnOff(tab).then((done) => this.setState({ turnedOff: done }))}
              >
                {turnedOff ? 'Preview turned off' : 'Turn preview off'}
              </button>
            </div>
          ) : null}
          {origin ? (
            <p className="host ellipsis" title={origin}>
              for {origin}
            </p>
          ) : null}
        </section>
      </main>
    );
  }
}
