/**
 * The popup's state: the settings of the current tab's site, the tenants to choose from, the
 * custom-tenant import and what the preview did on the tab. Saving goes to storage.local; the
 * relay re-renders the page for tenant, environment, region, locale and page changes, and the tab
 * is reloaded when the preview is turned on or off or the takeover choice changes.
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import type { TabStatus } from './messaging.js';
import { DEFAULT_SITE, type SettingsRepository, type SiteSettings } from './settings.js';
import { importTenant } from './tenantImport.js';
import { allTenants, type PreviewTenant } from './tenants.js';

/** What the popup needs besides storage. */
export interface PopupDeps {
  settings: SettingsRepository;
  tab: { id: number; url: string } | null;
  tabStatus(tabId: number): Promise<TabStatus>;
  syncPreview(): Promise<string | null>;
  reloadTab(tabId: number): Promise<void>;
}

const RELOAD_FIELDS: Array<keyof SiteSettings> = ['enabled', 'onExistingAisle'];

/** The host name of an http(s) URL, else null. */
export function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname : null;
  } catch {
    return null;
  }
}

/** The popup's store. */
export class PopupStore {
  site: SiteSettings = { ...DEFAULT_SITE };
  tenants: PreviewTenant[] = allTenants([]);
  localStack = '';
  status: TabStatus | null = null;
  importErrors: string[] = [];
  importMessage = '';
  localStackError = '';
  loaded = false;

  constructor(private readonly deps: PopupDeps) {
    makeObservable(this, {
      site: observable.ref,
      tenants: observable.ref,
      localStack: observable,
      status: observable.ref,
      importErrors: observable.ref,
      importMessage: observable,
      localStackError: observable,
      loaded: observable,
      host: computed,
      statusText: computed,
      pagePreview: computed,
    });
  }

  /** The site the popup configures, or null on a page the preview cannot run on. */
  get host(): string | null {
    return this.deps.tab ? hostOf(this.deps.tab.url) : null;
  }

  /** The page the DLP shows with the current settings. */
  get pagePreview(): string {
    if (this.site.pageSource === 'typed') return this.site.page || '(type a page)';
    const path = this.deps.tab ? new URL(this.deps.tab.url).pathname : '/';
    return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '') || '(the path has no page)';
  }

  /** What happened on the tab, in words. */
  get statusText(): string {
    if (!this.host) return 'The preview runs on http and https pages only.';
    if (!this.site.enabled) return 'Off for this site: the page shows as its own.';
    const { status } = this;
    if (status?.registrationError) return `Injection failed: ${status.registrationError}`;
    const preview = status?.preview;
    let text: string;
    if (!preview)
      text =
        'The preview has not run in this tab: reload the page (it was loaded before the site was enabled), or the browser does not allow extensions on this page.';
    else if (preview.outcome === 'shown')
      text = `Aisle is shown: ${preview.message}. ${preview.tookOver ? "It took over the page's own Aisle." : 'The page had no Aisle of its own.'}`;
    else if (preview.outcome === 'stood-aside') text = `Stood aside: ${preview.message}.`;
    else if (preview.outcome === 'failed') text = `Injection failed: ${preview.message}.`;
    else text = `Starting: ${preview.message}…`;
    return status?.searchError ? `${text} Search failed: ${status.searchError}.` : text;
  }

  /** Reads the settings and the tab's status. */
  async load(): Promise<void> {
    const { settings } = this.deps;
    const [site, custom, localStack] = await Promise.all([
      this.host ? settings.site(this.host) : Promise.resolve({ ...DEFAULT_SITE }),
      settings.customTenants(),
      settings.localStack(),
    ]);
    runInAction(() => {
      this.site = site;
      this.tenants = allTenants(custom);
      this.localStack = localStack;
      this.loaded = true;
    });
    await this.refreshStatus();
  }

  /** Asks the background what the preview did on the tab. */
  async refreshStatus(): Promise<void> {
    if (!this.deps.tab) return;
    const status = await this.deps.tabStatus(this.deps.tab.id).catch(() => null);
    runInAction(() => (this.status = status));
  }

  /** Saves a change of the site's settings; reloads the tab when the change needs a new page load. */
  async update(patch: Partial<SiteSettings>): Promise<void> {
    const host = this.host;
    if (!host) return;
    const site = await this.deps.settings.saveSite(host, patch);
    runInAction(() => (this.site = site));
    if (RELOAD_FIELDS.some((field) => field in patch) && this.deps.tab) {
      const error = await this.deps.syncPreview();
      if (error) {
        runInAction(() => (this.status = { ...(this.status ?? emptyStatus()), registrationError: error }));
        return;
      }
      await this.deps.reloadTab(this.deps.tab.id);
    }
  }

  /** Validates and stores a custom tenant, then chooses it. */
  async importTenant(text: string): Promise<boolean> {
    const result = importTenant(text);
    if (!result.ok) {
      runInAction(() => {
        this.importErrors = result.errors;
        this.importMessage = '';
      });
      return false;
    }
    await this.deps.settings.saveCustomTenant(result);
    const custom = await this.deps.settings.customTenants();
    runInAction(() => {
      this.tenants = allTenants(custom);
      this.importErrors = [];
      this.importMessage = `Imported ${result.tenant.config.id}.`;
    });
    await this.update({ tenantId: result.tenant.config.id });
    return true;
  }

  /** Sets the local stack's origin (development environment). */
  async setLocalStack(text: string): Promise<void> {
    const ok = await this.deps.settings.setLocalStack(text);
    runInAction(
      () =>
        (this.localStackError = ok ? '' : 'The local stack must be an http(s) address, e.g. http://127.0.0.1:4173.'),
    );
    if (ok) {
      const origin = await this.deps.settings.localStack();
      runInAction(() => (this.localStack = origin));
    }
  }

  /** Applies a mutation action-wrapped (for form inputs that edit before saving). */
  readonly setLocalStackDraft = action((text: string) => {
    this.localStack = text;
  });
}

function emptyStatus(): TabStatus {
  return { preview: null, loadUrl: null, searchError: null, registrationError: null };
}
