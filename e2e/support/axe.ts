import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A violation as the tests report it: rule, impact and the offending nodes. */
export interface Violation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** Runs axe-core (WCAG 2.1 AA and best practices) on Aisle's part of the page. */
export async function axeViolations(page: Page, include = '.aisle-mount'): Promise<Violation[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: unknown,
            o: unknown,
          ) => Promise<{
            violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(
      { include: [selector] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } },
    );
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, include);
}
