/**
 * Importing and forgetting the custom tenants a solution engineer brings: the file is checked,
 * stored in storage.local, and the site switches to (or away from) the tenant.
 */
import { runInAction } from 'mobx';
import { DEFAULT_SITE, type SettingsRepository, type SiteSettings } from './settings.js';
import { importTenant } from './tenantImport.js';
import { allTenants, findTenant, type PreviewTenant } from './tenants.js';

/** The part of the popup's store the custom-tenant box reads and changes. */
export interface CustomTenantBox {
  site: SiteSettings;
  tenants: PreviewTenant[];
  importErrors: string[];
  importMessage: string;
  editingTenant: string | null;
  tenantJson: string;
  update(patch: Partial<SiteSettings>): Promise<void>;
}

/** Validates and stores a custom tenant (replacing the one being edited), then chooses it. */
export async function importCustomTenant(
  box: CustomTenantBox,
  settings: SettingsRepository,
  text: string,
): Promise<boolean> {
  const result = importTenant(text);
  if (!result.ok) {
    runInAction(() => {
      box.importErrors = result.errors;
      box.importMessage = '';
    });
    return false;
  }
  const replacing = box.editingTenant;
  await settings.saveCustomTenant(result, replacing ?? undefined);
  const custom = await settings.customTenants();
  runInAction(() => {
    box.tenants = allTenants(custom);
    box.importErrors = [];
    box.importMessage = `${replacing ? 'Saved' : 'Imported'} ${result.tenant.config.id}.`;
    box.editingTenant = null;
    box.tenantJson = '';
  });
  await box.update({ tenantId: result.tenant.config.id });
  return true;
}

/** Forgets a custom tenant; a site that used it falls back to the first fixture tenant. */
export async function removeCustomTenant(
  box: CustomTenantBox,
  settings: SettingsRepository,
  id: string,
): Promise<void> {
  const tenant = findTenant(box.tenants, id);
  if (!tenant || tenant.source !== 'custom') return;
  await settings.removeCustomTenant(id);
  const custom = await settings.customTenants();
  runInAction(() => {
    box.tenants = allTenants(custom);
    box.importMessage = `Removed ${id}.`;
    if (box.editingTenant === id) {
      box.editingTenant = null;
      box.tenantJson = '';
    }
  });
  if (box.site.tenantId === id) await box.update({ tenantId: DEFAULT_SITE.tenantId });
}
