import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { Violation } from './axe.js';

/** The analytics service's fault injection and reset (local stack only). */
export function analyticsControls(baseUrl: string) {
  const control = `${baseUrl}/analytics/__control`;
  return {
    reset: async (): Promise<void> => {
      await fetch(`${control}/reset`, { method: 'POST' });
      await fetch(`${control}/faults`, { method: 'DELETE' });
    },
    clearFaults: async (): Promise<void> => void (await fetch(`${control}/faults`, { method: 'DELETE' })),
    fault: async (fault: Record<string, unknown>): Promise<void> => {
      const response = await fetch(`${control}/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
      if (response.status !== 201) throw new Error(`fault refused: ${response.status}`);
    },
  };
}

/** What the inspector's table shows, row by row (id, event, state as shown). */
export function tableRows(panel: Page): Promise<Array<{ id: string; event: string; state: string; text: string }>> {
  return panel.$$eval('[data-testid="event"]', (rows) =>
    rows.map((row) => ({
      id: (row as HTMLElement).dataset.id ?? '',
      event: (row as HTMLElement).dataset.event ?? '',
      state: (row as HTMLElement).dataset.shownState ?? '',
      text: row.textContent ?? '',
    })),
  );
}

/** Waits until the inspector shows a row matching `selector` (added to `[data-testid="event"]`). */
export async function waitForRow(panel: Page, selector: string, timeout = 30_000): Promise<void> {
  await panel.locator(`[data-testid="event"]${selector}`).first().waitFor({ timeout });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core (WCAG 2.1 AA and best practices) on an extension page, whose CSP refuses the script tag
 * support/axe.ts adds: the source is evaluated over the DevTools protocol instead.
 */
export async function axeOnExtensionPage(page: Page, include: string): Promise<Violation[]> {
  await page.evaluate(axeSource);
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
