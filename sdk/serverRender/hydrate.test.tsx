// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../fixtures/catalogue/index.js';
import { loadTenants, type TenantFixture } from '../../fixtures/tenants/index.js';
import { demoContext } from '../../server/demo/tenant-pages.js';
import { handleSearch } from '../../server/search/index.js';
import { loadMessages } from '../core/messages.js';
import { readRenderContext } from '../core/normalize.js';
import { buildSearchRequest } from '../core/searchRequest.js';
import { defaultUrlState } from '../core/urlState.js';
import { RootStore } from '../stores/RootStore.js';
import { fakeEnv } from '../testing/stores.js';
import { GuardedAisleRoot } from '../ui/AisleRoot.js';
import { BROWSER_ONLY } from '../views/ids.js';
import { renderMain } from './render.js';

const ORIGIN = 'http://shop.test';

/** The render context and address the demo stack gives a tenant's first category, as a retailer's server has them. */
function page(tenant: TenantFixture, locale: 'en' | 'fr'): { raw: unknown; href: string } {
  const context = demoContext(tenant, ORIGIN, locale);
  const slug = loadCatalogue().categoriesFor(tenant.demo.vertical)[0]!.slug;
  const state = defaultUrlState({ pageSize: tenant.config.defaultPageSize ?? 24 });
  const answer = handleSearch(buildSearchRequest(context, state, slug), { tenants: [tenant] });
  if (answer.status !== 200) throw new Error(`no listing for ${tenant.config.id}`);
  return {
    raw: JSON.parse(JSON.stringify({ ...context, data: answer.json })),
    href: `${ORIGIN}${tenant.config.base}/${slug}${locale === 'fr' ? '?locale=fr_CA' : ''}`,
  };
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/**
 * The server's markup for `raw` in a page, adopted by the app's React tree as the embed adopts it
 * (hydration, at the width the server drew for); what React said about it, and the cards before and after.
 */
async function adopt(raw: unknown, href: string, width: number) {
  const { html } = await renderMain(raw, { url: href, viewportWidth: width });
  document.body.innerHTML = `<main>${html}</main>`;
  const container = document.querySelector<HTMLElement>('main > .aisle-mount')!;
  const before = [...container.querySelectorAll('[data-aisle="product"]')];
  const read = readRenderContext(raw);
  if (!read.ok) throw new Error(read.error);
  await loadMessages(read.context.additional.locale === 'fr' ? 'fr' : 'en');
  const store = new RootStore(fakeEnv(href), read.context, width);
  store.serverMarkup = true;
  const recovered: unknown[] = [];
  // React's development build names every difference it finds while adopting, attributes included.
  const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  act(() => {
    root = hydrateRoot(container, <GuardedAisleRoot store={store} />, {
      // As the app does (sdk/takeOver.ts): a part the server left to the browser on purpose is no mismatch.
      onRecoverableError: (e, info) => (info as { digest?: string }).digest !== BROWSER_ONLY && recovered.push(e),
    });
  });
  for (let i = 0; i < 6; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const complaints = said.mock.calls
    .map((call) => call.map(String).join(' '))
    .filter((text) => !/not wrapped in act|not configured to support act/.test(text));
  return { recovered, complaints, before, after: [...container.querySelectorAll('[data-aisle="product"]')], container };
}

const listings = loadTenants().flatMap((tenant) =>
  tenant.demo.locales.map((locale) => [`${tenant.config.id} (${locale})`, tenant, locale] as const),
);

describe('the app adopts the server render of every demo tenant without drawing it again', () => {
  it.each(listings)('%s, at a phone, a tablet and a desktop width', async (_name, tenant, locale) => {
    const { raw, href } = page(tenant, locale);
    for (const width of [375, 900, 1280]) {
      const adopted = await adopt(raw, href, width);
      expect(adopted.recovered, `${width}px`).toEqual([]);
      expect(adopted.complaints, `${width}px`).toEqual([]);
      expect(adopted.before.length, `${width}px`).toBeGreaterThan(0);
      // The same elements, not copies: nothing was drawn again.
      expect(adopted.after.length).toBe(adopted.before.length);
      expect(
        adopted.after.every((card, i) => card === adopted.before[i]),
        `${width}px`,
      ).toBe(true);
      act(() => root?.unmount());
      root = null;
    }
  });

  it('adopts a listing opened with filters and a page in its address (chips and all)', async () => {
    const northwind = loadTenants().find((t) => t.config.id === 'northwind')!;
    const { raw } = page(northwind, 'en');
    const data = (raw as { data: { filters: Array<{ key: string; options: Array<{ key: string }> }> } }).data;
    const color = data.filters.find((f) => f.key === 'color')!;
    const brand = data.filters.find((f) => f.key === 'brand')!;
    const href = `${ORIGIN}/northwind/x?filters=color~${color.options[0]!.key}&filters=brand~${encodeURIComponent(brand.options[0]!.key)}&pageNumber=2`;
    const adopted = await adopt(raw, href, 1280);
    expect(adopted.container.querySelectorAll('[data-aisle="chips"] li')).toHaveLength(2);
    expect(adopted.container.querySelector('[data-aisle="clear-filters"]')).not.toBeNull();
    expect(adopted.recovered).toEqual([]);
    expect(adopted.complaints).toEqual([]);
    expect(adopted.after.every((card, i) => card === adopted.before[i])).toBe(true);
  });
});
