import type { Page } from '@playwright/test';
import { expect, openApp, setInput, test } from './fixtures.ts';

/*
 * Hardening: the built page runs under its Content-Security-Policy without a single violation
 * through a full session, a stuck engine is replaced without touching the user's text, and user
 * strings are never rendered as HTML.
 */

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records CSP violations (the DOM event, from before any script runs) and the console's CSP errors. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: unknown[] = ((window as any).__cspViolations = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }));
  });
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content.Security.Policy|Refused to/i.test(msg.text())) consoleErrors.push(msg.text());
  });
  return {
    async violations(): Promise<Violation[]> {
      return page.evaluate(() => (window as any).__cspViolations);
    },
    consoleErrors,
  };
}

async function openResult(page: Page, name: string) {
  await page.getByRole('tablist', { name: 'Results' }).getByRole('tab', { name }).click();
  await expect(page.getByRole('tabpanel', { name })).toBeVisible();
}

test('a full session raises no Content-Security-Policy violation', async ({ page }) => {
  test.setTimeout(180_000);
  const csp = await watchCsp(page);
  await openApp(page);
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).toContain("worker-src 'self'");

  await openResult(page, 'Admission');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'injected');

  await openResult(page, 'Patched pod');
  await expect(page.getByTestId('pod-diff')).toBeVisible();
  await page.getByRole('tab', { name: 'Injected YAML (kube-inject)' }).click();
  await expect(page.getByTestId('injected-yaml')).toContainText('istio-proxy');
  await page.getByRole('tab', { name: 'JSONPatch' }).click();
  await expect(page.getByTestId('json-patch')).toContainText('"op"');
  await page.getByRole('tab', { name: 'Diff' }).click();
  await expect(page.getByTestId('pod-diff')).toBeVisible();

  await openResult(page, 'Environment');
  await expect(page.getByTestId('env-table')).toBeVisible();
  await page.getByRole('tab', { name: 'Where values come from' }).click();
  await expect(page.getByRole('list', { name: 'Sources' })).toBeVisible();
  await page.getByRole('tab', { name: 'cluster.env' }).click();
  await expect(page.getByTestId('cluster-env')).toBeVisible();
  await page.getByRole('tab', { name: 'Table' }).click();

  await openResult(page, 'Traffic');
  await expect(page.getByTestId('chain-diagram')).toBeVisible();
  const presets = page.getByRole('group', { name: 'Packet presets' }).getByRole('button');
  const presetCount = await presets.count();
  expect(presetCount).toBeGreaterThan(1);
  for (let i = 0; i < presetCount; i++) {
    await presets.nth(i).click();
    await expect(presets.nth(i)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('trace-final')).toBeVisible();
  }
  await page.getByRole('tab', { name: 'iptables-restore payload' }).click();
  await expect(page.getByTestId('rules-payload')).toContainText('COMMIT');
  await page.getByRole('tab', { name: 'Kernel view (iptables-save)' }).click();
  await expect(page.getByRole('tab', { name: 'Kernel view (iptables-save)' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Chains' }).click();
  await expect(page.getByTestId('chain-diagram')).toBeVisible();

  const select = page.getByLabel('Example scenario');
  const examples = (await select.locator('option:not([value=""])').allTextContents()).map((t) => t.trim());
  expect(examples.length).toBeGreaterThan(5);
  for (const label of examples) {
    await select.selectOption({ label });
    await expect(page.getByTestId('example-story')).toContainText(label);
    await expect(page.getByTestId('engine-status')).toContainText('Simulated in');
  }

  expect(csp.consoleErrors).toEqual([]);
  expect(await csp.violations()).toEqual([]);
});

/** An injector ConfigMap whose sidecar template is the given one line. */
const injectorWithSidecar = (template: string) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: istio-sidecar-injector
  namespace: istio-system
data:
  values: '{"global":{}}'
  config: |
    policy: enabled
    defaultTemplates: [sidecar]
    templates:
      sidecar: |
        ${template}
`;

// A sidecar template whose every step hashes 8 MB. The step budget charges a function by the
// size of what it takes and makes, so this stops at the budget, at once, without the watchdog.
const HEAVY_INJECTOR = injectorWithSidecar('{{ range $i := until 1000000 }}{{ $s := repeat 4000000 "ab" | sha256sum }}{{ end }}');

test('a template that does megabytes of work per step stops at the step budget', async ({ page }) => {
  await openApp(page);
  await setInput(page, 'injector', HEAVY_INJECTOR);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'rejected');
  await expect(page.getByText(/execution stopped after 5000000 steps/).first()).toBeAttached();
  await expect(page.getByRole('status')).not.toContainText('was restarted');
  await page.screenshot({ path: 'reports/template-budget-rejected.png' });
});

// In Go this template never ends (10^10 iterations, each a function call). meshsim stops it at its
// step budget, about 2 s of work in Chromium here; with the watchdog at 300 ms (a fresh worker's first
// answer still gets its startup grace) that is a stuck engine, as a slower machine would see it.
const NEVER_ENDING_INJECTOR = injectorWithSidecar('{{ range $i := until 100000 }}{{ range $j := until 100000 }}{{ $k := add $i $j }}{{ end }}{{ end }}');

const manyPods = (n: number) =>
  Array.from({ length: n }, (_, i) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: pod-${i}\n  namespace: bookinfo\nspec:\n  containers: [{name: app, image: app}]\n`).join('---\n');

for (const stuck of [
  { what: 'a template that never ends', input: 'injector', text: NEVER_ENDING_INJECTOR },
  { what: 'a paste of 3,000 Pods', input: 'workloads', text: manyPods(3000) },
]) {
  test(`a stuck engine (${stuck.what}) is restarted, the text is untouched, and the next edit works`, async ({ page }) => {
    const csp = await watchCsp(page);
    await page.goto('./?engineTimeoutMs=300');
    await page.waitForFunction(() => (window as any).__meshsim?.editor);
    await expect(page.getByTestId('engine-status')).toContainText('Simulated in');
    const model = (name: string) => page.evaluate((n) => (window as any).__meshsim.monaco.editor.getModel((window as any).__meshsim.monaco.Uri.parse(`file:///${n}.yaml`)).getValue() as string, name);
    const original = await model(stuck.input);

    await setInput(page, stuck.input, stuck.text);
    await expect(page.getByRole('status')).toContainText('was restarted', { timeout: 30_000 });
    await expect(page.getByRole('status')).toContainText('Your text is untouched');
    expect(await model(stuck.input)).toBe(stuck.text);

    await setInput(page, stuck.input, original);
    await expect(page.getByTestId('engine-status')).toContainText('Simulated in');
    await expect(page.getByRole('status')).not.toContainText('was restarted');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'injected');
    expect(await csp.violations()).toEqual([]);
  });
}

test('user strings are shown as text, never as HTML', async ({ page }) => {
  const payload = '<img src=x onerror=alert(1)>';
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openApp(page);
  const pod = [
    'apiVersion: v1',
    'kind: Pod',
    'metadata:',
    '  name: xss',
    '  namespace: bookinfo',
    `  labels: {app: "${payload}"}`,
    `  annotations: {note: "${payload}", "traffic.sidecar.istio.io/includeInboundPorts": "${payload}"}`,
    'spec:',
    '  containers:',
    `  - name: "${payload}"`,
    '    image: nginx',
    '',
  ].join('\n');
  await setInput(page, 'workloads', pod);
  await expect(page.getByRole('tabpanel', { name: 'Admission' })).toContainText('xss');
  // Every result panel the registry has, read from the page.
  for (const name of await page.getByRole('tablist', { name: 'Results' }).getByRole('tab').allTextContents()) {
    await openResult(page, name);
    await expect(page.getByTestId('engine-status')).toContainText('Simulated in');
    await expect(page.locator('img')).toHaveCount(0);
  }
  // The string did reach the page, as text (outside the editor, which always renders text).
  const shownAsText = await page.evaluate(
    (p) => [...document.querySelectorAll('body *')].some((el) => !el.closest('.monaco-editor') && el.children.length === 0 && (el.textContent ?? '').includes(p)),
    payload,
  );
  expect(shownAsText).toBe(true);
  expect(dialogs).toEqual([]);
});

// Issue 16: what a hostile paste or permalink must not do.

test('a template that tries to pollute JavaScript prototypes leaves the next scenario unchanged', async ({ page }) => {
  await openApp(page);
  await openResult(page, 'Admission');
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'injected');
  const before = await verdict.textContent();
  const model = (name: string) => page.evaluate((n) => (window as any).__meshsim.monaco.editor.getModel((window as any).__meshsim.monaco.Uri.parse(`file:///${n}.yaml`)).getValue() as string, name);
  const original = await model('injector');
  await setInput(page, 'injector', injectorWithSidecar('{{ $_ := set .__proto__ "polluted" "yes" }}{{ $_ := unset .Values "toString" }}{{ $_ := set .Values "__proto__" (dict "x" 1) }}'));
  await expect(verdict).toHaveAttribute('data-verdict', 'rejected');
  await expect(page.getByText(/can't evaluate field __proto__ in type inject\.SidecarTemplateData/).first()).toBeAttached();
  await setInput(page, 'injector', original);
  await expect(verdict).toHaveAttribute('data-verdict', 'injected');
  expect(await verdict.textContent()).toBe(before);
});

test('a 50 MB paste is refused with the limit said, and the text is still there after a reload', async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page);
  const big = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: huge\n  annotations:\n    a: "${'x'.repeat(50 * 1024 * 1024)}"\n`;
  await page.evaluate((size) => {
    const text = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: huge\n  annotations:\n    a: "${'x'.repeat(size)}"\n`;
    (window as any).__meshsim.setInput('workloads', text);
  }, 50 * 1024 * 1024);
  await expect(page.getByText(/workloads holds 50\.0 MB of text; meshsim reads at most 16\.0 MB per input/).first()).toBeAttached({ timeout: 120_000 });
  const length = () => page.evaluate(() => ((window as any).__meshsim.monaco.editor.getModel((window as any).__meshsim.monaco.Uri.parse('file:///workloads.yaml')).getValue() as string).length);
  expect(await length()).toBe(big.length);
  // The autosave (IndexedDB: it is far past localStorage's quota) holds it by the time the engine has answered.
  await page.reload();
  await page.waitForFunction(() => (window as any).__meshsim?.editor);
  await expect.poll(length, { timeout: 120_000 }).toBe(big.length);
});

test('the Markdown report of a workload whose name holds HTML renders as text', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  const name = '<img src=x onerror=alert(1)>[x](javascript:alert(1))';
  const model = (n: string) => page.evaluate((m) => (window as any).__meshsim.monaco.editor.getModel((window as any).__meshsim.monaco.Uri.parse(`file:///${m}.yaml`)).getValue() as string, n);
  const workloads = (await model('workloads')).replace('name: reviews', `name: ${JSON.stringify(name)}`);
  await setInput(page, 'workloads', workloads);
  await openResult(page, 'Admission');
  await expect(page.getByRole('tabpanel', { name: 'Admission' })).toContainText('onerror');
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(page.getByText('Report copied as Markdown')).toBeVisible();
  const report = await page.evaluate(() => navigator.clipboard.readText());
  const { micromark } = await import('micromark');
  const { gfm, gfmHtml } = await import('micromark-extension-gfm');
  const html = micromark(report, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  expect(html).not.toContain('<img');
  expect(html).not.toContain('href="javascript:');
  const heading = /<h2>(.*)<\/h2>/.exec(html)?.[1] ?? '';
  expect(heading.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')).toContain(name);
});
