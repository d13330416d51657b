import type { Page } from 'playwright-core';
import { screenshot } from './dlp.js';

/** The popup's real size (its body is fixed at 360 px wide). */
export const POPUP_SIZE = { width: 360, height: 600 };

/**
 * What the extension's end-to-end tests do with the popup, on the popup page `popup()` returns (it is
 * reopened between tests) and the shop tab `tabId()`.
 */
export function popupDriver(popup: () => Page, tabId: () => number) {
  const status = () => popup().textContent('[data-testid="status"]');

  async function choose(name: string, value: string): Promise<void> {
    await popup().selectOption(`select[name="${name}"]`, value);
  }

  async function typeField(name: string, value: string): Promise<void> {
    await popup().fill(`[name="${name}"]`, value);
    await popup().locator(`[name="${name}"]`).blur();
  }

  async function statusContains(text: string): Promise<void> {
    try {
      await popup().waitForFunction(
        (wanted) => document.querySelector('[data-testid="status"]')?.textContent?.includes(wanted),
        text,
        { timeout: 20_000 },
      );
    } catch (error) {
      // Say what the popup said instead, so a failure explains itself.
      throw new Error(`the popup never said "${text}"; it says: ${await status()}`, { cause: error });
    }
  }

  /**
   * Flips the preview switch. The checkbox shows the saved setting, so it changes only once the
   * store has saved it: click, then wait for that (Playwright's check() looks too early).
   */
  async function setEnabled(on: boolean): Promise<void> {
    await popup().click('input[name="enabled"]');
    await popup().waitForFunction(
      (wanted) => document.querySelector<HTMLInputElement>('input[name="enabled"]')?.checked === wanted,
      on,
    );
  }

  /** The toolbar badge of the shop's tab ("ON" where the preview takes the page over). */
  async function badgeText(): Promise<string> {
    return popup().evaluate(async (tabId) => {
      type Action = { getBadgeText(details: { tabId: number }): Promise<string> };
      return (globalThis as unknown as { chrome: { action: Action } }).chrome.action.getBadgeText({ tabId });
    }, tabId());
  }

  /** The popup reads its tab's address when it opens: reopen it after the tab went elsewhere. */
  async function reopenPopup(): Promise<void> {
    await popup().reload();
    await popup().waitForSelector('[data-testid="status"]');
  }

  /** Saves the popup's screenshot at its real size, for the docs. */
  async function popupShot(name: string): Promise<void> {
    const height = await popup().evaluate(() =>
      Math.ceil(document.querySelector('.popup')!.getBoundingClientRect().height),
    );
    await popup().setViewportSize({ width: POPUP_SIZE.width, height: Math.min(Math.max(height, 200), 600) });
    await screenshot(popup(), name);
    await popup().setViewportSize(POPUP_SIZE);
  }

  return { status, choose, typeField, statusContains, setEnabled, badgeText, reopenPopup, popupShot };
}
