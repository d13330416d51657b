/**
 * Test-only: WXT's storage reads the extension API from the global `chrome` when it is first
 * imported, so tests import this module before anything that uses `wxt/utils/storage`.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';

(globalThis as unknown as { chrome: unknown }).chrome = fakeBrowser;

export { fakeBrowser };
