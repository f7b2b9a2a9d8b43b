import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, openApp, setInput, test } from './fixtures.ts';

// A user of an Istio 1.24 cluster pastes its install (the 1.24.0 release corpus' default profile,
// that release's own chart render, read from ../shared at run time): the app says which release it
// simulates and why, lets the user choose another, and keeps the choice in the permalink.
// Screenshots at both sizes and themes go to reports/releases-*.png for a person to look at.
const PROFILE = new URL('../../shared/conformance-releases/1.24.0/profiles/default/', import.meta.url);
const has124 = existsSync(new URL('istio-sidecar-injector.configmap.yaml', PROFILE));
const read = (name: string) => readFileSync(new URL(name, PROFILE), 'utf8');

const namespaces = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels:\n    istio-injection: enabled\n';
const job = `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
  namespace: shop
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: example/migrate:1
`;

async function paste124(page: import('@playwright/test').Page) {
  await setInput(page, 'webhooks', read('istio-sidecar-injector.mutatingwebhookconfiguration.yaml'));
  await setInput(page, 'injector', read('istio-sidecar-injector.configmap.yaml'));
  await setInput(page, 'mesh', read('istio.configmap.yaml'));
  await setInput(page, 'namespaces', namespaces);
  await setInput(page, 'workloads', job);
}

// The header's release choice: the one select among the cluster settings labelled Istio.
const release = (page: import('@playwright/test').Page) => page.locator('.cluster-settings label', { hasText: 'Istio' }).locator('select');

test.describe('the Istio release', () => {
  test.skip(!has124, '../shared/conformance-releases/1.24.0 is absent');

  test('a pasted 1.24 install is detected, named by Admission and Patched pod, and its differences listed', async ({ page }) => {
    await openApp(page);
    await paste124(page);
    await expect(release(page).locator('option:checked')).toHaveText('as pasted: 1.24');
    const admission = page.getByRole('tabpanel', { name: 'Admission' });
    await expect(admission.getByTestId('release-note')).toContainText('Simulated as Istio 1.24 (latest patch) because the shape of istio-sidecar-injector fits it');
    // The evidence and what 1.24 does unlike master, folded under the line.
    await admission.getByTestId('release-note').locator('summary').click();
    await expect(admission.getByTestId('release-note')).toContainText('the shape of istio-sidecar-injector fits it');
    // What 1.24 does unlike master, as an upgrade meets it: 1.25 changes the iptables rules.
    const steps = admission.getByTestId('release-upgrades');
    await expect(steps.locator(':scope > li').first()).toContainText('1.25 (latest patch)');
    await expect(steps.locator(':scope > li').first()).toContainText('OUTPUT jumps for all protocols');
    // 1.24 has no native sidecars by default: the Job is warned it never completes.
    await expect(page.getByText(/This Job will never complete while istio-proxy runs/).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Patched pod' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Patched pod' }).getByTestId('release-note')).toContainText('Simulated as Istio 1.24 (latest patch)');
    // The CLI on the same files follows the same rule and gives the same reason, word for word.
    const dir = mkdtempSync(join(tmpdir(), 'meshsim-releases-e2e-'));
    try {
      const files = { 'webhooks.yaml': read('istio-sidecar-injector.mutatingwebhookconfiguration.yaml'), 'injector.yaml': read('istio-sidecar-injector.configmap.yaml'), 'mesh.yaml': read('istio.configmap.yaml'), 'ns.yaml': namespaces, 'job.yaml': job };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const cli = spawnSync('node', [resolve('bin/meshsim.mjs'), 'check', ...Object.keys(files).flatMap((f) => ['-f', join(dir, f)])], { encoding: 'utf8', timeout: 60_000 });
      const reason = (await page.getByRole('tabpanel', { name: 'Patched pod' }).getByTestId('release-note').locator('summary').innerText()).replace(/\s+/g, ' ').trim();
      expect(reason).toMatch(/^Simulated as Istio 1\.24 \(latest patch\) because /);
      expect(cli.stderr.split('\n')).toContain(`note: ${reason}.`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('choosing a release changes what is simulated, and the permalink keeps it', async ({ page, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openApp(page);
    await paste124(page);
    await expect(release(page).locator('option:checked')).toHaveText('as pasted: 1.24');
    await release(page).selectOption('1.28');
    const admission = page.getByRole('tabpanel', { name: 'Admission' });
    await expect(admission.getByTestId('release-note')).toContainText('Simulated as Istio 1.28 (latest patch) because it was chosen');
    await admission.getByTestId('release-note').locator('summary').click();
    // The paste still says 1.24, and the note says so.
    await expect(admission.getByTestId('release-note')).toContainText('over the paste, which looks like Istio 1.24 (latest patch): the shape of istio-sidecar-injector fits it');
    // 1.24's template reads only istiod's ENABLE_NATIVE_SIDECARS, which the paste leaves unset:
    // under 1.28's istiod the Job is still warned (the template, not the release, decides).
    await expect(page.getByText(/This Job will never complete while istio-proxy runs/).first()).toBeVisible();
    // istio-iptables changed in 1.25: OUTPUT jumps to ISTIO_OUTPUT for every protocol.
    await page.getByRole('tab', { name: 'Traffic' }).click();
    await page.getByRole('tab', { name: 'iptables-restore payload' }).click();
    await expect(page.getByTestId('rules-payload')).toContainText('-A OUTPUT -j ISTIO_OUTPUT');
    await release(page).selectOption('auto');
    await expect(page.getByTestId('rules-payload')).toContainText('-A OUTPUT -p tcp -j ISTIO_OUTPUT');
    await release(page).selectOption('1.28');

    await page.getByRole('button', { name: 'Copy link' }).click();
    const link: string = await page.evaluate(() => navigator.clipboard.readText());
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(link);
    await other.waitForFunction(() => (window as any).__meshsim?.editor);
    await expect(release(other)).toHaveValue('1.28');
    // The link keeps the open tab too (Traffic); the Admission panel names the release.
    await other.getByRole('tab', { name: 'iptables-restore payload' }).click();
    await expect(other.getByTestId('rules-payload')).toContainText('-A OUTPUT -j ISTIO_OUTPUT');
    await other.getByRole('tab', { name: 'Admission' }).click();
    await expect(other.getByRole('tabpanel', { name: 'Admission' }).getByTestId('release-note')).toContainText('Simulated as Istio 1.28');
    await fresh.close();
  });

  for (const size of ['1440x900', '390x844'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`screenshot with a pasted 1.24 install at ${size}, ${theme}`, async ({ page }) => {
        const [width, height] = size.split('x').map(Number) as [number, number];
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: theme });
        await openApp(page);
        await paste124(page);
        const note = page.getByRole('tabpanel', { name: 'Admission' }).getByTestId('release-note');
        await expect(note).toContainText('Istio 1.24');
        await note.locator('summary').click();
        await note.scrollIntoViewIfNeeded();
        await expect(note).toBeInViewport();
        await page.screenshot({ path: `reports/releases-124-${size}-${theme}.png` });
        // On a phone the header's settings sit behind Menu: the release choice is reachable there.
        if (width < 600) {
          await page.getByRole('button', { name: 'Menu' }).click();
          await expect(release(page)).toBeInViewport();
          await expect(release(page).locator('option:checked')).toHaveText('as pasted: 1.24');
          await page.screenshot({ path: `reports/releases-124-${size}-${theme}-menu.png` });
        }
      });
    }
  }
});

// A user who picks 1.24 with meshsim's built-in install (master's chart) is told the templates and
// the proxy image tag are master's, in the Patched pod panel and by meshsim inject, in one sentence.
test('another release with the built-in install says its templates and proxy image are master\'s, as meshsim inject does', async ({ page }) => {
  await openApp(page);
  await release(page).selectOption('1.24');
  await page.getByRole('tab', { name: 'Patched pod' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Patched pod' });
  const note = panel.getByTestId('master-chart-note');
  await expect(note).toContainText("meshsim's built-in install is Istio master's chart: Istio 1.24 (latest patch)'s istiod is simulated");
  const sentence = (await note.innerText()).replace(/\s+/g, ' ').trim().replace(/ For 1\.24's own, .*$/, '');
  const image = /\(([^)]+:[^)]+)\) are master's/.exec(sentence)?.[1];
  expect(image).toMatch(/^docker\.io\/istio\/proxyv2:\S+-dev$/);
  const dir = mkdtempSync(join(tmpdir(), 'meshsim-builtin-e2e-'));
  try {
    writeFileSync(join(dir, 'workloads.yaml'), readFileSync('src/examples/default/workloads.yaml', 'utf8'));
    const cli = spawnSync('node', [resolve('bin/meshsim.mjs'), 'inject', '-f', join(dir, 'workloads.yaml'), '--istio-version', '1.24'], { encoding: 'utf8', timeout: 60_000 });
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain(`image: ${image}`);
    expect(cli.stderr).toContain(`meshsim: ${sentence} For 1.24's own, give your cluster's istio-sidecar-injector ConfigMap with --injector-config FILE.`);
    // A dump without an injector ConfigMap, audited as 1.24: the app's audit view and meshsim audit say the same sentence.
    const dump = 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Namespace\n  metadata: {name: shop, labels: {istio-injection: enabled}}\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: web-1, namespace: shop}\n  spec: {containers: [{name: web, image: nginx}]}\n';
    writeFileSync(join(dir, 'dump.yaml'), dump);
    const audit = spawnSync('node', [resolve('bin/meshsim.mjs'), 'audit', '-f', join(dir, 'dump.yaml'), '--istio-version', '1.24'], { encoding: 'utf8', timeout: 60_000 });
    expect(audit.stderr).toContain(`meshsim: ${sentence} For that release's own, give the dump with the revision's istio-sidecar-injector ConfigMap`);
    await page.getByRole('button', { name: 'Audit', exact: true }).click();
    await page.getByLabel('Dump file').setInputFiles({ name: 'dump.yaml', mimeType: 'application/yaml', buffer: Buffer.from(dump) });
    await expect(page.getByTestId('audit-phase')).toContainText('Audited 1 pod');
    const auditNote = page.getByTestId('audit-master-chart-note');
    await expect(auditNote).toHaveCount(1);
    expect((await auditNote.innerText()).replace(/\s+/g, ' ').trim()).toBe(`${sentence} For that release's own, load a dump that has the revision's istio-sidecar-injector ConfigMap.`);
    await page.screenshot({ path: 'reports/audit-master-chart-1440.png' });
    await page.getByRole('button', { name: 'Close audit' }).click();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Master itself has nothing to say.
  await release(page).selectOption('master');
  await expect(panel.getByTestId('release-note')).toContainText('Simulated as Istio master');
  await expect(note).toHaveCount(0);
});
