import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/** The Chromium the tests drive: Debian's, unless AISLE_CHROMIUM names another. */
export const chromiumPath = process.env.AISLE_CHROMIUM ?? '/usr/bin/chromium';

/** Flags that keep Chromium from reaching the (closed) network on its own. */
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launches Chromium, or fails with a message that says how to install it. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install Debian's build with ` +
        '`apt-get update && apt-get install -y chromium`, or set AISLE_CHROMIUM to a Chromium binary.',
    );
  }
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true, ...options });
}

/**
 * One Chromium for a test file: launched before its tests, closed after them. Returns a getter
 * because the browser exists only once `beforeAll` has run.
 */
export function useChromium(hooks: {
  beforeAll: (fn: () => Promise<void>) => void;
  afterAll: (fn: () => Promise<void>) => void;
}): () => Browser {
  let browser: Browser | undefined;
  hooks.beforeAll(async () => {
    browser = await launchChromium();
  });
  hooks.afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not launched yet: call the getter inside a test');
    return browser;
  };
}
