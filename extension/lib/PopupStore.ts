/**
 * The popup's state: the settings of the current tab's site (its origin), the tenants to choose
 * from, the custom-tenant import and what the preview did on the tab. Saving goes to
 * storage.local; the relay re-renders the page for tenant, environment, region, locale and page
 * changes, and the tab is reloaded when the preview is turned on or off, the takeover choice or
 * the path patterns change.
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { pageFromPath } from '../../sdk/core/searchRequest.js';
import { LOCALES, localeName, type Locale } from '../../sdk/core/locales.js';
import { REGIONS, type Region } from '../../sdk/core/types.js';
import type { TabStatus } from './messaging.js';
import { defaultPathPatterns, parsePathPatterns, pathInScope } from './pathScope.js';
import { DEFAULT_SITE, type SettingsRepository, type SiteSettings } from './settings.js';
import { isValidSelector } from './selector.js';
import { importTenant } from './tenantImport.js';
import { allTenants, findTenant, type PreviewTenant } from './tenants.js';

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
}

/** The kinds of status the popup colour-codes (each also has its own words). */
export type StatusKind = 'off' | 'idle' | 'pending' | 'shown' | 'warning' | 'not-found' | 'stood-aside' | 'failed';

/** The words that lead each kind of status, so it never depends on colour alone. */
export const STATUS_LABELS: Record<StatusKind, string> = {
  off: 'Off',
  idle: 'Not running',
  pending: 'Starting',
  shown: 'Shown',
  warning: 'Shown, with a problem',
  'not-found': 'Page not found',
  'stood-aside': 'Stood aside',
  failed: 'Failed',
};

const RELOAD_FIELDS: Array<keyof SiteSettings> = ['enabled', 'onExistingAisle', 'pathPatterns'];

const REGION_NAMES: Record<Region, string> = { us: 'United States', ca: 'Canada' };

/** The http(s) origin of a URL (the unit the preview is enabled for), else null. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The DLP page Aisle asks for on `pathname`, worked out as Aisle does: the tenant's route when the
 * path is `{base}/{page}` (decoded by Aisle's own forgiving decoder), else the raw last segment.
 * A stray `%` (`/sale/50%-off-sheets`) is kept as typed, never thrown.
 */
export function pageOfPath(pathname: string, base: string): string {
  const route = pageFromPath(pathname, base);
  if (route) return route.page;
  return pathname.split('/').filter(Boolean).pop() ?? '';
}

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
    const own = this.tenant?.config.region;
    const regions: readonly Region[] = own && !this.site.anyLocale ? [own] : REGIONS;
    return regions.map((r) => [r, REGION_NAMES[r]]);
  }

  /** Locales to offer: the tenant's, unless "any locale" is ticked. */
  get localeOptions(): Array<[string, string]> {
    const own = this.tenant?.locales ?? [];
    const locales: readonly Locale[] = own.length > 0 && !this.site.anyLocale ? own : LOCALES;
    return locales.map((l) => [l, localeName(l)]);
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
    if (!this.deps.tab) return false;
    try {
      return pathInScope(parsePathPatterns(this.pathPatterns), new URL(this.deps.tab.url).pathname);
    } catch {
      return false;
    }
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
    if (this.site.pageSource === 'typed') return this.site.page || '(type a page)';
    let pathname = '/';
    try {
      pathname = this.deps.tab ? new URL(this.deps.tab.url).pathname : '/';
    } catch {
      /* an unreadable address has no page */
    }
    return pageOfPath(pathname, this.tenant?.config.base ?? '/') || '(the path has no page)';
  }

  /** The kind of what happened on the tab (for its colour and its leading word). */
  get statusKind(): StatusKind {
    if (!this.origin || !this.site.enabled) return 'off';
    const { status } = this;
    if (status?.registrationError || this.mainSelectorError || this.patternErrors.length > 0) return 'failed';
    if (!this.inScope) return 'idle';
    if (this.site.environment === 'development' && this.stackAnswers === false) return 'failed';
    const preview = status?.preview;
    if (!preview) return 'idle';
    if (preview.outcome === 'shown') return preview.warning || status?.searchError ? 'warning' : 'shown';
    return preview.outcome;
  }

  /** What happened on the tab, in words. */
  get statusText(): string {
    if (!this.origin) return 'The preview runs on http and https pages only.';
    if (!this.site.enabled) return 'Off for this site: the page shows as its own.';
    const { status } = this;
    if (status?.registrationError) return `Injection failed: ${status.registrationError}`;
    if (this.mainSelectorError) return `Main element: ${this.mainSelectorError} Correct it below.`;
    if (this.patternErrors.length > 0) return `Path patterns: ${this.patternErrors.join('; ')}.`;
    if (!this.inScope)
      return 'This page is outside the path patterns: the preview leaves it alone (change the patterns below to include it).';
    if (this.site.environment === 'development' && this.stackAnswers === false)
      return `The local stack at ${this.localStack} does not answer: start it (npm start) or correct its address below.`;
    const preview = status?.preview;
    if (!preview)
      return 'The preview has not run in this tab: reload the page (it was loaded before the site was enabled), or the browser does not allow extensions on this page.';
    if (preview.outcome === 'shown')
      return `Aisle is shown: ${preview.message}. ${preview.tookOver ? "It took over the page's own Aisle." : 'The page had no Aisle of its own.'}`;
    if (preview.outcome === 'not-found') return `Aisle runs, but ${preview.message}.`;
    if (preview.outcome === 'stood-aside') return `Stood aside: ${preview.message}.`;
    if (preview.outcome === 'failed') return `Aisle is not shown: ${preview.message}.`;
    return `Starting: ${preview.message}…`;
  }

  /** A problem besides the status (images blocked, the page's own search failing), or ''. */
  get statusWarning(): string {
    if (this.statusKind !== 'warning' && this.statusKind !== 'stood-aside') return '';
    const warning = this.status?.preview?.warning;
    const search = this.status?.searchError;
    return [warning, search ? `search failed: ${search}` : ''].filter(Boolean).join('. ');
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
    const next = { ...patch };
    // Region and locale follow a newly chosen tenant (unless any locale is allowed and still fits).
    if (patch.tenantId !== undefined || patch.anyLocale === false) {
      const tenant = findTenant(this.tenants, patch.tenantId ?? this.site.tenantId);
      const anyLocale = patch.anyLocale ?? this.site.anyLocale;
      if (tenant && !anyLocale) {
        if (tenant.config.region) next.region = tenant.config.region;
        const locale = patch.locale ?? this.site.locale;
        if (tenant.locales.length > 0 && !tenant.locales.includes(locale)) next.locale = tenant.locales[0]!;
      }
    }
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

  /** Opens the inspector for the tab. */
  async openInspector(): Promise<void> {
    if (this.deps.tab) await this.deps.openInspector(this.deps.tab.id);
  }

  /** Validates and stores a custom tenant (replacing the one being edited), then chooses it. */
  async importTenant(text: string = this.tenantJson): Promise<boolean> {
    const result = importTenant(text);
    if (!result.ok) {
      runInAction(() => {
        this.importErrors = result.errors;
        this.importMessage = '';
      });
      return false;
    }
    const replacing = this.editingTenant;
    await this.deps.settings.saveCustomTenant(result, replacing ?? undefined);
    const custom = await this.deps.settings.customTenants();
    runInAction(() => {
      this.tenants = allTenants(custom);
      this.importErrors = [];
      this.importMessage = `${replacing ? 'Saved' : 'Imported'} ${result.tenant.config.id}.`;
      this.editingTenant = null;
      this.tenantJson = '';
    });
    await this.update({ tenantId: result.tenant.config.id });
    return true;
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
    const tenant = findTenant(this.tenants, id);
    if (!tenant || tenant.source !== 'custom') return;
    await this.deps.settings.removeCustomTenant(id);
    const custom = await this.deps.settings.customTenants();
    runInAction(() => {
      this.tenants = allTenants(custom);
      this.importMessage = `Removed ${id}.`;
      if (this.editingTenant === id) {
        this.editingTenant = null;
        this.tenantJson = '';
      }
    });
    if (this.site.tenantId === id) await this.update({ tenantId: DEFAULT_SITE.tenantId });
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

function emptyStatus(): TabStatus {
  return { preview: null, loadUrl: null, searchError: null, registrationError: null };
}

/**
 * Turns the preview off for the site of `url`, re-registers and reloads the tab. It needs nothing
 * but storage and the tab, so the popup's error fallback can always offer it.
 */
export async function turnPreviewOff(
  deps: Pick<PopupDeps, 'settings' | 'syncPreview' | 'reloadTab'>,
  tab: { id: number; url: string },
): Promise<boolean> {
  const origin = originOf(tab.url);
  if (!origin) return false;
  await deps.settings.saveSite(origin, { enabled: false });
  await deps.syncPreview().catch(() => null);
  await deps.reloadTab(tab.id).catch(() => undefined);
  return true;
}
