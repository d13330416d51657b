/** Applying a shared preview once confirmed: nothing is saved before the confirmation. */
import type { SettingsRepository } from './settings.js';
import type { SharedPreview } from './shareLink.js';
import { allTenants, findTenant, type PreviewTenant } from './tenants.js';

/** One line of the confirmation: a setting and its value, in words. */
export interface ConfirmLine {
  label: string;
  value: string;
}

/** What the confirmation shows, and why the link cannot be applied here, if it cannot. */
export interface Confirmation {
  lines: ConfirmLine[];
  notes: string[];
  errors: string[];
}

/** The confirmation of `preview` for someone with `custom` tenants and their own `localStack`. */
export function confirmationOf(
  preview: SharedPreview,
  custom: readonly PreviewTenant[],
  localStack: string,
): Confirmation {
  const { site, tenant } = preview;
  const known = findTenant(
    allTenants(tenant ? [...custom.filter((t) => t.config.id !== tenant.config.id), tenant] : custom),
    site.tenantId,
  );
  const errors = known
    ? []
    : [
        `the tenant "${site.tenantId}" is not known here, and the link does not carry it: ask for a link made after importing it`,
      ];
  const notes: string[] = [
    `Your own preview settings for ${preview.origin} are replaced, and the preview is turned on there.`,
  ];
  if (tenant) {
    const mine = custom.find((t) => t.config.id === tenant.config.id);
    notes.push(
      mine && JSON.stringify(mine.config) !== JSON.stringify(tenant.config)
        ? `The link's custom tenant "${tenant.config.id}" replaces yours of the same id.`
        : `The custom tenant "${tenant.config.id}" is imported from the link (checked as an import is).`,
    );
  }
  if (site.environment === 'development') notes.push(`Development talks to your own local stack, ${localStack}.`);
  const lines: ConfirmLine[] = [
    { label: 'Site', value: preview.origin },
    { label: 'Page', value: preview.pageUrl },
    { label: 'Tenant', value: tenant ? `${site.tenantId} (custom, carried by the link)` : site.tenantId },
    { label: 'Environment', value: site.environment },
    { label: 'Region, locale', value: `${site.region}, ${site.locale}${site.anyLocale ? ' (any locale)' : ''}` },
    { label: 'DLP page', value: site.pageSource === 'typed' ? site.page || '(none typed)' : 'from the page’s path' },
    { label: 'Path patterns', value: site.pathPatterns || 'the tenant’s listings' },
    { label: 'If the page runs Aisle', value: site.onExistingAisle === 'takeover' ? 'take over' : 'stand aside' },
    { label: 'Main element', value: site.mainSelector || 'the tenant’s' },
  ];
  return { lines, notes, errors };
}

/** Applies a confirmed shared preview: imports its tenant, saves the site's settings with the preview on. */
export async function applySharedPreview(settings: SettingsRepository, preview: SharedPreview): Promise<void> {
  if (preview.tenant) await settings.saveCustomTenant({ ok: true, tenant: preview.tenant });
  await settings.saveSite(preview.origin, { ...preview.site, enabled: true });
}
