/**
 * Per-site preview settings and the extension-wide ones, kept in storage.local so they survive
 * browser restarts. Everything read back is normalised: storage written by an older version (or
 * edited by hand) never breaks the popup or the injection.
 */
import { STORAGE_KEYS, type StorageArea } from './storageKeys.js';
import { validateTenant, type TenantImport } from './tenantImport.js';
import type { PreviewTenant } from './tenants.js';

/** The environments of the render context. */
export const ENVIRONMENTS = ['production', 'qa', 'development'] as const;
export type PreviewEnvironment = (typeof ENVIRONMENTS)[number];

/** What to do when the page already runs its own Aisle. */
export type ExistingAisle = 'takeover' | 'stand-aside';

/** The preview settings of one site (host name). */
export interface SiteSettings {
  enabled: boolean;
  tenantId: string;
  environment: PreviewEnvironment;
  region: 'us' | 'ca';
  locale: 'en' | 'fr';
  /** `path`: the DLP page is the last segment of the page's path; `typed`: `page`. */
  pageSource: 'path' | 'typed';
  page: string;
  onExistingAisle: ExistingAisle;
  /** CSS selector of the element to take over; empty means the tenant's (else `main`). */
  mainSelector: string;
}

/** Where the local stack runs unless the popup says otherwise (CONTRACT.md). */
export const DEFAULT_LOCAL_STACK = 'http://127.0.0.1:4173';

/** Settings of a site seen for the first time. */
export const DEFAULT_SITE: SiteSettings = {
  enabled: false,
  tenantId: 'maple',
  environment: 'development',
  region: 'us',
  locale: 'en',
  pageSource: 'path',
  page: '',
  onExistingAisle: 'takeover',
  mainSelector: '',
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
    region: pick(r.region, ['us', 'ca'] as const, DEFAULT_SITE.region),
    locale: pick(r.locale, ['en', 'fr'] as const, DEFAULT_SITE.locale),
    pageSource: pick(r.pageSource, ['path', 'typed'] as const, DEFAULT_SITE.pageSource),
    page: text(r.page, 200).trim(),
    onExistingAisle: pick(r.onExistingAisle, ['takeover', 'stand-aside'] as const, DEFAULT_SITE.onExistingAisle),
    mainSelector: text(r.mainSelector, 200).trim(),
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

/** Reads and writes the extension's settings in one storage area (storage.local). */
export class SettingsRepository {
  constructor(private readonly area: StorageArea) {}

  /** Every site with settings, by host name. */
  async sites(): Promise<Record<string, SiteSettings>> {
    const raw = (await this.area.get(STORAGE_KEYS.sites))[STORAGE_KEYS.sites];
    const out: Record<string, SiteSettings> = {};
    if (typeof raw === 'object' && raw !== null)
      for (const [host, value] of Object.entries(raw)) out[host] = normalizeSite(value);
    return out;
  }

  /** The settings of `host` (the defaults when it was never configured). */
  async site(host: string): Promise<SiteSettings> {
    return (await this.sites())[host] ?? { ...DEFAULT_SITE };
  }

  /** Saves `host`'s settings (merged over what is stored) and returns them. */
  async saveSite(host: string, patch: Partial<SiteSettings>): Promise<SiteSettings> {
    const sites = await this.sites();
    const next = normalizeSite({ ...(sites[host] ?? DEFAULT_SITE), ...patch });
    await this.area.set({ [STORAGE_KEYS.sites]: { ...sites, [host]: next } });
    return next;
  }

  /** Host names the preview is enabled on. */
  async enabledHosts(): Promise<string[]> {
    return Object.entries(await this.sites())
      .filter(([, s]) => s.enabled)
      .map(([host]) => host)
      .sort();
  }

  /** Imported tenants (each re-validated: one bad entry is dropped, not fatal). */
  async customTenants(): Promise<PreviewTenant[]> {
    const raw = (await this.area.get(STORAGE_KEYS.customTenants))[STORAGE_KEYS.customTenants];
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((entry) => {
      const read = validateTenant(entry);
      return read.ok ? [read.tenant] : [];
    });
  }

  /** Adds (or replaces, by id) an imported tenant. */
  async saveCustomTenant(result: TenantImport & { ok: true }): Promise<void> {
    const current = (await this.customTenants()).filter((t) => t.config.id !== result.tenant.config.id);
    const stored = [...current, result.tenant].map((t) => ({ config: t.config, demo: { locales: t.locales } }));
    await this.area.set({ [STORAGE_KEYS.customTenants]: stored });
  }

  /** Forgets an imported tenant. */
  async removeCustomTenant(id: string): Promise<void> {
    const kept = (await this.customTenants()).filter((t) => t.config.id !== id);
    await this.area.set({
      [STORAGE_KEYS.customTenants]: kept.map((t) => ({ config: t.config, demo: { locales: t.locales } })),
    });
  }

  /** The local stack's origin for the development environment. */
  async localStack(): Promise<string> {
    return (
      normalizeOrigin((await this.area.get(STORAGE_KEYS.localStack))[STORAGE_KEYS.localStack]) ?? DEFAULT_LOCAL_STACK
    );
  }

  /** Sets the local stack's origin; returns false (and keeps the old one) for anything but an http(s) URL. */
  async setLocalStack(raw: string): Promise<boolean> {
    const origin = normalizeOrigin(raw);
    if (!origin) return false;
    await this.area.set({ [STORAGE_KEYS.localStack]: origin });
    return true;
  }
}
