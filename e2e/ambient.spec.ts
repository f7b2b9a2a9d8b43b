import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openApp, setInput, test } from './fixtures.ts';

// The ambient examples: each shows its data plane, istio-cni's steps and its fixes; a fix applied
// flips the verdict and Undo restores it. Screenshots of each at 1440x900 and 390x844, both themes,
// go to reports/ambient-*.png for a person to look at.

const examples = [
  { title: 'Ambient namespace', mode: 'ambient', decides: 'enablement selector [1]' },
  { title: 'Namespace labelled for both sidecar and ambient', mode: 'sidecar', decides: 'already has a sidecar?', note: 'namespace-both' },
  { title: 'A pod opting out of ambient with none', mode: 'none', decides: 'not an ambient pod', note: 'opted-out' },
  { title: 'Enrolled by a pod label in a plain namespace', mode: 'ambient', decides: 'enablement selector [0]' },
  { title: 'kube-system is excluded from ambient', mode: 'none', decides: 'namespace excluded from istio-cni?' },
  { title: 'An ambient pod on an nftables node', mode: 'ambient', decides: 'enablement selector [1]' },
  { title: 'DNS capture switched off for one pod', mode: 'ambient', decides: 'enablement selector [1]' },
  { title: 'The stale opt-out annotation', mode: 'ambient', decides: 'enablement selector [1]', note: 'retired-annotation' },
];

async function openAmbient(page: Page, title: string) {
  await page.getByLabel('Example scenario').selectOption({ label: title });
  await expect(page.getByTestId('example-story')).toContainText(title);
  await page.getByRole('tab', { name: 'Ambient', exact: true }).click();
  await expect(page.getByTestId('dataplane')).toBeVisible();
}

for (const e of examples) {
  test(`“${e.title}”: the data plane, istio-cni's deciding check and the settings`, async ({ page }) => {
    await openApp(page);
    await openAmbient(page, e.title);
    await expect(page.getByTestId('dataplane')).toHaveAttribute('data-mode', e.mode);
    await expect(page.getByTestId('ambient-steps').locator('.step.decisive').first()).toContainText(e.decides);
    if (e.note) await expect(page.locator(`[data-note="${e.note}"]`)).toBeVisible();
    await expect(page.getByTestId('cni-settings')).toBeVisible();
    for (const [size, theme] of [['1440x900', 'light'], ['1440x900', 'dark'], ['390x844', 'light'], ['390x844', 'dark']] as const) {
      const [width, height] = size.split('x').map(Number);
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: theme });
      await page.waitForTimeout(200);
      const id = e.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      await page.screenshot({ path: `reports/ambient-${id}-${size}-${theme}.png` });
    }
  });
}

test('a verified fix enrolls the opted-out pod; Undo takes it back out', async ({ page }) => {
  await openApp(page);
  await openAmbient(page, 'A pod opting out of ambient with none');
  await expect(page.getByTestId('dataplane')).toHaveAttribute('data-mode', 'none');
  await page.getByTestId('ambient-fixes').getByRole('button', { name: 'Apply to the YAML' }).first().click();
  await expect(page.getByTestId('dataplane')).toHaveAttribute('data-mode', 'ambient');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('dataplane')).toHaveAttribute('data-mode', 'none');
});

test('resolving the both-labels conflict keeps ambient, and the Admission panel then says so', async ({ page }) => {
  await openApp(page);
  await openAmbient(page, 'Namespace labelled for both sidecar and ambient');
  await page.getByTestId('ambient-fixes').locator('li', { hasText: 'Remove the label istio-injection=enabled' }).getByRole('button', { name: 'Apply to the YAML' }).click();
  await expect(page.getByTestId('dataplane')).toHaveAttribute('data-mode', 'ambient');
  await page.getByRole('tab', { name: 'Admission', exact: true }).click();
  await expect(page.getByTestId('dataplane-line')).toContainText('In the mesh: ambient');
  await expect(page.getByText('What would get this pod injected')).toHaveCount(0);
});

test('a value of a step reveals the YAML it was read from', async ({ page }) => {
  await openApp(page);
  await openAmbient(page, 'Ambient namespace');
  await page.getByTestId('ambient-steps').locator('.chip', { hasText: 'namespace label istio.io/dataplane-mode: ambient' }).first().click();
  await expect(page.getByRole('tab', { name: 'Namespaces' })).toHaveAttribute('aria-selected', 'true');
});

test('the ambient switch turns the enrolled pod out of the mesh, and the default sidecar scenario is as it was', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'injected');
  await expect(page.getByTestId('dataplane-line')).toHaveCount(0);
  await openAmbient(page, 'Ambient namespace');
  await page.getByTestId('cni-settings').getByLabel('Ambient enabled').uncheck();
  await expect(page.getByTestId('dataplane')).toHaveAttribute('data-mode', 'none');
  await expect(page.locator('[data-note="ambient-off"]')).toBeVisible();
});

// The Traffic panel of every enrolled example: the node agent's in-pod rules, drawn as chains, and
// each of ztunnel's paths traced. Screenshots go to reports/ambient-traffic-*.png.
const traced = [
  { title: 'Ambient namespace', dns: 'REDIRECT to 15053' },
  { title: 'Enrolled by a pod label in a plain namespace', dns: 'REDIRECT to 15053' },
  { title: 'An ambient pod on an nftables node', dns: 'REDIRECT to 15053', nft: true },
  { title: 'DNS capture switched off for one pod', dns: 'RETURN to the original destination' },
];

for (const e of traced) {
  test(`“${e.title}”: the Traffic panel traces packets through the node agent's in-pod rules to ztunnel`, async ({ page }) => {
    await openApp(page);
    await page.getByLabel('Example scenario').selectOption({ label: e.title });
    await expect(page.getByTestId('example-story')).toContainText(e.title);
    await page.getByRole('tab', { name: 'Traffic' }).click();
    await expect(page.getByTestId('capture-entry')).toContainText("istio-cni's node agent");
    await expect(page.getByTestId('ambient-netns-setup')).toContainText('fwmark 0x111/0xfff');
    const diagram = page.getByTestId('chain-diagram');
    const outputChain = e.nft ? 'istio-ambient-nat/istio-output' : 'nat/ISTIO_OUTPUT';
    await expect(diagram.locator(`[data-chain="${outputChain}"]`)).toBeVisible();
    const final = page.getByTestId('trace-final');
    await page.getByRole('button', { name: 'App calls a service' }).click();
    await expect(final).toContainText('REDIRECT to 15001');
    await expect(diagram.locator(`[data-chain="${outputChain}"]`)).toHaveClass(/on-path/);
    await expect(diagram.locator('.chain-box.listener.on-path')).toContainText('15001');
    await page.getByRole('button', { name: 'Plaintext request arrives' }).click();
    await expect(final).toContainText('REDIRECT to 15006');
    await page.getByRole('button', { name: 'HBONE arrives' }).click();
    await expect(final).not.toContainText('REDIRECT');
    await page.getByRole('button', { name: 'DNS query' }).click();
    await expect(final).toContainText(e.dns);
    await page.getByRole('button', { name: 'Kubelet health probe' }).click();
    await expect(final).toContainText('ACCEPT');
    await page.getByRole('button', { name: "App replies to ztunnel's connection" }).click();
    await expect(final).not.toContainText('REDIRECT');
    await page.getByRole('button', { name: 'App calls a service' }).click();
    await expect(final).toContainText('REDIRECT to 15001');
    const id = e.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    for (const [size, theme] of [['1440x900', 'light'], ['1440x900', 'dark'], ['390x844', 'light'], ['390x844', 'dark']] as const) {
      const [width, height] = size.split('x').map(Number);
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: theme });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `reports/ambient-traffic-${id}-${size}-${theme}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    // Back from the phone layout the panel is drawn anew: wait for the new diagram before scrolling to it.
    await expect(diagram).toBeVisible();
    await diagram.scrollIntoViewIfNeeded();
    await expect(diagram.locator('.chain-box.listener.on-path')).toContainText('ztunnel');
    await diagram.screenshot({ path: `reports/ambient-traffic-${id}-diagram.png` });
    await page.getByRole('tab', { name: e.nft ? 'nft script' : 'iptables-restore payload' }).click();
    await expect(page.getByTestId('rules-payload')).toContainText(e.nft ? 'add table inet istio-ambient-nat' : 'REDIRECT --to-ports 15001');
  });
}

// A Pod the API server refuses (an invalid label value; a bool where a label's string goes) is
// never created, so istio-cni never sees it: the panel shows no istio-cni steps, node agent view or
// pod settings, and meshsim check on the same objects prints none either.
for (const [what, label] of [['validation', '"not a valid value!"'], ['decode', 'true']] as const) {
  test(`a Pod the API server refuses (${what}) is not walked through istio-cni, in the app and by meshsim check`, async ({ page }) => {
    const namespace = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {istio.io/dataplane-mode: ambient}\n';
    const pod = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: shop\n  labels:\n    app: ${label}\nspec:\n  containers: [{name: web, image: example/web:1}]\n`;
    await openApp(page);
    await setInput(page, 'namespaces', namespace);
    await setInput(page, 'workloads', pod);
    await page.getByRole('tab', { name: 'Ambient', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'Ambient' });
    await expect(page.getByTestId('dataplane')).toHaveAttribute('data-mode', 'rejected');
    await expect(panel).toContainText('Neither data plane applies to a pod that is never created');
    await expect(panel.getByRole('heading', { name: /istio-cni, step by step/ })).toHaveCount(0);
    await expect(panel.getByTestId('ambient-overrides')).toHaveCount(0);
    const dir = mkdtempSync(join(tmpdir(), 'meshsim-refused-e2e-'));
    try {
      writeFileSync(join(dir, 'ns.yaml'), namespace);
      writeFileSync(join(dir, 'pod.yaml'), pod);
      const cli = spawnSync('node', [resolve('bin/meshsim.mjs'), 'check', '-f', join(dir, 'ns.yaml'), '-f', join(dir, 'pod.yaml')], { encoding: 'utf8', timeout: 60_000 });
      expect(cli.status).toBe(1);
      expect(cli.stdout).toContain('Data plane: NOT CREATED (rejected)');
      expect(cli.stdout).not.toContain('istio-cni when the pod is created');
      expect(cli.stdout).not.toMatch(/node agent: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
