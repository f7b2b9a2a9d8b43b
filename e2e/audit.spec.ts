import { DRIFTED_TAG, generateDump, printDump, PROXY_TAG, synthesizeDump } from '../src/engine/audit/generateDump.ts';
import { auditDump, openAudit } from '../src/engine/audit/auditSession.ts';
import { expect, openApp, test } from './fixtures.ts';
import { BUILTIN_TAG } from '../src/engine/injection/builtin/defaultValues.ts';
import { CANARY_TAG } from '../src/examples/exampleInstalls.ts';

const PODS = 10_000;

test('audits a 10,000-pod dump with progress, finds the rendered-rejected pods and the image drift planted in it, scrolls, filters, and opens a pod as a scenario', async ({ page }) => {
  test.setTimeout(420_000);
  const { list, pods } = synthesizeDump({ pods: PODS, workloads: 300, seed: 42 });
  const text = printDump(list);
  const count = (drift: string) => pods.filter((p) => p.drift.includes(drift as never)).length;

  await openApp(page);
  await page.getByRole('button', { name: 'Audit', exact: true }).click();
  await page.getByLabel('Dump file').setInputFiles({ name: 'cluster-dump.yaml', mimeType: 'application/yaml', buffer: Buffer.from(text) });

  const bar = page.getByRole('progressbar', { name: 'Audit progress' });
  await expect(bar).toBeVisible();
  // The bar moves through intermediate values while the workers stream their rows.
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        seen.add(Number(await bar.getAttribute('aria-valuenow')));
        return page.getByTestId('audit-phase').textContent();
      },
      { timeout: 360_000, intervals: [100] },
    )
    .toContain(`Audited ${PODS} pods`);
  expect([...seen].some((v) => v > 0 && v < 100), `progress values seen: ${[...seen].join(', ')}`).toBe(true);
  await expect(bar).toHaveAttribute('aria-valuenow', '100');

  const summary = page.getByTestId('audit-summary');
  await expect(summary).toContainText(`${PODS} pods`);
  await expect(summary).toContainText(`${count('missing-sidecar')} need a restart`);
  await expect(summary).toContainText(`${count('old-revision')} old revision`);
  // Rendering every pod finds what admission alone cannot: the pods istiod would now fail to render.
  const rejected = pods.filter((p) => p.planted === 'rendered-rejected').length;
  expect(rejected).toBeGreaterThan(0);
  await expect(summary).toContainText(`${rejected} rejected`);
  await expect(summary).toContainText(`${count('would-be-rejected')} would be rejected`);
  // The planted image drift is measured and grouped, with the namespaces and the label that decides.
  const drifted = pods.filter((p) => p.planted === 'image-drift');
  const groups = page.getByTestId('audit-groups');
  const imageGroup = groups.getByRole('button', { name: `${drifted.length} pods: proxy image ${DRIFTED_TAG} → ${PROXY_TAG.default}`, exact: true });
  await expect(imageGroup).toBeVisible();
  const imageNamespaces = [...new Set(drifted.map((p) => p.namespace))].sort();
  const imageName = `${drifted.length} pods: proxy image ${DRIFTED_TAG} → ${PROXY_TAG.default}`;
  await expect(groups.locator('li').filter({ has: page.getByRole('button', { name: imageName, exact: true }) })).toContainText(`namespace label istio-injection=enabled, → revision default: ${imageNamespaces.slice(0, 3).join(', ')}`);
  await expect(groups.getByRole('button', { name: new RegExp(`^${rejected} pods: would be rejected: failed to run injection template`) })).toBeVisible();
  await page.screenshot({ path: 'reports/audit-10k.png' });
  await imageGroup.click();
  await expect(page.getByTestId('audit-shown')).toHaveText(`${drifted.length} of ${PODS} pods shown`);
  await imageGroup.click();
  await expect(page.getByTestId('audit-shown')).toHaveText(`${PODS} of ${PODS} pods shown`);

  // Windowed rows: the first pod is drawn, the last is not until the grid is scrolled to the end.
  const first = pods[0];
  const last = pods[PODS - 1];
  const row = (p: { namespace: string; name: string }) => page.locator(`[data-pod="${p.namespace}/${p.name}"]`);
  await expect(row(first)).toBeVisible();
  await expect(row(last)).toHaveCount(0);
  expect(await page.getByRole('row').count()).toBeLessThan(120);
  await page.getByTestId('audit-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(row(last)).toBeVisible();
  await expect(row(first)).toHaveCount(0);

  // Filtering: by drift kind, then by name.
  await page.getByLabel('Drift filter').selectOption('old-revision');
  await expect(page.getByTestId('audit-shown')).toHaveText(`${count('old-revision')} of ${PODS} pods shown`);
  await page.getByLabel('Drift filter').selectOption('all');
  const target = pods.find((p) => p.drift.includes('missing-sidecar'))!;
  await page.getByLabel('Filter pods').fill(target.name);
  await expect(page.getByTestId('audit-shown')).toHaveText(`1 of ${PODS} pods shown`);
  await expect(row(target)).toContainText('needs restart');

  // Opening the pod: the audit closes and the Admission panel explains that pod.
  await row(target).click();
  await expect(page.getByRole('dialog', { name: 'Cluster audit' })).toHaveCount(0);
  const panel = page.getByRole('tabpanel', { name: 'Admission' });
  await expect(panel).toContainText(`Pod ${target.namespace}/${target.name}`);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', target.verdict);
  await page.screenshot({ path: 'reports/audit-opened-pod.png' });
});

test('ambient pods in a dump: their data plane and in-pod rules, and the pods a restart moves into or out of ambient, grouped with the label that decides', async ({ page }) => {
  test.setTimeout(180_000);
  const { list, pods } = synthesizeDump({ pods: 600, workloads: 40, seed: 21, ambient: true });
  const count = (planted: string) => pods.filter((p) => p.planted === planted).length;
  await openApp(page);
  await page.getByRole('button', { name: 'Audit', exact: true }).click();
  await page.getByLabel('Dump file').setInputFiles({ name: 'ambient-dump.yaml', mimeType: 'application/yaml', buffer: Buffer.from(printDump(list)) });
  await expect(page.getByTestId('audit-phase')).toContainText('Audited 600 pods', { timeout: 150_000 });
  const moves = pods.filter((p) => p.drift.includes('data-plane')).length;
  await expect(page.getByTestId('audit-summary')).toContainText(`${moves} ambient moves`);
  const groups = page.getByTestId('audit-groups');
  const join = groups.locator('li').filter({ has: page.getByRole('button', { name: `${count('ambient-missed')} pods: would join the ambient mesh`, exact: true }) });
  await expect(join).toContainText('namespace label istio.io/dataplane-mode=ambient');
  await expect(groups.getByRole('button', { name: `${count('ambient-stale')} pods: would leave the ambient mesh`, exact: true })).toBeVisible();
  await expect(groups.getByRole('button', { name: `${count('ambient-sidecar')} pods: would no longer be injected; would trade its sidecar for ambient`, exact: true })).toBeVisible();
  await page.getByLabel('Drift filter').selectOption('data-plane');
  await expect(page.getByTestId('audit-shown')).toHaveText(`${moves} of 600 pods shown`);
  const missed = pods.find((p) => p.planted === 'ambient-missed')!;
  await page.screenshot({ path: 'reports/audit-ambient.png' });
  // The rows are windowed: filter down to the pod.
  await page.getByLabel('Filter pods').fill(missed.name);
  const row = page.locator(`[data-pod="${missed.namespace}/${missed.name}"]`);
  await expect(row).toContainText(/none → ambient, \d+ in-pod rules/);
  await expect(row).toContainText('ambient move');
  await expect(row).toHaveAttribute('title', /selected for ambient but not enrolled/);
  // What captures an enrolled pod's traffic: the in-pod rules the node agent installed, now and after a restart.
  const audited = auditDump(printDump(list)).rows;
  const stale = pods.find((p) => p.planted === 'ambient-stale')!;
  await page.getByLabel('Filter pods').fill(stale.name);
  const staleRow = page.locator(`[data-pod="${stale.namespace}/${stale.name}"]`);
  await expect(staleRow).toContainText(/ambient, \d+ in-pod rules → none/);
  await page.getByLabel('Drift filter').selectOption('all');
  const enrolled = pods.find((p) => /-ambient-/.test(p.namespace) && !p.drift.length && !p.planted)!;
  const expected = audited.find((r) => r.name === enrolled.name && r.namespace === enrolled.namespace)!;
  expect(expected.dataPlaneText).toMatch(/^ambient, \d+ in-pod rules$/);
  await page.getByLabel('Filter pods').fill(enrolled.name);
  const enrolledRow = page.locator(`[data-pod="${enrolled.namespace}/${enrolled.name}"]`);
  await expect(enrolledRow).toContainText(expected.dataPlaneText!);
  await expect(enrolledRow).toHaveAttribute('title', new RegExp(`Now: ambient: ${expected.captureNow!.rules} in-pod iptables rules`));
});

test('a pasted dump is audited too, and sorting by a column reorders the rows', async ({ page }) => {
  const text = generateDump({ pods: 50, seed: 3 });
  await openApp(page);
  await page.getByRole('button', { name: 'Audit', exact: true }).click();
  // Pasting audits at once (a dump can be megabytes, too much to lay out in the box first).
  await page.getByLabel('Paste a dump').evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await expect(page.getByTestId('audit-phase')).toContainText('Audited 50 pods');
  // Which release each revision was rendered as and why (the header's setting is "as pasted":
  // detected), one line a revision, in the words `meshsim audit` prints.
  const releases = page.getByTestId('audit-releases');
  await expect(releases.getByRole('paragraph')).toHaveText('Audited as:');
  const expected = openAudit(text).overview.releases.map((r) => r.text);
  expect(expected.some((t) => /^revision default Istio \S+ because /.test(t))).toBe(true);
  await expect(releases.getByRole('listitem')).toHaveText(expected);
  const names = () => page.locator('.audit-spacer [role=row] [role=gridcell]:first-child').allTextContents();
  await page.getByRole('columnheader', { name: 'Pod' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'Pod' })).toHaveAttribute('aria-sort', 'ascending');
  const sorted = await names();
  expect(sorted).toEqual([...sorted].sort());
  await page.getByRole('button', { name: 'Close audit' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a dump dropped on the audit view is audited, not opened as a scenario', async ({ page }) => {
  const text = generateDump({ pods: 30, seed: 5 });
  await openApp(page);
  await page.getByRole('button', { name: 'Audit', exact: true }).click();
  const data = await page.evaluateHandle((t) => {
    const d = new DataTransfer();
    d.items.add(new File([t], 'dropped.yaml', { type: 'application/yaml' }));
    return d;
  }, text);
  await page.getByTestId('audit-drop').dispatchEvent('dragover', { dataTransfer: data });
  await page.getByTestId('audit-drop').dispatchEvent('drop', { dataTransfer: data });
  await expect(page.getByTestId('audit-phase')).toContainText('Audited 30 pods of dropped.yaml');
  await expect(page.getByRole('dialog', { name: 'Cluster audit' })).toBeVisible();
});

test('an audit can be cancelled, and keeps the rows it had', async ({ page }) => {
  test.setTimeout(180_000);
  const text = generateDump({ pods: 6000, workloads: 2000, seed: 9 });
  await openApp(page);
  await page.getByRole('button', { name: 'Audit', exact: true }).click();
  await page.getByLabel('Dump file').setInputFiles({ name: 'big.yaml', mimeType: 'application/yaml', buffer: Buffer.from(text) });
  await expect(page.getByTestId('audit-phase')).toContainText('Auditing big.yaml', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByTestId('audit-phase')).toContainText(/Stopped after \d+ of 6000 pods of big.yaml/);
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
});

test('the canary upgrade example: after each step, the webhooks per namespace and the workloads a restart moves; the selected pod today and under the target', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await page.getByLabel('Example scenario').selectOption({ label: 'A canary upgrade, step by step' });
  await page.getByRole('tab', { name: 'Upgrade', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Upgrade' });
  const steps = panel.getByTestId('upgrade-step');
  await expect(steps).toHaveCount(4);
  const row = (step: number, ns: string) => steps.nth(step).locator(`tr[data-namespace="${ns}"]`);
  await expect(row(0, 'shop')).toContainText('istio-revision-tag-prod/rev.namespace.sidecar-injector.istio.io');
  await expect(row(0, 'shop')).toContainText('revision default');
  await expect(row(0, 'shop')).toContainText('tag prod → revision default');
  await expect(row(0, 'payments')).toContainText('istio-sidecar-injector/namespace.sidecar-injector.istio.io');
  await expect(steps.nth(1)).toContainText('helm install istiod-canary');
  await expect(steps.nth(1).getByTestId('upgrade-moves')).toHaveText('A restart would move no workload.');
  await expect(steps.nth(2)).toContainText('kubectl label namespace payments istio-injection- istio.io/rev=canary');
  await expect(row(2, 'payments')).toContainText('istio-sidecar-injector-canary/rev.namespace.sidecar-injector.istio.io');
  await expect(row(2, 'payments')).toContainText('revision canary');
  await expect(row(2, 'shop')).toContainText('revision default');
  await expect(steps.nth(2).getByTestId('upgrade-moves')).toHaveText('A restart would move: payments/Deployment/ledger (default → canary)');
  await expect(steps.nth(3)).toContainText('istioctl tag set prod --revision canary');
  await expect(row(3, 'shop')).toContainText('tag prod → revision canary');
  await expect(steps.nth(3).getByTestId('upgrade-moves')).toContainText('shop/Deployment/storefront (default → canary)');
  await expect(steps.nth(3).getByTestId('upgrade-moves')).toContainText('payments/Deployment/ledger (default → canary)');
  // The selected workload, patched by today's install and by the target's, side by side.
  await expect(panel.getByTestId('upgrade-today')).toContainText('Today: revision default');
  await expect(panel.getByTestId('upgrade-target')).toContainText('Target: revision canary');
  const changes = panel.getByTestId('upgrade-changes');
  await expect(changes).toContainText('would move to revision canary');
  await expect(changes).toContainText(`proxy image ${BUILTIN_TAG} → ${CANARY_TAG}`);
  // Two columns at a desktop width (monaco would turn a diff this narrow inline by default).
  await expect(panel.getByTestId('pod-diff').locator('.monaco-diff-editor')).toHaveClass(/side-by-side/);
  await page.screenshot({ path: 'reports/upgrade-preview.png', fullPage: false });
  // The capture rules, today's against the target's, side by side too.
  await panel.getByRole('button', { name: /^Capture rules/ }).click();
  await expect(panel.getByRole('button', { name: /^Capture rules/ })).toHaveAttribute('aria-pressed', 'true');
  const rules = panel.getByTestId('upgrade-rules-diff');
  await expect(rules.locator('.monaco-diff-editor')).toHaveClass(/side-by-side/);
  await expect(rules).toContainText('ISTIO_REDIRECT'); // (monaco writes spaces as no-break spaces)
});
