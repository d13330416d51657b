import { loadCatalogue } from '../../fixtures/catalogue/index.js';
import type { TenantFixture } from '../../fixtures/tenants/index.js';
import { DEFAULT_LOCALE } from '../../sdk/core/locales.js';
import { localeSuffixUrl } from '../../sdk/core/localeUrl.js';
import { escapeHtml } from '../http.js';
import { SHOP_TEXTS } from './texts.js';

function features(t: TenantFixture): string[] {
  const c = t.config;
  return [
    `${(c.region ?? 'us').toUpperCase()} · ${t.demo.locales.join('/')}`,
    c.infiniteLoading ? 'infinite scroll' : 'paged',
    `${c.defaultPageSize} per page`,
    c.proxySearch ? 'proxy search' : '',
    c.searchRouterReplaceState ? 'replaceState' : '',
    c.backButtonReload === false ? 'no back reload' : '',
    c.resultsViewUpdateEvent ? 'ResultsViewUpdate' : '',
    c.vehicleSelector ? 'vehicle selector' : '',
    t.demo.usesModels ? 'models[]' : '',
    t.demo.backend === 'strict' ? 'strict backend' : '',
  ].filter(Boolean);
}

/** The stack's home page: every fixture tenant with links to a few of its pages. */
export function renderIndexPage(tenants: TenantFixture[], extensionPath: string): string {
  const catalogue = loadCatalogue();
  const cards = tenants
    .map((t) => {
      const { base } = t.config;
      const categories = catalogue.categoriesFor(t.demo.vertical);
      const links = [
        ...categories.slice(0, 3).map((c) => [c.title.en, `${base}/${c.slug}`]),
        ['Visual sitemap', `${base}/vsm/`],
        // A link into each other language the shop offers (where its region lets the address carry it).
        ...t.demo.locales
          .filter((locale) => locale !== DEFAULT_LOCALE && t.config.region !== undefined)
          .flatMap((locale) => {
            const suffixed = (path: string) => localeSuffixUrl(path, { region: t.config.region, locale });
            return [
              [SHOP_TEXTS[locale].inThisLanguage, suffixed(`${base}/${categories[0]!.slug}`)],
              [SHOP_TEXTS[locale].sitemap, suffixed(`${base}/vsm/`)],
            ];
          }),
        ['A page that does not exist', `${base}/no-such-page`],
      ];
      return `<article class="tenant" style="--accent:${escapeHtml(t.demo.accent)}">
<h2>${escapeHtml(t.config.name ?? t.config.id)}</h2>
<p class="tags">${features(t)
        .map((f) => `<span>${escapeHtml(f)}</span>`)
        .join('')}</p>
<ul>${links.map(([title, href]) => `<li><a href="${escapeHtml(href!)}">${escapeHtml(title!)}</a></li>`).join('')}</ul>
</article>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Aisle local stack</title>
<style>
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1c1c1e;background:#f6f6f4}
header{padding:32px clamp(16px,4vw,48px) 8px}h1{margin:0;font-size:28px}
header p{color:#555;max-width:70ch}
code{background:#ececea;padding:1px 5px;border-radius:4px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:16px;padding:16px clamp(16px,4vw,48px) 48px}
.tenant{background:#fff;border-radius:12px;padding:16px 20px;border-top:4px solid var(--accent);box-shadow:0 1px 3px rgba(0,0,0,.08)}
.tenant h2{margin:0 0 6px;font-size:18px}.tags{display:flex;flex-wrap:wrap;gap:6px;margin:0 0 8px}
.tags span{font-size:12px;background:#f0f0ee;border-radius:999px;padding:2px 8px;color:#444}
.tenant ul{margin:0;padding-left:18px}.tenant a{color:#1a4fb5}
</style></head><body>
<header><h1>Aisle local stack</h1>
<p>Fictional retailer pages with the Aisle embed, served with the search API (<code>POST /search</code>), the image service and the analytics service (<code>/analytics</code>). Unpacked extension: <code>${escapeHtml(extensionPath)}</code></p></header>
<section class="grid" aria-label="Tenants">${cards}</section>
</body></html>`;
}
