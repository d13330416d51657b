import type { Locator, Page } from 'playwright-core';

/**
 * Clicks `target` as a shopper's pointer would: the raw mouse at its centre. Playwright's own click
 * checks that the pointer lands on the target from listeners it adds to the page, which run inside
 * the very events a benchmark measures (querying the elements under the pointer) and which no
 * shopper's browser has. The same check is made here, before the click.
 */
export async function shopperClick(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the click target is not shown');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const hit = await target.evaluate((element, { x, y }) => {
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === element || element.contains(top));
  }, point);
  if (!hit) throw new Error('something covers the click target');
  await page.mouse.click(point.x, point.y);
}
