/** What Chromium's journeys hold back or fill up, to meet the first paint alone or a full storage. */
import type { Page } from 'playwright-core';

/**
 * The origin's localStorage as it behaves when full: a write that would grow what is stored (a new key,
 * a longer value) is refused with the browser's QuotaExceededError; one that shrinks it goes through.
 * Runs in the page (as an init script).
 */
export function fullStorage(): void {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    const old = this.getItem(key);
    if (old === null || String(value).length > old.length)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    setItem.call(this, key, value);
  };
}

/** Holds the app's script back until `release()`: the shopper meets the first paint alone. */
export async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/embed\/aisle-app-[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}
