import { expect, markers, openApp, setInput, test } from './fixtures.ts';

/* The app shell: errors that say which input to fix, findings apart from errors, many workloads, per-tab scroll. */

test('a YAML error is shown once, at the line where it starts, and the results say which input to fix', async ({ page }) => {
  await openApp(page);
  const lines = ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: web', '  namespace: bookinfo', 'spec:', '  containers:', '  - name: web', '    image: nginx', '    env:'];
  for (let i = 0; i < 3; i++) lines.push(`    - name: V${i}`, `      value: "${i}"`);
  lines.push('    - name: BROKEN', '      value: "never closed', '    - name: AFTER', '      value: "x"', '');
  const quoteLine = lines.findIndex((l) => l.includes('never closed')) + 1;
  await setInput(page, 'workloads', lines.join('\n'));
  const results = page.getByRole('tabpanel', { name: 'Admission' });
  await expect(results.getByTestId('no-workload')).toContainText(`Fix the YAML in the Workloads tab at line ${quoteLine}`);
  await expect(results.getByTestId('no-workload')).not.toContainText('No workload found');
  const problems = page.getByRole('list', { name: 'Problems' }).getByRole('listitem');
  await expect(problems.filter({ hasText: 'error' })).toHaveCount(1);
  const quoteColumn = lines[quoteLine - 1].indexOf('"') + 1;
  await expect(problems.first()).toContainText(`Workloads ${quoteLine}:${quoteColumn}`);
  await expect(problems.first()).toContainText('This "double-quoted" value is never closed: the " that ends it is missing');
  await expect(page.getByTestId('input-status')).toHaveText('1 error in the inputs');
  // The link in the sentence takes the editor to that line.
  await results.getByTestId('no-workload').getByRole('button', { name: `line ${quoteLine}` }).click();
  await expect.poll(() => page.evaluate(() => (window as any).__meshsim.editor.getSelection().startLineNumber)).toBe(quoteLine);
});

test('the editor marks a YAML error once, in meshsim\'s words: monaco-yaml\'s copy of it is not shown', async ({ page }) => {
  await openApp(page);
  // The first document has a schema finding, so monaco-yaml has certainly validated the text when it shows.
  const schemaDoc = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: bookinfo\n  annotations:\n    sidecar.istio.io/inject: true\nspec:\n  containers:\n  - name: a\n    image: x\n';
  await setInput(page, 'workloads', `${schemaDoc}---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: "q\n`);
  await expect.poll(async () => (await markers(page, 'workloads')).filter((m) => m.owner === 'yaml').map((m) => m.message).join('\n')).toContain('Incorrect type. Expected "string"');
  const all = await markers(page, 'workloads');
  // Said once, by meshsim, at the quote (line 16, column 9); monaco-yaml's "Missing closing "quote" at line 17 is not shown.
  expect(all.filter((m) => m.line > 12), JSON.stringify(all)).toEqual([{ line: 16, column: 9, owner: 'meshsim', message: 'This "double-quoted" value is never closed: the " that ends it is missing' }]);
});

test('an empty Workloads tab, or one without a workload, says what to paste', async ({ page }) => {
  await openApp(page);
  await setInput(page, 'workloads', '');
  await expect(page.getByTestId('no-workload')).toContainText('The Workloads tab is empty');
  await setInput(page, 'workloads', 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n');
  await expect(page.getByTestId('no-workload')).toContainText('holds Service, ConfigMap settings, but no workload');
});

test('double injection is a finding, not an error in the inputs', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Example scenario').selectOption({ value: 'double-injection' });
  await expect(page.getByTestId('finding-status')).toContainText('Finding: double injection');
  await expect(page.getByTestId('input-status')).toHaveText('No errors in the inputs');
});

test('many workloads get a summary by verdict and deciding rule, and filters narrow the list', async ({ page }) => {
  await openApp(page);
  const pod = (i: number, ns: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: pod-${i}, namespace: ${ns}}\nspec: {containers: [{name: a, image: x}]}\n`;
  await setInput(page, 'workloads', Array.from({ length: 40 }, (_, i) => pod(i, i % 4 ? 'bookinfo' : 'elsewhere')).join('---\n'));
  const summary = page.getByTestId('workload-summary');
  await expect(summary).toContainText('40 workloads');
  const verdicts = summary.getByRole('group', { name: 'Filter workloads by verdict' });
  await expect(verdicts.getByRole('button', { name: '30 injected' })).toBeVisible();
  await verdicts.getByRole('button', { name: '10 not injected' }).click();
  await expect(summary.getByTestId('workloads-shown')).toHaveText('10 of 40 match');
  await expect(page.getByLabel('Workload', { exact: true }).locator('option')).toHaveCount(10);
  await verdicts.getByRole('button', { name: '10 not injected' }).click();
  await summary.getByLabel('Filter workloads by name').fill('pod-3');
  await expect(summary.getByTestId('workloads-shown')).toHaveText('11 of 40 match'); // pod-3, pod-30..39
  await summary.getByText('By deciding rule').click();
  await summary.getByRole('button', { name: 'no injection webhook called' }).click();
  await expect(summary.getByTestId('workloads-shown')).toHaveText('2 of 40 match'); // pod-32 and pod-36, in the namespace nothing selects
});

test('each result tab keeps its own scroll position', async ({ page }) => {
  await openApp(page);
  const body = page.locator('.panel-body');
  await body.evaluate((el) => (el.scrollTop = 400));
  await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(300);
  const admission = await body.evaluate((el) => el.scrollTop);
  await page.getByRole('tab', { name: 'Environment', exact: true }).click();
  await expect(page.getByTestId('env-table')).toBeVisible();
  await body.evaluate((el) => (el.scrollTop = 150));
  await page.waitForTimeout(200);
  await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
  await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBe(0);
  await page.getByRole('tab', { name: 'Admission', exact: true }).click();
  await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBe(admission);
  await page.getByRole('tab', { name: 'Environment', exact: true }).click();
  await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBe(150);
});
