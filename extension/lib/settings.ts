/**
 * Preview settings in storage.local, kept per ORIGIN: enabling a shop's staging port must not take over its
 * live site. Everything read back is normalised, so old or hand-edited storage never breaks the popup.
 * Storage items are defined on demand, because defining one starts its migration.
 */
import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import { STORAGE_KEYS } from './storageKeys.js';
import { validateTenant, type TenantImport } from './tenantImport.js';
import type { PreviewTenant } from './tenants.js';
import { MAX_PATTERNS_CHARS } from './pathScope.js';
import { LOCALES, type Locale, ENVIRONMENTS, REGIONS, type Environment, type Region } from '../../sdk/public/tools.js';

/** The environments of the render context. */
export type PreviewEnvironment = Environment;

/** What to do when the page already runs its own Aisle. */
export type ExistingAisle = 'takeover' | 'stand-aside';

/** The preview settings of one site (origin). */
export interface SiteSettings {
  enabled: boolean;
  tenantId: string;
  environment: PreviewEnvironment;
  region: Region;
  locale: Locale;
  /** Offer every locale, not only the tenant's (to try a translation the retailer does not ship). */
  anyLocale: boolean;
  /** `path`: the DLP page comes from the page's path; `typed`: `page`. */
  pageSource: 'path' | 'typed';
  page: string;
  onExistingAisle: ExistingAisle;
  /** CSS selector of the element to take over; empty means the tenant's (else `main`). */
  mainSelector: string;
  /** Path patterns the preview takes over (see pathScope.ts); empty means the tenant's listings. */
  pathPatterns: string;
}

/** Where the local stack runs unless the popup says otherwise. */
export const DEFAULT_LOCAL_STACK = 'http://127.0.0.1:4173';

/** Settings of a site seen for the first time. */
export const DEFAULT_SITE: SiteSettings = {
  enabled: false,
  tenantId: 'maple',
  environment: 'development',
  region: 'us',
  locale: 'en',
  anyLocale: false,
  pageSource: 'path',
  page: '',
  onExistingAisle: 'takeover',
  mainSelector: '',
  pathPatterns: '',
};

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** Normalises stored (or proposed) settings of one site. */
export function normalizeSite(raw: unknown): SiteSettings {
  const r = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    enabled: r.enabled === true,
    tenantId: text(r.tenantId, 64) || DEFAULT_SITE.tenantId,
    environment: pick(r.environment, ENVIRONMENTS, DEFAULT_SITE.environment),
    region: pick(r.region, REGIONS, DEFAULT_SITE.region),
    locale: pick(r.locale, LOCALES, DEFAULT_SITE.locale),
    anyLocale: r.anyLocale === true,
    pageSource: pick(r.pageSource, ['path', 'typed'] as const, DEFAULT_SITE.pageSource),
    page: text(r.page, 200).trim(),
    onExistingAisle: pick(r.onExistingAisle, ['takeover', 'stand-aside'] as const, DEFAULT_SITE.onExistingAisle),
    mainSelector: text(r.mainSelector, 200).trim(),
    pathPatterns: text(r.pathPatterns, MAX_PATTERNS_CHARS).trim(),
  };
}

/** An http(s) origin without a trailing slash, or null. */
export function normalizeOrigin(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Version 1 kept settings per host name, which took over every port and both schemes. Version 2
 * keys them by origin: a host's settings move to its http and https origins on the default ports
 * (the ports the old match patterns were most likely meant for); origins already present stay.
 */
export function migrateSitesToOrigins(raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  const entries = Object.entries(raw as Record<string, unknown>);
  for (const [key, value] of entries) if (key.includes('://') && normalizeOrigin(key) === key) out[key] = value;
  for (const [key, value] of entries) {
    if (key.includes('://')) continue;
    for (const scheme of ['https', 'http']) {
      const origin = normalizeOrigin(`${scheme}://${key}`);
      if (origin && !(origin in out)) out[origin] = value;
    }
  }
  return out;
}

/** The storage items behind the settings. */
export interface SettingsItems {
  sites: WxtStorageItem<Record<string, unknown>, Record<string, unknown>>;
  customTenants: WxtStorageItem<unknown[], Record<string, unknown>>;
  localStack: WxtStorageItem<string, Record<string, unknown>>;
}

/** Defines the settings' storage items (and so starts their migrations). */
export function defineSettingsItems(): SettingsItems {
  return {
    sites: storage.defineItem<Record<string, unknown>>(`local:${STORAGE_KEYS.sites}`, {
      fallback: {},
      version: 2,
      migrations: { 2: migrateSitesToOrigins },
    }),
    customTenants: storage.defineItem<unknown[]>(`local:${STORAGE_KEYS.customTenants}`, { fallback: [] }),
    localStack: storage.defineItem<string>(`local:${STORAGE_KEYS.localStack}`, { fallback: DEFAULT_LOCAL_STACK }),
  };
}

/** Reads and writes the extension's settings (storage.local, through the storage items). */
export class SettingsRepository {
  constructor(private readonly items: SettingsItems = defineSettingsItems()) {}

  /** Every site with settings, by origin. */
  async sites(): Promise<Record<string, SiteSettings>> {
    const raw = await this.items.sites.getValue();
    const out: Record<string, SiteSettings> = {};
    if (typeof raw === 'object' && raw !== null)
      for (const [origin, value] of Object.entries(raw))
        if (normalizeOrigin(origin) === origin) out[origin] = normalizeSite(value);
    return out;
  }

  /** The settings of `origin` (the defaults when it was never configured). */
  async site(origin: string): Promise<SiteSettings> {
    return (await this.sites())[origin] ?? { ...DEFAULT_SITE };
  }

  /** Saves `origin`'s settings (merged over what is stored) and returns them. */
  async saveSite(origin: string, patch: Partial<SiteSettings>): Promise<SiteSettings> {
    const sites = await this.sites();
    const next = normalizeSite({ ...(sites[origin] ?? DEFAULT_SITE), ...patch });
    await this.items.sites.setValue({ ...sites, [origin]: next });
    return next;
  }

  /** Origins the preview is enabled on. */
  async enabledOrigins(): Promise<string[]> {
    return Object.entries(await this.sites())
      .filter(([, s]) => s.enabled)
      .map(([origin]) => origin)
      .sort();
  }

  /** Calls back whenever any site's settings change; returns the cleanup. */
  watchSites(callback: () => void): () => void {
    return this.items.sites.watch(() => callback());
  }

  /** Calls back whenever any setting changes (sites, tenants, local stack); returns the cleanup. */
  watchAll(callback: () => void): () => void {
    const stops = [this.items.sites, this.items.customTenants, this.items.localStack].map((item) =>
      item.watch(() => callback()),
    );
    return () => stops.forEach((stop) => stop());
  }

  /** Imported tenants (each re-validated: one bad entry is dropped, not fatal). */
  async customTenants(): Promise<PreviewTenant[]> {
    const raw = await this.items.customTenants.getValue();
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((entry) => {
      const read = validateTenant(entry);
      return read.ok ? [read.tenant] : [];
    });
  }

  /** Adds (or replaces, by id) an imported tenant. */
  async saveCustomTenant(result: TenantImport & { ok: true }, replacing?: string): Promise<void> {
    const drop = new Set([result.tenant.config.id, ...(replacing ? [replacing] : [])]);
    const current = (await this.customTenants()).filter((t) => !drop.has(t.config.id));
    await this.storeTenants([...current, result.tenant]);
  }

  async removeCustomTenant(id: string): Promise<void> {
    await this.storeTenants((await this.customTenants()).filter((t) => t.config.id !== id));
  }

  private storeTenants(tenants: PreviewTenant[]): Promise<void> {
    return this.items.customTenants.setValue(tenants.map((t) => ({ config: t.config, demo: { locales: t.locales } })));
  }

  /** The local stack's origin for the development environment. */
  async localStack(): Promise<string> {
    return normalizeOrigin(await this.items.localStack.getValue()) ?? DEFAULT_LOCAL_STACK;
  }

  /** Sets the local stack's origin; returns false (and keeps the old one) for anything but an http(s) URL. */
  async setLocalStack(raw: string): Promise<boolean> {
    const origin = normalizeOrigin(raw);
    if (!origin) return false;
    await this.items.localStack.setValue(origin);
    return true;
  }
}
