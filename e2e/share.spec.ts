import { copyReport, expect, openApp, setInput, test } from './fixtures.ts';

test('a copied link opens the same scenario in a fresh browser context', async ({ page, browser, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await page.getByLabel('Example scenario').selectOption({ label: 'Canary upgrade with a revision label' });
  const edited = (await page.evaluate(() => (window as any).__meshsim.editor.getValue())).replace('name: reviews', 'name: shared-link');
  await setInput(page, 'workloads', edited);
  await page.getByRole('tab', { name: 'Traffic' }).click();
  await page.getByRole('button', { name: 'DNS query' }).click();
  await expect(page.getByTestId('trace')).toContainText(':53');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  const link: string = await page.evaluate(() => navigator.clipboard.readText());
  expect(link.startsWith(baseURL!)).toBe(true);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await other.waitForFunction(() => (window as any).__meshsim?.editor);
  await expect(other.getByRole('tab', { name: 'Traffic', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(other.getByTestId('trace')).toContainText(':53');
  expect(await other.evaluate(() => (window as any).__meshsim.editor.getValue())).toBe(edited);
  await fresh.close();
});

test('the scenario survives a reload, and Reset to example puts the example back', async ({ page }) => {
  await openApp(page);
  await setInput(page, 'workloads', 'apiVersion: v1\nkind: Pod\nmetadata: {name: kept, namespace: bookinfo}\nspec: {containers: [{name: a, image: x}]}\n');
  await expect(page.getByRole('tabpanel', { name: 'Admission' })).toContainText('bookinfo/kept');
  await page.waitForTimeout(500);
  await page.reload();
  await page.waitForFunction(() => (window as any).__meshsim?.editor);
  await expect(page.getByRole('tabpanel', { name: 'Admission' })).toContainText('bookinfo/kept');
  await page.getByRole('button', { name: 'Reset to example' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Admission' })).toContainText('Deployment bookinfo/reviews');
});

test('Copy as Markdown produces a report with the verdict and the diff', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  const md = await copyReport(page);
  expect(md).toContain('**Verdict: injected**');
  expect(md).toContain('```diff');
  expect(md).toContain('istio-proxy');
});

test('dropping plain Kubernetes YAML sorts it into the tabs', async ({ page }) => {
  await openApp(page);
  const yaml = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: dropped\n  labels: {istio.io/rev: default}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: dropped-pod, namespace: dropped}\nspec: {containers: [{name: a, image: x}]}\n';
  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dump.yaml', { type: 'text/yaml' }));
    return dt;
  }, yaml);
  await page.locator('.app').dispatchEvent('drop', { dataTransfer });
  await expect(page.locator('.drop-message')).toContainText('Opened dump.yaml: 1 in workloads, 1 in namespaces');
  await expect(page.getByRole('tabpanel', { name: 'Admission' })).toContainText('Pod dropped/dropped-pod');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'injected');
});
