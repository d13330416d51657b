import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * The journeys run against two backends: our rich engine (option counts, swatches, extras) and a
 * strict one that sends only the documented fields, as a retailer's real search service does.
 * Both sell the apparel catalogue, so the same pages and filters exist on each.
 */
export interface BackendCase {
  backend: 'rich' | 'strict';
  /** A tenant with infinite scroll. */
  infinite: string;
  /** A tenant with pagination (its sort journey). */
  paged: string;
  /** A paged page with at least two pages. */
  pagedListing: string;
}

export const BACKENDS: readonly BackendCase[] = [
  { backend: 'rich', infinite: '/maple', paged: '/northwind', pagedListing: '/summit/running-shorts' },
  { backend: 'strict', infinite: '/driftwood', paged: '/cedar', pagedListing: '/cedar/mens-rain-jackets' },
];

/**
 * What a strict backend must never make the filters show: a "(0)" or an empty "()" next to an
 * option (counts it never sent), or an option that cannot be picked.
 */
export async function optionProblems(page: Page, scope: string): Promise<string[]> {
  return page.$$eval(scope, (roots) =>
    roots.flatMap((root) => {
      const problems: string[] = [];
      const text = root.textContent ?? '';
      if (text.includes('(0)')) problems.push(`"(0)" in: ${text.slice(0, 120)}`);
      if (/\(\s*\)/.test(text)) problems.push(`empty brackets in: ${text.slice(0, 120)}`);
      for (const control of root.querySelectorAll('button:disabled, input:disabled'))
        problems.push(`disabled: ${(control.closest('li') ?? control).textContent?.trim() || 'control'}`);
      return problems;
    }),
  );
}

/** Asserts the strict-backend rule on every element matching `scope`, once one has appeared. */
export async function expectStrictOptions(page: Page, scope: string): Promise<void> {
  // Panels are loaded on demand: wait for one, with its options, before reading them.
  await page.locator(`${scope} li`).first().waitFor();
  expect(await optionProblems(page, scope)).toEqual([]);
}
