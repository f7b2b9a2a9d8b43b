import { stringify } from 'yaml';
import { builtinInstallDocuments } from '../src/engine/injection/builtin/index.ts';
import { expect, openApp, setInput, test } from './fixtures.ts';

test('the default scenario shows the injected containers and the proxy environment with sources', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Patched pod' }).click();
  const diagram = page.getByTestId('pod-diagram');
  await expect(diagram.locator('[data-part="istio-init"]')).toContainText('added');
  await expect(diagram.locator('[data-part="istio-proxy"]')).toContainText('added');
  await expect(page.getByTestId('install-note')).toContainText('built-in default install');
  await expect(page.getByTestId('pod-diff')).toBeVisible();
  await page.screenshot({ path: 'reports/patched-pod.png' });
  await page.getByRole('tab', { name: 'JSONPatch' }).click();
  await expect(page.getByTestId('json-patch')).toContainText('"op": "add"');
  await page.getByRole('tab', { name: 'Environment' }).click();
  const row = page.locator('tr[data-env="ISTIO_META_WORKLOAD_NAME"]');
  await expect(row).toContainText('reviews');
  await expect(row).toContainText('workload');
  await page.locator('tr[data-env="PILOT_CERT_PROVIDER"]').getByRole('button').click();
  await expect(page.getByTestId('template-lines').locator('.current')).toContainText('PILOT_CERT_PROVIDER');
  await page.screenshot({ path: 'reports/environment.png' });
  await page.getByRole('tab', { name: 'cluster.env' }).click();
  await expect(page.getByTestId('cluster-env')).toContainText("ISTIO_META_WORKLOAD_NAME='reviews'");
});

test('a pasted injector ConfigMap is used instead of the built-in install', async ({ page }) => {
  await openApp(page);
  const docs = builtinInstallDocuments() as { config: any; values: any };
  const values = structuredClone(docs.values);
  values.global.hub = 'registry.example/mirror';
  values.global.tag = '9.9.9';
  const configMap = stringify({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'istio-sidecar-injector', namespace: 'istio-system' },
    data: { config: stringify(docs.config), values: JSON.stringify(values, null, 2) },
  });
  await setInput(page, 'injector', configMap);
  await page.getByRole('tab', { name: 'Patched pod' }).click();
  await expect(page.getByTestId('install-note')).toContainText('ConfigMap istio-sidecar-injector from the Injector tab');
  await expect(page.getByTestId('pod-diagram').locator('[data-part="istio-proxy"]')).toContainText('registry.example/mirror/proxyv2:9.9.9');
});

test('the built-in install can be written into the Injector tab and edited there', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Injector ConfigMap' }).click();
  await page.getByRole('button', { name: 'Insert it to edit' }).click();
  await expect.poll(() => page.evaluate(() => (window as any).__meshsim.editor.getValue() as string)).toContain('name: istio-sidecar-injector');
  await page.getByRole('tab', { name: 'Patched pod' }).click();
  await expect(page.getByTestId('install-note')).toContainText('ConfigMap istio-sidecar-injector from the Injector tab');
  await expect(page.getByTestId('pod-diagram').locator('[data-part="istio-proxy"]')).toContainText('added');
});
