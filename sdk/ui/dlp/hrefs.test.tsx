// @vitest-environment happy-dom
import { configure } from 'mobx';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hostileUrls, isWebHref, PWN } from '../../../fixtures/hostile/urls.js';
import { hostileResponse } from '../../../fixtures/hostile/index.js';
import { normalizeSearchResponse, readRenderContext } from '../../core/normalize.js';
import type { RenderContext } from '../../core/types.js';
import { fakeProduct, fakeResponse } from '../../testing/stores.js';
import { FakeIntersectionObserver, renderAisle, testContext, type Rendered } from '../../testing/ui.js';

configure({ enforceActions: 'always' });
let page: Rendered | undefined;
const $ = (selector: string) => page!.container.querySelector<HTMLElement>(selector);
const $$ = (selector: string) => [...page!.container.querySelectorAll<HTMLElement>(selector)];
const hrefs = (selector: string) => $$(`${selector} a`).map((a) => a.getAttribute('href'));
const unsafe = (list: Array<string | null>) => list.filter((href) => !isWebHref(href));
// Related Items and the bottom crumbs arrive with the lazy below-the-fold chunk.
const belowFold = () => vi.waitFor(() => expect($('[data-aisle="seo"][data-aisle-ready]')).not.toBeNull());

// French in Canada adds `?locale=fr_CA`, which is how a `…//` payload used to comment out the rest.
const frenchCanada = (config: Partial<RenderContext['config']> = {}, data = fakeResponse()) =>
  testContext({ region: 'ca', ...config }, { data, additional: { region: 'ca', locale: 'fr' } });

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

describe('every href Aisle renders leads to a web page', () => {
  it('related pages: no entry of the hostile corpus becomes a non-http link, with the fr_CA suffix', async () => {
    const data = fakeResponse();
    data.related_pages = hostileUrls.map((href, i) => ({ title: `Page ${i}`, href }));
    page = await renderAisle(frenchCanada({}, data));
    await belowFold();
    act(() => $('[data-aisle="related"] button')!.click());
    const links = hrefs('[data-aisle="related"]');
    expect(links).toHaveLength(hostileUrls.length);
    expect(unsafe(links)).toEqual([]);
  });

  it('related pages: slash- and space-led script payloads are never script links', async () => {
    const data = fakeResponse();
    const payloads = [
      `/javascript:${PWN}//`,
      ` javascript:${PWN}//`,
      `\u0001javascript:${PWN}//`,
      `java\tscript:${PWN}`,
    ];
    data.related_pages = payloads.map((href, i) => ({ title: `Page ${i}`, href }));
    page = await renderAisle(frenchCanada({}, data));
    await belowFold();
    expect(
      hrefs('[data-aisle="related"]').filter((href) => /script:/i.test(new URL(href!, 'https://x.example').protocol)),
    ).toEqual([]);
    expect(unsafe(hrefs('[data-aisle="related"]'))).toEqual([]);
  });

  it('related pages: an unbuildable link logs the error and gets an empty URL', async () => {
    const data = fakeResponse();
    data.related_pages = [
      { title: 'Script', href: `\tjavascript:${PWN}` },
      { title: 'Boots', href: '  boots  ' },
    ];
    page = await renderAisle(frenchCanada({}, data));
    await belowFold();
    expect(hrefs('[data-aisle="related"]')).toEqual(['', '/maple/boots?locale=fr_CA']);
    expect(page.env.lines.error.filter((l) => l.includes('related link URL cannot be built'))).toHaveLength(1);
  });

  it('breadcrumbs: a script base from the render context makes neither Home crumb executable', async () => {
    const base = `javascript:${PWN};/1`;
    page = await renderAisle(frenchCanada({ base }));
    await belowFold();
    expect($$('[data-aisle="breadcrumbs"]')).toHaveLength(2);
    expect(unsafe(hrefs('[data-aisle="breadcrumbs"]'))).toEqual([]);
    // The crumbs stay, as text.
    expect($$('[data-aisle="breadcrumbs"] li:first-child')[0]!.textContent).toBe('Accueil');
  });

  it('breadcrumbs: a script base read through the render context becomes the site root', async () => {
    const read = readRenderContext({
      ...frenchCanada(),
      config: { ...frenchCanada().config, base: `javascript:${PWN};/1` },
    });
    if (!read.ok) throw new Error(read.error);
    expect(read.context.config.base).toBe('');
    page = await renderAisle(read.context, { href: 'http://shop.test/dresses' });
    await belowFold();
    expect(hrefs('[data-aisle="breadcrumbs"]')).toEqual([
      '/?locale=fr_CA',
      '/vsm/?locale=fr_CA',
      '/?locale=fr_CA',
      '/vsm/?locale=fr_CA',
    ]);
  });

  it('product cards and their "+N" link: hostile product URLs render without a script href', async () => {
    const data = fakeResponse({ shown: 0, filtered: 0 });
    data.products = hostileUrls.map((url, i) => fakeProduct(`evil-${i}`, 12, { url }));
    data.payload = { total: data.products.length, filtered: data.products.length, shown: data.products.length };
    // Swatches and their "+N" link show outside the ca region.
    page = await renderAisle(testContext({ defaultPageSize: 200 }, { data }), { width: 375 });
    const links = hrefs('[data-aisle="grid"]');
    expect($$('[data-aisle="grid"] .aisle-card__more').length).toBeGreaterThan(0);
    expect(links.length).toBeGreaterThanOrEqual(hostileUrls.length);
    expect(unsafe(links)).toEqual([]);
  });
});

describe('a whole hostile response', () => {
  it('renders no anchor anywhere whose href is not http(s)', async () => {
    const data = normalizeSearchResponse(hostileResponse());
    if (!data) throw new Error('the hostile response should normalise');
    page = await renderAisle(frenchCanada({}, data));
    await belowFold();
    const all = $$('a').map((a) => a.getAttribute('href'));
    expect(all.length).toBeGreaterThan(5);
    expect(unsafe(all)).toEqual([]);
  });
});
