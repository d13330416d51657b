// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../fixtures/catalogue/index.js';
import { sitemapFor } from '../../fixtures/catalogue/index.js';
import { loadTenants } from '../../fixtures/tenants/index.js';
import { demoContext } from '../../server/demo/tenant-pages.js';
import { handleSearch } from '../../server/search/index.js';
import { buildSearchRequest } from '../core/searchRequest.js';
import { defaultUrlState } from '../core/urlState.js';
import { fakeProduct, fakeResponse } from '../testing/stores.js';
import { renderAisle } from '../testing/ui.js';
import { renderMain } from './render.js';

const ORIGIN = 'https://shop.test';
const tenant = (id: string) => loadTenants().find((t) => t.config.id === id)!;

/** The main element of a page holding `html`, as a browser reads it. */
function parsed(html: string): HTMLElement {
  const doc = new DOMParser().parseFromString(`<main>${html}</main>`, 'text/html');
  return doc.querySelector('main')!;
}

function listing(id: string, locale: 'en' | 'fr' = 'en') {
  const t = tenant(id);
  const context = demoContext(t, ORIGIN, locale);
  const slug = loadCatalogue().categoriesFor(t.demo.vertical)[0]!.slug;
  const answer = handleSearch(
    buildSearchRequest(context, defaultUrlState({ pageSize: t.config.defaultPageSize ?? 24 }), slug),
    {
      tenants: [t],
    },
  );
  return {
    context: JSON.parse(JSON.stringify({ ...context, data: answer.json })),
    url: `${ORIGIN}${t.config.base}/${slug}`,
  };
}

describe('renderMain: the listing a crawler reads without running a script', () => {
  it('holds the heading, the count, every product with its link, name and price, breadcrumbs, page links, related pages, SEO text and JSON-LD', async () => {
    const { context, url } = listing('northwind');
    const { html, head } = await renderMain(context, { url, assetBase: '/aisle/' });
    const main = parsed(html);
    const data = context.data;
    expect(main.querySelector('h1')?.textContent).toBe(data.h1_header);
    expect(main.querySelector('[data-aisle="item-count"]')?.textContent).toMatch(/items/);
    const cards = main.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]');
    expect(cards.length).toBe(data.products.length);
    for (const [i, product] of data.products.entries()) {
      const card = cards[i]!;
      expect(card.getAttribute('data-product-id')).toBe(product.product_id);
      expect(card.querySelector('a.aisle-card__link')?.getAttribute('href')).toBe(product.url);
      expect(card.querySelector('.aisle-card__title')?.textContent).toBe(product.title);
      expect(card.querySelector('.aisle-card__price')?.textContent).toMatch(/\$\d/);
    }
    expect(main.querySelectorAll('[data-aisle="breadcrumbs"]')).toHaveLength(2);
    const pages = [...main.querySelectorAll('.aisle-pagination a[href]')].map((a) => a.getAttribute('href'));
    expect(pages).toContain(`/northwind/${url.split('/').pop()}?pageNumber=2`);
    expect(main.querySelectorAll('[data-aisle="related"] a[href]').length).toBeGreaterThan(0);
    expect(main.querySelector('[data-aisle="seo"]')?.textContent).toContain(
      data.description.replace(/<[^>]+>/g, '').slice(0, 20),
    );
    const ld = [...main.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));
    expect(ld.flat().map((node: { '@type': string }) => node['@type'])).toEqual(['ItemList', 'BreadcrumbList']);
    expect(head).toBe('<link rel="stylesheet" href="/aisle/aisle.css" data-aisle-css="">');
  });

  it('escapes every text and attribute, and sanitises the SEO text', async () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const data = {
      ...fakeResponse(),
      h1_header: hostile,
      products: [fakeProduct(hostile, 3, { title: hostile, brand: hostile, url: 'javascript:alert(3)' })],
      description: `<p>Fine</p><script>alert(4)</script><a href="javascript:alert(5)">x</a>`,
      related_pages: [{ title: hostile, href: 'javascript:alert(6)' }],
    };
    const { html } = await renderMain(
      { config: { id: 'maple', base: '/maple' }, data, additional: {} },
      { url: `${ORIGIN}/maple/x` },
    );
    const main = parsed(html);
    // Read back as a browser does: the hostile text is text, not elements or handlers.
    expect([...main.querySelectorAll('script')].map((s) => s.getAttribute('type'))).toEqual(['application/ld+json']);
    expect(main.querySelectorAll('img[src="x"], [onerror]')).toHaveLength(0);
    expect([...main.querySelectorAll('[href]')].map((a) => a.getAttribute('href'))).not.toContainEqual(
      expect.stringMatching(/^javascript:/),
    );
    expect(main.querySelector('h1')?.textContent).toBe(hostile);
    expect(main.querySelector('[data-aisle="product"]')?.getAttribute('data-product-id')).toBe(hostile);
    expect(main.querySelector('.aisle-card__link')?.hasAttribute('href')).toBe(false);
    expect(main.querySelector('[data-aisle="seo"]')?.innerHTML).toBe('<p>Fine</p><a>x</a>');
  });

  it('draws the French page of a Canadian tenant in French, with the locale on its links', async () => {
    const { context, url } = listing('prairie', 'fr');
    const main = parsed((await renderMain(context, { url: `${url}?locale=fr_CA` })).html);
    expect(main.querySelector('.aisle-root')?.getAttribute('lang')).toBe('fr');
    expect(main.querySelector('[data-aisle="all-filters"]')?.textContent).toContain('Tous les filtres');
    expect(main.querySelector('[data-aisle="breadcrumbs"] a')?.getAttribute('href')).toBe('/prairie/?locale=fr_CA');
    const products = [...main.querySelectorAll('[data-aisle="grid"] a[href]')].map((a) => a.getAttribute('href'));
    expect(products.length).toBeGreaterThan(0);
    expect(products.filter((href) => !href!.endsWith('?locale=fr_CA'))).toEqual([]);
    const ld = main.querySelector('script[type="application/ld+json"]')!.textContent!;
    expect(new Set(ld.match(/"priceCurrency":"[A-Z]+"/g))).toEqual(new Set(['"priceCurrency":"CAD"']));
  });

  it('writes the same JSON-LD and the same product links as the app', async () => {
    const { context, url } = listing('prairie', 'fr');
    const main = parsed((await renderMain(context, { url })).html);
    const app = await renderAisle(context, { href: url });
    try {
      await vi.waitFor(() => expect(app.container.querySelector('script[type="application/ld+json"]')).not.toBeNull());
      const jsonLd = (root: ParentNode) => root.querySelector('script[type="application/ld+json"]')!.textContent;
      expect(jsonLd(app.container)).toBe(jsonLd(main));
      const links = (root: ParentNode) =>
        [...root.querySelectorAll('[data-aisle="grid"] a.aisle-card__link')].map((a) => a.getAttribute('href'));
      expect(links(app.container)).toEqual(links(main));
    } finally {
      app.unmount();
    }
  });

  it('draws the sitemap: heading, letters and sections of links', async () => {
    const t = tenant('prairie');
    const context = { ...demoContext(t, ORIGIN, 'en'), data: sitemapFor(t.demo.vertical, t.config.base, '', 'en') };
    const main = parsed(
      (await renderMain(JSON.parse(JSON.stringify(context)), { url: `${ORIGIN}/prairie/vsm/` })).html,
    );
    expect(main.querySelector('[data-aisle="vsm"] h1')?.textContent).toBe('Popular Categories');
    expect(main.querySelectorAll('[data-aisle="vsm-letters"] li').length).toBe(14);
    const links = main.querySelectorAll('[data-aisle="vsm-section"] a[href]');
    expect(links.length).toBe(context.data!.links.length);
  });

  it('draws the not-found view with the server HTML sanitised, and nothing else', async () => {
    const data = {
      ...fakeResponse(),
      pageNotFound: true,
      notFoundHtmlElement: '<h2>Gone</h2><p onclick="x()">Try <a href="/maple/">home</a></p><script>alert(1)</script>',
    };
    const main = parsed(
      (await renderMain({ config: { id: 'maple', base: '/maple' }, data }, { url: `${ORIGIN}/maple/x` })).html,
    );
    expect(main.querySelector('[data-aisle="not-found"]')?.innerHTML).toBe(
      '<h2>Gone</h2><p>Try <a href="/maple/">home</a></p>',
    );
    expect(main.querySelector('[data-aisle="grid"]')).toBeNull();
  });

  it('refuses an unusable context with an error that names the problem, and draws nothing for a context without data', async () => {
    await expect(renderMain('not json')).rejects.toThrow(/not valid JSON/);
    await expect(renderMain({ config: {} })).rejects.toThrow(/no id/);
    expect(await renderMain({ config: { id: 'maple' } })).toEqual({ html: '', head: '' });
  });

  it('draws for the width it is told: the sort is a select on a phone, a dropdown on a desktop', async () => {
    const { context, url } = listing('northwind');
    const phone = parsed((await renderMain(context, { url, viewportWidth: 390 })).html);
    const desktop = parsed((await renderMain(context, { url })).html);
    expect(phone.querySelector('[data-aisle="sort"] select')).not.toBeNull();
    expect(desktop.querySelector('[data-aisle="sort"] select')).toBeNull();
    expect(phone.querySelector('.aisle-mount')?.getAttribute('data-aisle-width')).toBe('390');
  });
});
