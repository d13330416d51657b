// @vitest-environment happy-dom
import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hostileUrls, isWebHref, PWN } from '../../../fixtures/hostile/urls.js';
import type { SitemapData, SitemapLink } from '../../core/types.js';
import { FakeIntersectionObserver, renderAisle, testContext, type Rendered } from '../../testing/ui.js';

configure({ enforceActions: 'always' });
let page: Rendered | undefined;
const hrefs = (selector: string) =>
  [...page!.container.querySelectorAll(`${selector} a`)].map((a) => a.getAttribute('href'));

// Titles start with a letter so every link lands in a section as well as in the crumbs and subcategories.
const links = (prefix: string): SitemapLink[] => hostileUrls.map((url, i) => ({ title: `${prefix} ${i}`, url }));

async function renderSitemap(data: SitemapData): Promise<Rendered> {
  const context = testContext({ region: 'ca' }, { data, additional: { region: 'ca', locale: 'fr' } });
  const rendered = await renderAisle(context, { href: 'http://shop.test/maple/vsm/' });
  // The sitemap is a lazy chunk.
  await vi.waitFor(() => expect(rendered.container.querySelector('[data-aisle="vsm"]')).not.toBeNull());
  return rendered;
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

describe('sitemap links lead to web pages', () => {
  it('no hostile URL becomes a non-http link in the crumbs, subcategories or sections, with the fr_CA suffix', async () => {
    page = await renderSitemap({
      url: '/maple/vsm/',
      title: 'Apparel',
      links: links('Link'),
      subcategories: links('Sub'),
      breadcrumbs: [...links('Crumb'), { title: 'Here', url: '/maple/vsm/' }],
    });
    const all = hrefs('[data-aisle="vsm"]');
    expect(all.length).toBeGreaterThanOrEqual(hostileUrls.length * 3);
    expect(all.filter((href) => !isWebHref(href))).toEqual([]);
  });

  it('a refused link renders without href, never as a link to the current page', async () => {
    page = await renderSitemap({
      url: '/maple/vsm/',
      title: 'Apparel',
      links: [
        { title: 'Boots', url: '/maple/boots' },
        { title: 'Script', url: `javascript:${PWN}//` },
      ],
      subcategories: [],
      breadcrumbs: [],
    });
    const anchors = [...page.container.querySelectorAll('[data-aisle="vsm-section"] a')];
    expect(anchors.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Boots', '/maple/boots?locale=fr_CA'],
      ['Script', null],
    ]);
  });
});
