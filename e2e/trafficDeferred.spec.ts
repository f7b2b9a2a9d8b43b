import { copyReport, expect, openApp, test } from './fixtures.ts';

// The first view leaves the Traffic section to the engine until something shows it
// (src/state/engineBinding.ts): opening the panel, or copying the report, asks for it.
for (const size of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`the Traffic tab opened after the first view shows the chains and a trace (${size.width}×${size.height})`, async ({ page }) => {
    await page.setViewportSize(size);
    await openApp(page);
    await expect(page.getByRole('tabpanel', { name: 'Admission' })).toContainText('Deployment bookinfo/reviews');
    await page.getByRole('tab', { name: 'Traffic' }).click();
    await expect(page.getByTestId('capture-entry')).toContainText('istio-init');
    const diagram = page.getByTestId('chain-diagram');
    await expect(diagram.locator('[data-chain="nat/ISTIO_OUTPUT"]')).toBeVisible();
    await expect(diagram.locator('[data-chain="nat/ISTIO_INBOUND"]')).toBeVisible();
    await expect(page.getByTestId('trace-final')).toContainText('REDIRECT to 15001');
    await expect(page.getByTestId('traffic-waiting')).toHaveCount(0);
    // Once shown it stays computed: an edit made on another tab keeps it there when the tab comes back.
    await page.getByRole('tab', { name: 'Admission' }).click();
    await page.evaluate(() => (window as any).__meshsim.setInput('workloads', (window as any).__meshsim.editor.getValue().replace('version: v1', 'version: v2')));
    await expect(page.getByTestId('engine-status')).toContainText('Simulated in');
    await page.getByRole('tab', { name: 'Traffic' }).click();
    await expect(page.getByTestId('traffic-waiting')).toHaveCount(0);
    await expect(page.getByTestId('trace-final')).toContainText('REDIRECT to 15001');
  });
}

test('Copy as Markdown from the first view has the traffic capture and the traced packet', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  const md = await copyReport(page);
  expect(md).toContain('**Verdict: injected**');
  // The report escapes Markdown's characters in plain text (istio\-init).
  expect(md).toMatch(/### Traffic capture \(istio\\?-init, ipv4\)/);
  expect(md).toContain('iptables-restore payload');
  expect(md).toMatch(/Traced packet: outbound TCP .* → \*\*REDIRECT to 15001/);
});

test('Copy as Markdown before the later stages are in waits for the whole analysis', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The worker's later chunk (injection, traffic) held back, so the click lands while only the first verdict is in.
  let held = 0;
  await context.route(/\/assets\/later-[^/]*\.js$/, async (route) => {
    held++;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'Copy as Markdown' })).toBeEnabled();
  const md = await copyReport(page);
  expect(held).toBeGreaterThan(0);
  expect(md).toContain('**Verdict: injected**');
  expect(md).toContain('```diff');
  expect(md).toMatch(/Traced packet: outbound TCP .* → \*\*REDIRECT to 15001/);
});
