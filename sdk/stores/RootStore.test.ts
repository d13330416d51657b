import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RenderContext, SitemapData } from '../core/types.js';
import { RootStore, type Visit } from './RootStore.js';
import { fakeEnv, fakeResponse, type FakeEnv } from '../testing/stores.js';

configure({ enforceActions: 'always' });

const config = {
  id: 'maple',
  base: '/maple',
  prodUrl: 'https://maple.example',
  defaultPageSize: 24,
  infiniteLoading: false,
  proxySearch: false,
  searchRouterReplaceState: false,
  searchHost: 'http://search.test',
};
const sitemap: SitemapData = {
  url: '/maple/vsm/',
  title: 'Apparel',
  links: [{ title: 'Boots', url: '/maple/boots' }],
  subcategories: [],
  breadcrumbs: [],
};
const dlpContext = (h1 = 'Dresses'): RenderContext => ({
  config,
  environment: 'development',
  data: { ...fakeResponse(), h1_header: h1 },
  additional: { locale: 'en' },
});
const vsmContext: RenderContext = { config, environment: 'development', data: sitemap, additional: { locale: 'en' } };

let env: FakeEnv;
beforeEach(() => {
  env = fakeEnv('http://shop.test/maple/vsm/');
  env.pages.set('http://shop.test/maple/boots', { context: dlpContext('Boots'), head: { title: 'Boots | Maple' } });
  env.pages.set('http://shop.test/maple/vsm/', { context: vsmContext, head: { title: 'Popular | Maple' } });
});
afterEach(() => vi.useRealTimers());

describe('navigation between screens (routes)', () => {
  it('shows the sitemap on /vsm/ and a DLP on /{page}', () => {
    const root = new RootStore(env, vsmContext, 1280);
    expect(root.route).toEqual({ screen: 'vsm', page: '' });
    expect(root.sitemap).toBe(sitemap);
  });

  it('follows a sitemap link in place: new screen, head tags, history entry and a visit', async () => {
    const root = new RootStore(env, vsmContext, 1280);
    const visits: Visit[] = [];
    root.onVisit((v) => visits.push(v));
    expect(await root.navigate('/maple/boots')).toBe(true);
    expect(root.route).toEqual({ screen: 'dlp', page: 'boots' });
    expect(root.sitemap).toBeNull();
    expect(root.dlp.data?.h1_header).toBe('Boots');
    expect(env.history).toEqual([{ url: '/maple/boots', mode: 'push' }]);
    expect(env.heads).toEqual([{ title: 'Boots | Maple' }]);
    expect(visits).toEqual([
      { routeName: 'vsm', url: 'http://shop.test/maple/vsm/', redirectedFrom: null },
      { routeName: 'dlp', url: 'http://shop.test/maple/boots', redirectedFrom: '/maple/vsm/' },
    ]);
    expect(env.navigations).toEqual([]);
  });

  it('back restores the previous screen without a new history entry', async () => {
    const root = new RootStore(env, vsmContext, 1280);
    await root.navigate('/maple/boots');
    env.url.href = 'http://shop.test/maple/vsm/';
    root.onPopState();
    await vi.waitFor(() => expect(root.route.screen).toBe('vsm'));
    expect(env.history).toHaveLength(1);
  });

  it('leaves the browser to load pages it cannot show in place', async () => {
    const root = new RootStore(env, vsmContext, 1280);
    expect(await root.navigate('/maple/p/ap-000001')).toBe(false);
    expect(await root.navigate('https://elsewhere.example/maple/boots')).toBe(false);
    expect(await root.navigate('/maple/unreadable')).toBe(false);
    env.pages.set('http://shop.test/maple/other-tenant', {
      context: { ...dlpContext(), config: { ...config, id: 'other' } },
      head: null,
    });
    expect(await root.navigate('/maple/other-tenant')).toBe(false);
    expect(env.navigations).toEqual([
      'http://shop.test/maple/p/ap-000001',
      'https://elsewhere.example/maple/boots',
      'http://shop.test/maple/unreadable',
      'http://shop.test/maple/other-tenant',
    ]);
    expect(root.route.screen).toBe('vsm');
  });

  it('a newer navigation wins over a slower one', async () => {
    const root = new RootStore(env, vsmContext, 1280);
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const load = env.host.loadPage;
    env.host.loadPage = async (url) => {
      if (url.endsWith('/slow')) await slow;
      return load(url);
    };
    env.pages.set('http://shop.test/maple/slow', { context: dlpContext('Slow'), head: null });
    const first = root.navigate('/maple/slow');
    await root.navigate('/maple/boots');
    release();
    expect(await first).toBe(false);
    expect(root.dlp.data?.h1_header).toBe('Boots');
  });

  it('only a query change on the same path reloads the listing', async () => {
    env.url.href = 'http://shop.test/maple/boots';
    const root = new RootStore(env, dlpContext('Boots'), 1280);
    await root.navigate('/maple/boots?sort=price_asc');
    await vi.waitFor(() => expect(env.requests).toHaveLength(1));
    expect(root.route.page).toBe('boots');
  });
});

describe('a page named by the context', () => {
  it('additional.page names the DLP page when the address cannot', () => {
    env.url.href = 'http://retailer.example/plain/shop';
    const root = new RootStore(env, { ...dlpContext(), additional: { page: 'rain-jackets' } }, 1280);
    expect(root.route).toEqual({ screen: 'dlp', page: 'rain-jackets' });
  });
});

describe('a page that comes without data', () => {
  const bare = (context: RenderContext): RenderContext => {
    const { data: _data, ...rest } = context;
    return rest;
  };

  it('moves in place to a sitemap page by fetching its sitemap, showing the loading state meanwhile', async () => {
    env = fakeEnv('http://shop.test/maple/boots');
    env.pages.set('http://shop.test/maple/vsm/women', { context: bare(vsmContext), head: null });
    let answer: (reply: { status: number; json: unknown }) => void = () => undefined;
    env.reply(() => new Promise((resolve) => (answer = resolve)));
    const root = new RootStore(env, dlpContext('Boots'), 1280);
    expect(await root.navigate('/maple/vsm/women')).toBe(true);
    expect(root.route).toEqual({ screen: 'vsm', page: 'women' });
    expect(root.sitemapLoading).toBe(true);
    expect(env.requests.map((r) => r.url)).toEqual(['http://search.test/sitemap']);
    answer({ status: 200, json: sitemap });
    await vi.waitFor(() => expect(root.sitemap).toEqual(sitemap));
    expect(root.sitemapLoading).toBe(false);
    expect(env.navigations).toEqual([]);
  });

  it('lets the browser load a page moved to in place whose data cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    env.pages.set('http://shop.test/maple/boots', { context: bare(dlpContext('Boots')), head: null });
    env.reply(() => new TypeError('Failed to fetch'));
    const root = new RootStore(env, vsmContext, 1280);
    expect(await root.navigate('/maple/boots')).toBe(true);
    await vi.waitFor(() => expect(env.navigations).toEqual(['http://shop.test/maple/boots']));
  });

  it('reports why a first search failed', async () => {
    env = fakeEnv('http://shop.test/maple/boots');
    env.reply(() => ({ status: 502, json: {} }));
    const root = new RootStore(env, bare(dlpContext()), 1280);
    expect(await root.loadScreen()).toEqual({
      url: 'http://search.test/search',
      reason: 'the search answered HTTP 502',
    });
    env.reply(() => ({ status: 200, json: fakeResponse() }));
    expect(await root.loadScreen()).toBeNull();
    expect(root.hasScreen).toBe(true);
  });
});
