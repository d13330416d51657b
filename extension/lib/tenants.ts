/**
 * The tenants the popup offers: every fixture tenant (bundled from fixtures/tenants/*.json) plus
 * the custom tenants a user imported as JSON.
 */
import { isLocale, type Locale, type TenantConfig } from '../../sdk/public/tools.js';

/**
 * A tenant's render-context config as the extension keeps it: the fields of a tenant config, of
 * which only the id and route root must be given (Aisle fills the defaults of the others).
 */
export type PreviewTenantConfig = Pick<TenantConfig, 'id' | 'base'> & Partial<Omit<TenantConfig, 'id' | 'base'>>;

/** A tenant the popup can choose. */
export interface PreviewTenant {
  config: PreviewTenantConfig;
  /** Locales the retailer offers, default first. */
  locales: Locale[];
  source: 'fixture' | 'custom';
}

interface FixtureFile {
  config: PreviewTenantConfig;
  demo: { locales: string[] };
}

// Every JSON file of the fixture folder, so a new fixture tenant needs no line here.
const fixtureFiles = Object.values(
  import.meta.glob<FixtureFile>('../../fixtures/tenants/*.json', { eager: true, import: 'default' }),
);

/** Every fixture tenant, sorted by id. */
export const FIXTURE_TENANTS: readonly PreviewTenant[] = fixtureFiles
  .map((file) => ({
    config: file.config,
    locales: file.demo.locales.filter(isLocale),
    source: 'fixture' as const,
  }))
  .sort((a, b) => a.config.id.localeCompare(b.config.id));

/** Fixture tenants first, then custom ones (a custom tenant never shadows a fixture id). */
export function allTenants(custom: readonly PreviewTenant[]): PreviewTenant[] {
  const ids = new Set(FIXTURE_TENANTS.map((t) => t.config.id));
  return [...FIXTURE_TENANTS, ...custom.filter((t) => !ids.has(t.config.id))];
}

/** The tenant with `id`, if any. */
export function findTenant(tenants: readonly PreviewTenant[], id: string): PreviewTenant | undefined {
  return tenants.find((t) => t.config.id === id);
}
