import { chromium } from 'playwright-core';
const url = process.argv[2]; const out = process.argv[3];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
p.on('console', (m) => console.log('console', m.type(), m.text()));
p.on('pageerror', (e) => console.log('pageerror', e.message));
p.on('requestfailed', (r) => console.log('failed', r.url()));
await p.goto(url); await p.waitForTimeout(4000);
await p.screenshot({ path: out }); await b.close();
