/**
 * The popup's state for the current tab's site. The relay re-renders the page for tenant, region,
 * locale and page changes; turning the preview on or off, the takeover or the path patterns reload the tab.
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import type { TabStatus } from './messaging.js';
import { defaultPathPatterns, parsePathPatterns } from './pathScope.js';
import { importCustomTenant, removeCustomTenant } from './popupCustomTenants.js';
import { originOf, pagePreviewOf, urlInScope } from './popupScope.js';
import { emptyStatus, statusKindOf, statusTextOf, statusWarningOf, type StatusKind } from './popupStatus.js';
import { followTenant, localeOptionsFor, regionOptionsFor } from './popupTenantChoices.js';
import { DEFAULT_SITE, type SettingsRepository, type SiteSettings } from './settings.js';
import { isValidSelector } from './selector.js';
import { shareLinkFor } from './shareLink.js';
import { allTenants, findTenant, type PreviewTenant } from './tenants.js';

export { originOf, pageOfPath, turnPreviewOff } from './popupScope.js';
export { STATUS_LABELS, type StatusKind } from './popupStatus.js';

/** What the popup needs besides storage. */
export interface PopupDeps {
  settings: SettingsRepository;
  tab: { id: number; url: string } | null;
  tabStatus(tabId: number): Promise<TabStatus>;
  syncPreview(): Promise<string | null>;
  reloadTab(tabId: number): Promise<void>;
  /** True when the local stack answers at that origin. */
  checkStack(origin: string): Promise<boolean>;
  /** Opens the inspector for the tab (the side panel where the browser has one). */
  openInspector(tabId: number): Promise<void>;
  /** Checks a CSS selector (the popup's own document). */
  isValidSelector?(selector: string): boolean;
  copy?(text: string): Promise<void>;
}

const RELOAD_FIELDS: Array<keyof SiteSettings> = ['enabled', 'onExistingAisle', 'pathPatterns'];

/** The popup's store. */
export class PopupStore {
  site: SiteSettings = { ...DEFAULT_SITE };
  tenants: PreviewTenant[] = allTenants([]);
  localStack = '';
  /** null: not checked (or not the development environment); else whether it answered. */
  stackAnswers: boolean | null = null;
  status: TabStatus | null = null;
  importErrors: string[] = [];
  importMessage = '';
  /** The id of the custom tenant being edited in the import box, if any. */
  editingTenant: string | null = null;
  tenantJson = '';
  localStackError = '';
  loaded = false;
  /** What the last "Copy preview link" did, in words. */
  shareMessage = '';

  constructor(private readonly deps: PopupDeps) {
    makeObservable(this, {
      site: observable.ref,
      tenants: observable.ref,
      localStack: observable,
      stackAnswers: observable,
      status: observable.ref,
      importErrors: observable.ref,
      importMessage: observable,
      editingTenant: observable,
      tenantJson: observable,
      localStackError: observable,
      loaded: observable,
      shareMessage: observable,
      shareLink: computed,
      origin: computed,
      tenant: computed,
      regionOptions: computed,
      localeOptions: computed,
      pathPatterns: computed,
      patternErrors: computed,
      inScope: computed,
      mainSelectorError: computed,
      statusKind: computed,
      statusText: computed,
      statusWarning: computed,
      pagePreview: computed,
    });
  }

  /** The site the popup configures (an origin), or null on a page the preview cannot run on. */
  get origin(): string | null {
    return this.deps.tab ? originOf(this.deps.tab.url) : null;
  }

  /** The chosen tenant (undefined when it is no longer known). */
  get tenant(): PreviewTenant | undefined {
    return findTenant(this.tenants, this.site.tenantId);
  }

  /** Regions to offer: the tenant's own, unless "any locale" is ticked or the tenant has none. */
  get regionOptions(): Array<[string, string]> {
    return regionOptionsFor(this.tenant, this.site.anyLocale);
  }

  /** Locales to offer: the tenant's, unless "any locale" is ticked. */
  get localeOptions(): Array<[string, string]> {
    return localeOptionsFor(this.tenant, this.site.anyLocale);
  }

  /** The path patterns in effect: the site's own, else the tenant's listing paths. */
  get pathPatterns(): string {
    return this.site.pathPatterns || defaultPathPatterns(this.tenant?.config.base ?? '/');
  }

  /** What is wrong with the path patterns, if anything. */
  get patternErrors(): string[] {
    return parsePathPatterns(this.pathPatterns).errors;
  }

  /** True when the tab's page is inside the path patterns. */
  get inScope(): boolean {
    return this.deps.tab ? urlInScope(this.pathPatterns, this.deps.tab.url) : false;
  }

  /** Why the main element's selector cannot be used, or ''. */
  get mainSelectorError(): string {
    const selector = this.site.mainSelector;
    if (!selector) return '';
    const valid = this.deps.isValidSelector ? this.deps.isValidSelector(selector) : isValidSelector(selector);
    return valid ? '' : `"${selector}" is not a valid CSS selector.`;
  }

  /** The page the DLP shows with the current settings. */
  get pagePreview(): string {
    return pagePreviewOf(this.site, this.deps.tab?.url ?? null, this.tenant?.config.base ?? '/');
  }

  /** The kind of what happened on the tab (for its colour and its leading word). */
  get statusKind(): StatusKind {
    return statusKindOf(this);
  }

  /** What happened on the tab, in words. */
  get statusText(): string {
    return statusTextOf(this);
  }

  /** A problem besides the status (images blocked, the page's own search failing), or ''. */
  get statusWarning(): string {
    return statusWarningOf(this.statusKind, this.status);
  }

  /** The link that opens this preview (tenant, environment, locale, patterns, page) elsewhere, or '' off the web. */
  get shareLink(): string {
    const { tab } = this.deps;
    if (!tab || !this.origin) return '';
    return shareLinkFor(tab.url, this.site, this.tenant ?? null);
  }

  /** Copies the share link; says so, or says to copy it from the field when the clipboard refuses. */
  async copyShareLink(): Promise<void> {
    const link = this.shareLink;
    if (!link) return;
    const copied = await (this.deps.copy ?? ((text: string) => navigator.clipboard.writeText(text)))(link).then(
      () => true,
      () => false,
    );
    runInAction(
      () =>
        (this.shareMessage = copied
          ? 'Copied: a colleague with the extension opens it and confirms the preview.'
          : 'The clipboard refused: copy the link from the field below.'),
    );
  }

  /** Reads the settings and the tab's status. */
  async load(): Promise<void> {
    const { settings } = this.deps;
    const [site, custom, localStack] = await Promise.all([
      this.origin ? settings.site(this.origin) : Promise.resolve({ ...DEFAULT_SITE }),
      settings.customTenants(),
      settings.localStack(),
    ]);
    runInAction(() => {
      this.site = site;
      this.tenants = allTenants(custom);
      this.localStack = localStack;
      this.loaded = true;
    });
    await Promise.all([this.refreshStatus(), this.checkStack()]);
  }

  /** Asks the background what the preview did on the tab. */
  async refreshStatus(): Promise<void> {
    if (!this.deps.tab) return;
    const status = await this.deps.tabStatus(this.deps.tab.id).catch(() => null);
    runInAction(() => (this.status = status));
    // A stack that did not answer is asked again: starting it is noticed without reopening the popup.
    if (this.stackAnswers === false) await this.checkStack();
  }

  /** Asks whether the local stack answers (development only). */
  async checkStack(): Promise<void> {
    if (this.site.environment !== 'development' || !this.origin) {
      runInAction(() => (this.stackAnswers = null));
      return;
    }
    const origin = this.localStack;
    const answers = await this.deps.checkStack(origin).catch(() => false);
    runInAction(() => {
      if (this.localStack === origin) this.stackAnswers = answers;
    });
  }

  /** Saves a change of the site's settings; reloads the tab when the change needs a new page load. */
  async update(patch: Partial<SiteSettings>): Promise<void> {
    const origin = this.origin;
    if (!origin) return;
    // Region and locale follow a newly chosen tenant (unless any locale is allowed and still fits).
    const next = followTenant(patch, this.site, this.tenants);
    const site = await this.deps.settings.saveSite(origin, next);
    runInAction(() => (this.site = site));
    if ('environment' in patch) void this.checkStack();
    if (RELOAD_FIELDS.some((field) => field in patch) && this.deps.tab) {
      const error = await this.deps.syncPreview();
      if (error) {
        runInAction(() => (this.status = { ...(this.status ?? emptyStatus()), registrationError: error }));
        return;
      }
      await this.deps.reloadTab(this.deps.tab.id);
    }
  }

  /** Reloads the tab (after fixing a setting, or to run the preview on a page loaded before it was on). */
  async reload(): Promise<void> {
    if (this.deps.tab) await this.deps.reloadTab(this.deps.tab.id);
  }

  async openInspector(): Promise<void> {
    if (this.deps.tab) await this.deps.openInspector(this.deps.tab.id);
  }

  /** Validates and stores a custom tenant (replacing the one being edited), then chooses it. */
  async importTenant(text: string = this.tenantJson): Promise<boolean> {
    return importCustomTenant(this, this.deps.settings, text);
  }

  /** Puts a custom tenant's JSON into the import box to edit it. */
  readonly editTenant = action((id: string) => {
    const tenant = findTenant(this.tenants, id);
    if (!tenant || tenant.source !== 'custom') return;
    this.editingTenant = id;
    this.tenantJson = JSON.stringify({ config: tenant.config, demo: { locales: tenant.locales } }, null, 2);
    this.importErrors = [];
    this.importMessage = '';
  });

  /** Forgets a custom tenant; a site that used it falls back to the first fixture tenant. */
  async removeTenant(id: string): Promise<void> {
    await removeCustomTenant(this, this.deps.settings, id);
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
      await this.checkStack();
    }
  }

  /** Applies a mutation action-wrapped (for form inputs that edit before saving). */
  readonly setLocalStackDraft = action((text: string) => {
    this.localStack = text;
  });

  /** The import box's text as typed. */
  readonly setTenantJson = action((text: string) => {
    this.tenantJson = text;
  });
}
