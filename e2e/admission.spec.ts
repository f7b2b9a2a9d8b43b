import { expect, openApp, test } from './fixtures.ts';

const cases = [
  { example: 'Opt-out written on the Deployment, not the pod', verdict: 'injected', deciding: /istiod/ },
  { example: 'Opt-out annotation on the pod template', verdict: 'not-injected', deciding: /annotation/i },
  { example: 'A revision nobody serves', verdict: 'not-injected', deciding: /./ },
];

for (const c of cases) {
  test(`example “${c.example}” shows its verdict and deciding step`, async ({ page }) => {
    await openApp(page);
    await page.getByLabel('Example scenario').selectOption({ label: c.example });
    await expect(page.getByTestId('example-story')).toContainText(c.example);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', c.verdict);
    await expect(page.locator('.step.deciding')).toHaveCount(1);
    await expect(page.locator('.step.deciding')).toContainText(c.deciding);
  });
}

test('applying a suggested fix flips the verdict, and Undo restores it', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Example scenario').selectOption({ label: 'Opt-in annotation in an unlabelled namespace' });
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-injected');
  const before = await page.evaluate(() => (window as any).__meshsim.monaco.editor.getModel((window as any).__meshsim.monaco.Uri.parse('file:///namespaces.yaml')).getValue());
  await page.getByRole('button', { name: 'Apply to the YAML' }).first().click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'injected');
  await page.screenshot({ path: 'reports/admission-fix-applied.png' });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-injected');
  const after = await page.evaluate(() => (window as any).__meshsim.monaco.editor.getModel((window as any).__meshsim.monaco.Uri.parse('file:///namespaces.yaml')).getValue());
  expect(after).toBe(before);
});

test('clicking a step reveals the YAML it read', async ({ page }) => {
  await openApp(page);
  await page.locator('.chip', { hasText: 'namespace label istio-injection: enabled' }).first().click();
  await expect(page.getByRole('tab', { name: 'Namespaces' })).toHaveAttribute('aria-selected', 'true');
  const selection = await page.evaluate(() => (window as any).__meshsim.editor.getSelection());
  expect(selection.startLineNumber).toBe(7);
});

test('a suggestion for the second of several workloads edits that workload', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Example scenario').selectOption({ label: 'Opt-in annotation in an unlabelled namespace' });
  const model = (name: string) => `window.__meshsim.monaco.editor.getModel(window.__meshsim.monaco.Uri.parse('file:///${name}.yaml'))`;
  const pod = (name: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  namespace: bookinfo\nspec:\n  containers:\n  - name: app\n    image: app\n`;
  const two = pod('first') + '---\n' + pod('second');
  await page.evaluate(`${model('workloads')}.setValue(${JSON.stringify(two)})`);
  await page.getByLabel('Workload', { exact: true }).selectOption({ label: 'Pod bookinfo/second' });
  await expect(page.getByRole('heading', { name: 'Pod bookinfo/second' })).toBeVisible();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-injected');
  await page.screenshot({ path: 'reports/second-workload-suggestions.png' });
  await page.getByRole('button', { name: 'Apply to the YAML' }).first().click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'injected');
  // The fix went to the namespace or to the second pod; the first pod's text is as it was.
  const workloads = (await page.evaluate(`${model('workloads')}.getValue()`)) as string;
  expect(workloads.startsWith(pod('first'))).toBe(true);
});
