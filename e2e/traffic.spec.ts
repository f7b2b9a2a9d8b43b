import { expect, openApp, test } from './fixtures.ts';

test('the Traffic panel draws the chains and traces the preset packets', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Traffic' }).click();
  await expect(page.getByTestId('capture-entry')).toContainText('istio-init');
  const diagram = page.getByTestId('chain-diagram');
  await expect(diagram.locator('[data-chain="nat/ISTIO_OUTPUT"]')).toBeVisible();
  await expect(diagram.locator('[data-chain="nat/ISTIO_INBOUND"]')).toBeVisible();
  await page.getByRole('button', { name: 'App calls a service' }).click();
  await expect(page.getByTestId('trace-final')).toContainText('REDIRECT to 15001');
  await expect(diagram.locator('[data-chain="nat/ISTIO_REDIRECT"]')).toHaveClass(/on-path/);
  await expect(diagram.locator('.chain-box.listener.on-path')).toContainText('15001');
  await page.screenshot({ path: 'reports/traffic.png' });
  await page.getByRole('button', { name: 'Request arrives at the app' }).click();
  await expect(page.getByTestId('trace-final')).toContainText('REDIRECT to 15006');
});

test('an excludeOutboundIPRanges annotation changes the trace of a packet to that range', async ({ page }) => {
  await openApp(page);
  const text: string = await page.evaluate(() => (window as any).__meshsim.editor.getValue());
  const annotated = text.replace('      labels:\n        app: reviews\n        version: v1', '      labels:\n        app: reviews\n        version: v1\n      annotations:\n        traffic.sidecar.istio.io/excludeOutboundIPRanges: "203.0.113.0/24"');
  expect(annotated).not.toBe(text);
  await page.getByRole('tab', { name: 'Traffic' }).click();
  await expect(page.getByTestId('trace-final')).toContainText('REDIRECT to 15001');
  await page.evaluate((t) => (window as any).__meshsim.setInput('workloads', t), annotated);
  await page.getByRole('button', { name: 'App calls a service' }).click();
  await expect(page.getByTestId('trace-final')).toContainText('RETURN to the original destination');
  await page.getByRole('button', { name: 'To an excluded CIDR' }).click();
  await expect(page.getByTestId('trace-final')).toContainText('RETURN to the original destination');
  await page.getByRole('tab', { name: 'iptables-restore payload' }).click();
  await expect(page.getByTestId('rules-payload')).toContainText('-d 203.0.113.0/24 -j RETURN');
});

test('switching to CNI mode replaces istio-init with istio-validation and the CNI plugin programs the rules', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Traffic' }).click();
  await page.getByRole('group', { name: 'Capture mode' }).getByRole('button', { name: 'CNI' }).click();
  await expect(page.getByTestId('capture-entry')).toContainText('CNI plugin');
  await expect(page.getByTestId('trace-final')).toContainText('REDIRECT to 15001');
  await page.getByRole('tab', { name: 'Patched pod' }).click();
  await expect(page.getByTestId('pod-diagram').locator('[data-part="istio-validation"]')).toBeVisible();
  await expect(page.getByTestId('pod-diagram').locator('[data-part="istio-init"]')).toHaveCount(0);
});
