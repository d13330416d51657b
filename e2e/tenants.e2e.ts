import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadCatalogue } from '../fixtures/catalogue/index.js';
import { loadTenants } from '../fixtures/tenants/index.js';
import { expectStrictOptions } from './support/backends.js';
import { useChromium } from './support/browser.js';
import { watchErrors } from './support/page.js';
import { waitForListing } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

const pages = loadTenants().flatMap((tenant) => {
  const slug = loadCatalogue().categoriesFor(tenant.demo.vertical)[1]!.slug;
  const locales = tenant.config.region === 'ca' ? tenant.demo.locales : [tenant.demo.locales[0]!];
  const strict = tenant.demo.backend === 'strict';
  return locales.map((locale) => ({ tenant: tenant.config.id, base: tenant.config.base, slug, locale, strict }));
});

describe("every fixture tenant's demo pages", () => {
  it.each(pages)('$tenant ($locale): the DLP and the sitemap render', async ({ base, slug, locale, strict }) => {
    const page = await chromium().newPage();
    const { errors } = watchErrors(page);
    const query = locale === 'fr' ? '?locale=fr_CA' : '?locale=en_CA';
    await page.goto(`${baseUrl}${base}/${slug}${query}`);
    await waitForListing(page);
    expect(await page.getAttribute('.aisle-root', 'lang')).toBe(locale);
    expect(await page.textContent('[data-aisle="all-filters"]')).toContain(
      locale === 'fr' ? 'Tous les filtres' : 'All Filters',
    );
    expect(await page.locator('[data-aisle="sort"]').count()).toBe(1);
    if (strict) {
      // Without counts from the backend, every option of a list filter can still be picked.
      await page.locator('[data-aisle="filter-button"]').last().click();
      await expectStrictOptions(page, '[data-aisle="filter-panel"]');
      await page.keyboard.press('Escape');
    }
    await page.goto(`${baseUrl}${base}/vsm/${query}`);
    await page.waitForSelector('[data-aisle="vsm"] [data-aisle="vsm-section"]');
    expect(await page.textContent('[data-aisle="vsm"] h1')).toBe(
      locale === 'fr' ? 'Catégories populaires' : 'Popular Categories',
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
