import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Violation } from './axe.js';
import type { EnginePage } from './drivers/index.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core (WCAG 2.1 AA and best practices, as support/axe.ts) on Aisle's part of the page, in any
 * engine: the source goes in through the driver's evaluate, since only Playwright can add a script tag.
 */
export async function axeViolationsIn(page: EnginePage, include = '.aisle-mount'): Promise<Violation[]> {
  await page.evaluate((source) => {
    // Indirect eval: axe defines its global as a script would.
    if (!(window as unknown as { axe?: unknown }).axe) (0, eval)(source);
  }, axeSource);
  return page.evaluate(async (selector) => {
    type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> };
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<Result> } }).axe;
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
