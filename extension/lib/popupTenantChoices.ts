/**
 * The regions and locales the popup offers for the chosen tenant, and how a site's region and
 * locale follow when another tenant is chosen.
 */
import type { SiteSettings } from './settings.js';
import { findTenant, type PreviewTenant } from './tenants.js';
import { LOCALES, localeName, type Locale, REGIONS, type Region } from '../../sdk/public/tools.js';

const REGION_NAMES: Record<Region, string> = { us: 'United States', ca: 'Canada' };

/** Regions to offer: the tenant's own, unless "any locale" is ticked or the tenant has none. */
export function regionOptionsFor(tenant: PreviewTenant | undefined, anyLocale: boolean): Array<[string, string]> {
  const own = tenant?.config.region;
  const regions: readonly Region[] = own && !anyLocale ? [own] : REGIONS;
  return regions.map((r) => [r, REGION_NAMES[r]]);
}

/** Locales to offer: the tenant's, unless "any locale" is ticked. */
export function localeOptionsFor(tenant: PreviewTenant | undefined, anyLocale: boolean): Array<[string, string]> {
  const own = tenant?.locales ?? [];
  const locales: readonly Locale[] = own.length > 0 && !anyLocale ? own : LOCALES;
  return locales.map((l) => [l, localeName(l)]);
}

/**
 * `patch` with the region and locale a newly chosen tenant implies (unless any locale is allowed
 * and still fits), given the site's current settings and the tenants to choose from.
 */
export function followTenant(
  patch: Partial<SiteSettings>,
  site: SiteSettings,
  tenants: PreviewTenant[],
): Partial<SiteSettings> {
  const next = { ...patch };
  if (patch.tenantId !== undefined || patch.anyLocale === false) {
    const tenant = findTenant(tenants, patch.tenantId ?? site.tenantId);
    const anyLocale = patch.anyLocale ?? site.anyLocale;
    if (tenant && !anyLocale) {
      if (tenant.config.region) next.region = tenant.config.region;
      const locale = patch.locale ?? site.locale;
      if (tenant.locales.length > 0 && !tenant.locales.includes(locale)) next.locale = tenant.locales[0]!;
    }
  }
  return next;
}
