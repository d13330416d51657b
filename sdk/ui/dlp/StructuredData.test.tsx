// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as structured from '../../core/structuredData.js';
import { fakeResponse } from '../../testing/stores.js';
import { FakeIntersectionObserver, renderAisle, testContext, type Rendered } from '../../testing/ui.js';

vi.mock(import('../../core/structuredData.js'), async (original) => {
  const actual = await original();
  return { ...actual, listingJsonLd: vi.fn(actual.listingJsonLd) };
});

describe('StructuredData', () => {
  let page: Rendered | null = null;
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    page?.unmount();
    page = null;
    vi.unstubAllGlobals();
  });

  it('does not build the JSON-LD again when a click changes the state but not the results on show', async () => {
    page = await renderAisle(testContext({}, { data: fakeResponse() }));
    await vi.waitFor(() =>
      expect(page!.container.querySelector('[data-aisle="structured-data"] script')).not.toBeNull(),
    );
    const build = vi.mocked(structured.listingJsonLd);
    const before = build.mock.calls.length;
    // The reply never comes: the response on show stays the same while the sort and loading flags change.
    page.env.reply(() => new Promise(() => {}));
    act(() => page!.store.dlp.setSort('price_asc'));
    expect(page.store.search.loading).toBe(true);
    expect(build.mock.calls.length).toBe(before);
  });

  it('builds the JSON-LD for a new response', async () => {
    page = await renderAisle(testContext({}, { data: fakeResponse() }));
    await vi.waitFor(() =>
      expect(page!.container.querySelector('[data-aisle="structured-data"] script')).not.toBeNull(),
    );
    const build = vi.mocked(structured.listingJsonLd);
    const before = build.mock.calls.length;
    act(() => page!.store.dlp.setSort('price_asc'));
    await page.settle();
    expect(build.mock.calls.length).toBeGreaterThan(before);
  });
});
