/** The render context handed to the injected Aisle: no `data`, since Aisle fetches the first listing itself. */
import type { PreviewEnvironment, SiteSettings } from './settings.js';
import type { PreviewTenant, PreviewTenantConfig } from './tenants.js';

/** The render context as plain JSON (see docs/embedding.md). */
export interface PreviewRenderContext {
  config: PreviewTenantConfig;
  environment: PreviewEnvironment;
  additional: { locale: string; lang: string; region: string; page?: string };
}

/** What the main-world preview script receives from the extension. */
export interface PreviewConfig {
  context: PreviewRenderContext;
}

/** The preview of `settings` with `tenant` on a page at `pathname`. */
export function buildPreviewConfig(tenant: PreviewTenant, settings: SiteSettings, localStack: string): PreviewConfig {
  const config: PreviewRenderContext['config'] = {
    ...tenant.config,
    region: settings.region,
    // A retailer's live site does not serve the tenant's search proxy: ask the search host.
    proxySearch: false,
  };
  if (settings.mainSelector) config.mainSelector = settings.mainSelector;
  if (settings.environment === 'development') {
    // The stack's preview endpoints write product links to its own product pages: the retailer's
    // origin has none for the catalogue's products (docs/extension.md).
    config.searchHost = `${localStack}/preview`;
    config.analyticsHost = `${localStack}/analytics`;
  }
  const locale = `${settings.locale}_${settings.region.toUpperCase()}`;
  return {
    context: {
      config,
      environment: settings.environment,
      additional: {
        locale,
        lang: settings.locale,
        region: settings.region,
        // A typed page is named in the context (docs/embedding.md, `additional.page`).
        ...(settings.pageSource === 'typed' && settings.page ? { page: settings.page } : {}),
      },
    },
  };
}
