/**
 * The tenants the popup offers: every fixture tenant (bundled from fixtures/tenants/*.json) plus
 * the custom tenants a user imported as JSON.
 */
import boreal from '../../fixtures/tenants/boreal.json';
import cedar from '../../fixtures/tenants/cedar.json';
import driftwood from '../../fixtures/tenants/driftwood.json';
import gearhead from '../../fixtures/tenants/gearhead.json';
import harbor from '../../fixtures/tenants/harbor.json';
import lakeshore from '../../fixtures/tenants/lakeshore.json';
import maple from '../../fixtures/tenants/maple.json';
import northwind from '../../fixtures/tenants/northwind.json';
import prairie from '../../fixtures/tenants/prairie.json';
import summit from '../../fixtures/tenants/summit.json';
import tinker from '../../fixtures/tenants/tinker.json';

/** A tenant's render-context config as the extension keeps it (plain JSON values only). */
export interface PreviewTenantConfig {
  id: string;
  base: string;
  name?: string;
  prodUrl?: string;
  region?: 'us' | 'ca';
  [field: string]: unknown;
}

/** A tenant the popup can choose. */
export interface PreviewTenant {
  config: PreviewTenantConfig;
  /** Locales the retailer offers, default first. */
  locales: Array<'en' | 'fr'>;
  source: 'fixture' | 'custom';
}

interface FixtureFile {
  config: PreviewTenantConfig;
  demo: { locales: string[] };
}

const fixtureFiles: FixtureFile[] = [
  boreal,
  cedar,
  driftwood,
  gearhead,
  harbor,
  lakeshore,
  maple,
  northwind,
  prairie,
  summit,
  tinker,
].map((file) => file as unknown as FixtureFile);

/** Every fixture tenant, sorted by id. */
export const FIXTURE_TENANTS: readonly PreviewTenant[] = fixtureFiles
  .map((file) => ({
    config: file.config,
    locales: file.demo.locales.filter((l): l is 'en' | 'fr' => l === 'en' || l === 'fr'),
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
