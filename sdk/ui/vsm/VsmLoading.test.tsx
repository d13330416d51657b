// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAisle, testContext, type Rendered } from '../../testing/ui.js';

let page: Rendered | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
});

describe('a sitemap page reached in place without data', () => {
  it('shows the sitemap heading and a loading placeholder, then the sitemap, with no product search', async () => {
    const sitemap = { url: '/maple/vsm/women', title: 'Women', links: [{ title: 'Boots', url: '/maple/boots' }] };
    page = await renderAisle(testContext());
    const { env, store } = page;
    const { data: _data, ...bare } = testContext();
    env.pages.set('http://shop.test/maple/vsm/women', { context: bare, head: null });
    let answer: (reply: { status: number; json: unknown }) => void = () => undefined;
    env.reply(() => new Promise((resolve) => (answer = resolve)));
    await act(async () => {
      await store.navigate('/maple/vsm/women');
    });
    const placeholder = page.container.querySelector('.aisle-vsm--loading');
    expect(placeholder?.querySelector('h1')?.textContent).toBe('Popular Categories');
    expect(placeholder?.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Loading…');
    expect(page.container.querySelector('[data-aisle="grid"]')).toBeNull();
    expect(env.requests.map((r) => r.url)).toEqual(['http://search.test/sitemap']);
    await act(async () => answer({ status: 200, json: sitemap }));
    await vi.waitFor(() => expect(page!.container.querySelector('[data-aisle="vsm"]')).not.toBeNull());
    expect(page.container.querySelector('.aisle-vsm--loading')).toBeNull();
    expect(page.container.textContent).toContain('Boots');
  });
});
