// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAisle, testContext, type Rendered } from '../../testing/ui.js';

let page: Rendered | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
});

/** Moves in place to a listing page whose context has no data, and holds its search. */
async function loadingListing(width?: number): Promise<Element> {
  page = await renderAisle(testContext(), width === undefined ? {} : { width });
  const { env, store } = page;
  const { data: _data, ...bare } = testContext();
  env.pages.set('http://shop.test/maple/womens-boots', { context: bare, head: null });
  env.reply(() => new Promise(() => undefined));
  await act(async () => {
    await store.navigate('/maple/womens-boots');
  });
  const skeleton = page.container.querySelector('.aisle-skeleton');
  expect(skeleton).not.toBeNull();
  return skeleton!;
}

describe('the loading state of a listing without data', () => {
  it('has the blocks of the page it becomes: crumbs, heading, count, filter and sort row, cards with text lines', async () => {
    const skeleton = await loadingListing();
    expect(skeleton.getAttribute('role')).toBe('status');
    expect(skeleton.getAttribute('aria-label')).toBe('Loading…');
    const blocks = [...skeleton.firstElementChild!.children].map((e) => e.className.split(' ')[0]);
    expect(blocks).toEqual(['aisle-breadcrumbs', 'aisle-h1', 'aisle-toolbar', 'aisle-grid']);
    const card = skeleton.querySelector('.aisle-grid > .aisle-card')!;
    expect([...card.children].map((e) => e.className.split(' ')[0])).toEqual([
      'aisle-card__media',
      'aisle-card__brand',
      'aisle-card__title',
      'aisle-card__price',
      'aisle-card__rating',
      'aisle-skeleton__swatches',
    ]);
    expect(skeleton.querySelector('.aisle-sort')).not.toBeNull();
    expect(page!.container.querySelector('[data-aisle="grid"]')).toBeNull();
  });

  it('leaves the heading out on a phone, where the real heading takes no room', async () => {
    const skeleton = await loadingListing(375);
    expect(skeleton.querySelector('.aisle-h1')).toBeNull();
    expect(skeleton.querySelector('.aisle-toolbar')).not.toBeNull();
  });
});
