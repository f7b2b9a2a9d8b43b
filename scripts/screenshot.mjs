// Opens a page in headless Debian Chromium, optionally clicks tabs/buttons by accessible name, and
// saves a screenshot — for looking at what we build.
// Usage: node scripts/screenshot.mjs URL OUT.png [--size 390x844] [--theme dark] [--full] [click...]
// A click is `tab:Name` or `button:Name` (plain `Name` is a button).
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args.splice(i, 1), true) : false;
};
const [width, height] = (option('--size') ?? '1440x900').split('x').map(Number);
const theme = option('--theme') ?? 'light';
const full = flag('--full');
const [url, out, ...clicks] = args;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width, height }, colorScheme: theme });
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
page.on('pageerror', (e) => console.log('page error:', e.message));
await page.goto(url);
await page.waitForTimeout(3000);
for (const name of clicks) {
  await page.getByRole(name.startsWith('tab:') ? 'tab' : 'button', { name: name.replace(/^(tab|button):/, ''), exact: true }).first().click();
  await page.waitForTimeout(1500);
}
await page.screenshot({ path: out, fullPage: full });
await browser.close();
