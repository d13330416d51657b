import { loadCatalogue } from '../../fixtures/catalogue/index.js';
import type { TenantFixture } from '../../fixtures/tenants/index.js';
import { formatPrice } from '../../sdk/core/format.js';
import { escapeHtml } from '../http.js';
import { demoLocale } from './tenant-pages.js';
import { renderShopPage } from './shop-page.js';
import { SHOP_TEXTS } from './texts.js';

/** The retailer's own product page, where a product click lands (Aisle is not embedded here). */
export function renderProductPage(
  tenant: TenantFixture,
  productId: string,
  url: URL,
): { status: number; html: string } {
  const locale = demoLocale(tenant, url);
  const product = loadCatalogue().productById(productId);
  const region = tenant.config.region ?? 'us';
  const texts = SHOP_TEXTS[locale];
  const title = product ? product.title : texts.productNotFound;
  const variant = product?.variants.find((v) => v.selected) ?? product?.variants[0];
  const price = variant ? formatPrice(variant.sale_price ?? variant.price, region, locale) : '';
  const body = product
    ? `<section class="shop-hero"><p>${escapeHtml(product.brand)}</p><h1>${escapeHtml(title)}</h1><p><strong>${escapeHtml(price)}</strong></p><p>${escapeHtml(
        product.description.replace(/<[^>]*>/g, ' '),
      )}</p><p><a href="javascript:history.back()">${escapeHtml(texts.backToResults)}</a></p></section>`
    : `<section class="shop-hero"><h1>${escapeHtml(title)}</h1></section>`;
  const head = {
    title,
    canonical: `${tenant.config.prodUrl}${url.pathname}`,
    metaTitle: title,
    description: title,
    robots: 'index',
  };
  return {
    status: product ? 200 : 404,
    html: renderShopPage({ tenant, locale, head, nav: [], mainHtml: body, embedSrc: '' }),
  };
}
