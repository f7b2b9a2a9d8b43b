// Opens a page in headless Debian Chromium, optionally clicks tabs/buttons by accessible name, and
// saves a screenshot — for looking at what we build. Usage: node scripts/screenshot.mjs URL OUT.png [click...]
import { chromium } from 'playwright-core';

const [url, out, ...clicks] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
page.on('pageerror', (e) => console.log('page error:', e.message));
await page.goto(url);
await page.waitForTimeout(3000);
for (const name of clicks) {
  await page.getByRole(name.startsWith('tab:') ? 'tab' : 'button', { name: name.replace(/^(tab|button):/, ''), exact: true }).first().click();
  await page.waitForTimeout(1500);
}
await page.screenshot({ path: out });
await browser.close();
