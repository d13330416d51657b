/** Takes a screenshot of a page of the local stack: tsx scripts/screenshot.ts URL OUT.png [width] [height] [full]. */
import { launchChromium } from '../e2e/support/browser.js';
const [url, out, width = '1280', height = '900', full = '1'] = process.argv.slice(2);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('response', (r) => {
  if (r.status() >= 400) console.log('http', r.status(), r.url());
});
await page.goto(url!);
await page.waitForTimeout(1500);
await page.screenshot({ path: out!, fullPage: full === '1' });
await browser.close();
