import type { Page } from 'playwright-core';

/** Collects uncaught page errors and console errors so a test can assert there were none. */
export function watchErrors(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { errors };
}
