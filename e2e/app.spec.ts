import { expect, markers, openApp, setInput, test } from './fixtures.ts';

test('opens on the default scenario with editors and panels', async ({ page }) => {
  await openApp(page);
  await expect(page.getByRole('tab', { name: 'Workloads' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Admission' })).toContainText('Deployment bookinfo/reviews');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'injected');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('kind: Deployment');
  await page.screenshot({ path: 'reports/default-scenario.png' });
});

test('pasting a changed workload updates the panels', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  const pod = ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: pasted', '  namespace: shop', 'spec:', '  containers:', '  - name: app', '    image: nginx', '  - name: logger', '    image: busybox', ''].join('\n');
  await page.evaluate((t) => navigator.clipboard.writeText(t), pod);
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByRole('tabpanel', { name: 'Admission' })).toContainText('Pod shop/pasted');
  // shop has no Namespace object and no label, so no webhook selects it.
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-injected');
  const text = await page.evaluate(() => (window as any).__meshsim.editor.getValue());
  expect(text).toBe(pod);
});

test('a syntax error shows a marker at its line and keeps the text', async ({ page }) => {
  await openApp(page);
  const broken = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  labels: {a: [1, 2}\nspec: {}\n';
  await setInput(page, 'workloads', broken);
  await expect.poll(async () => (await markers(page, 'workloads')).filter((m) => m.owner === 'meshsim').map((m) => m.line)).toContain(5);
  await expect(page.getByRole('tab', { name: /Workloads/ }).locator('.badge.error')).toBeVisible();
  await expect(page.locator('.diagnostics')).toContainText('Workloads 5:');
  expect(await page.evaluate(() => (window as any).__meshsim.editor.getValue())).toBe(broken);
});

test('every result panel opens', async ({ page }) => {
  await openApp(page);
  const names = await page.getByRole('tablist', { name: 'Results' }).getByRole('tab').allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(4);
  for (const name of [...names.slice(1), names[0]]) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
  }
});

test('the bundled Kubernetes schema flags an unquoted annotation value', async ({ page }) => {
  await openApp(page);
  const text = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: bookinfo\n  annotations:\n    sidecar.istio.io/inject: true\nspec:\n  containers:\n  - name: a\n    image: x\n';
  await setInput(page, 'workloads', text);
  await expect.poll(async () => (await markers(page, 'workloads')).filter((m) => m.owner !== 'meshsim').map((m) => `${m.line}: ${m.message}`).join('\n')).toContain('7: Incorrect type. Expected "string"');
});

test('hovering a namespace label shows which steps read it', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Namespaces' }).click();
  const word = page.locator('.monaco-editor .view-line', { hasText: 'istio-injection: enabled' }).getByText('enabled');
  await expect(word).toBeVisible();
  // Monaco opens its hover after the mouse rests on a word; monaco-yaml adds its own part beside ours.
  // The line is looked up each time because Monaco re-renders its lines when decorations change.
  let dx = 4;
  await expect
    .poll(async () => {
      const box = await word.boundingBox();
      if (!box) return '';
      await page.mouse.move(box.x + dx, box.y + 5);
      dx = dx === 4 ? 12 : 4;
      await page.waitForTimeout(600);
      return (await page.locator('.monaco-hover').allTextContents()).join(' ');
    }, { timeout: 20_000 })
    .toContain('meshsim: read by');
  expect((await page.locator('.monaco-hover').allTextContents()).join(' ')).toContain('namespace istio-injection In [enabled]');
});

test('hovering a label key explains it as hovering its value does', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Namespaces' }).click();
  const line = page.locator('.monaco-editor .view-line', { hasText: 'istio-injection: enabled' });
  await expect(line).toBeVisible();
  let dx = 6;
  await expect
    .poll(async () => {
      // The key is the line's first word: hover a little way into it.
      const key = line.getByText('istio-injection', { exact: true }).first();
      const box = (await key.count()) ? await key.boundingBox() : await line.boundingBox();
      if (!box) return '';
      await page.mouse.move(box.x + dx, box.y + 5);
      dx = dx === 6 ? 20 : 6;
      await page.waitForTimeout(600);
      return (await page.locator('.monaco-hover').allTextContents()).join(' ');
    }, { timeout: 20_000 })
    .toContain('meshsim: read by');
  expect((await page.locator('.monaco-hover').allTextContents()).join(' ')).toContain('namespace istio-injection In [enabled]');
});
