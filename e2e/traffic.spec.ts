import type { Page } from '@playwright/test';
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

test('the nftables install: backend and why, the nft script, nft list ruleset, base chains with hook and priority', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Example scenario').selectOption({ label: 'An install that programs nftables' });
  await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
  await expect(page.getByTestId('capture-backend')).toContainText('Backend: nftables');
  await expect(page.getByTestId('capture-backend')).toContainText('values.global.nativeNftables');
  await expect(page.getByTestId('trace-final')).toContainText('REDIRECT to 15001');
  const diagram = page.getByTestId('chain-diagram');
  const output = diagram.locator('[data-chain="istio-proxy-nat/output"]');
  await expect(output).toContainText('hook output · priority -100 · nat');
  await expect(diagram.locator('[data-chain="istio-proxy-nat/prerouting"]')).toContainText('priority dstnat');
  await expect(diagram.locator('[data-chain="istio-proxy-nat/istio-redirect"]')).toHaveClass(/on-path/);
  await expect(diagram.locator('.chain-box.listener.on-path')).toContainText('15001');
  await page.getByRole('tab', { name: 'nft script' }).click();
  await expect(page.getByTestId('rules-payload')).toContainText('add table inet istio-proxy-nat');
  await expect(page.getByTestId('rules-payload')).toContainText('add rule inet istio-proxy-nat istio-redirect meta l4proto tcp counter redirect to :15001');
  await page.getByRole('tab', { name: 'Kernel view (nft list ruleset)' }).click();
  await expect(page.getByTestId('rules-save')).toContainText('table inet istio-proxy-nat {');
  await expect(page.getByTestId('rules-save')).toContainText('type nat hook output priority -100; policy accept;');
});

test('a rule row is a button: it shows the flag that made the rule and its line in the payload', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
  await page.getByRole('button', { name: 'App calls a service' }).click();
  const row = page.getByTestId('chain-diagram').locator('[data-rule="nat/ISTIO_REDIRECT#1"]');
  await expect(row).toHaveAttribute('aria-pressed', 'false');
  await row.click();
  await expect(row).toHaveAttribute('aria-pressed', 'true');
  const details = page.getByTestId('rule-details');
  await expect(details).toContainText('-A ISTIO_REDIRECT -p tcp -j REDIRECT --to-ports 15001');
  await expect(page.getByTestId('rule-from')).toContainText('-p');
  await expect(details.locator('.line.selected')).toContainText('-A ISTIO_REDIRECT -p tcp -j REDIRECT --to-ports 15001');
  await details.getByRole('button', { name: /Show in the iptables-restore payload/ }).click();
  await expect(page.getByRole('tab', { name: 'iptables-restore payload' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('rules-payload').locator('.line.selected')).toContainText('-A ISTIO_REDIRECT -p tcp -j REDIRECT --to-ports 15001');
  // The trace's hits select their rule too, with the keyboard as well.
  await page.getByRole('tab', { name: 'Chains' }).click();
  const hit = page.getByTestId('trace').locator('[data-at="nat/OUTPUT#1"] button');
  await hit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chain-diagram').locator('[data-rule="nat/OUTPUT#1"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('rule-details')).toContainText('Rule nat/OUTPUT#1');
});

test('the packet form refuses an address that is not one, on the field', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
  await expect(page.getByTestId('trace-final')).toContainText('REDIRECT to 15001');
  const addr = page.getByLabel('Destination address');
  await addr.fill('10.0.0.300');
  await page.getByRole('button', { name: 'Trace', exact: true }).click();
  await expect(addr).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('packet-error-addr')).toHaveText('"10.0.0.300" is not an IP address.');
  await expect(addr).toHaveAccessibleDescription('"10.0.0.300" is not an IP address.');
  await addr.fill('2001:db8::1');
  await expect(page.getByTestId('packet-error-addr')).toContainText('This trace is IPv4');
  const port = page.getByLabel('Destination port');
  await port.fill('70000');
  await expect(page.getByTestId('packet-error-port')).toContainText('0 to 65535');
  await addr.fill('203.0.113.9');
  await port.fill('5432');
  await expect(addr).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Trace', exact: true }).click();
  await expect(page.locator('.trace-packet')).toContainText('203.0.113.9:5432');
});

const podWithOutboundExclusion = (value: string) =>
  [
    'apiVersion: v1',
    'kind: Pod',
    'metadata: {name: injected, namespace: default}',
    'spec:',
    '  initContainers:',
    '  - name: istio-init',
    '    image: docker.io/istio/proxyv2:1.24.0',
    `    args: ["istio-iptables", "-p", "15001", "-z", "15006", "-u", "1337", "-m", "REDIRECT", "-i", "*", "-b", "*", "-o", ${JSON.stringify(value)}]`,
    '  containers:',
    '  - name: app',
    '    image: nginx',
    '  - name: istio-proxy',
    '    image: docker.io/istio/proxyv2:1.24.0',
  ].join('\n');

test('a line break in a value is flagged, and the payload iptables-restore refuses means the pod does not start', async ({ page }) => {
  await openApp(page);
  await page.evaluate((t) => (window as any).__meshsim.setInput('workloads', t), podWithOutboundExclusion('80\n-A OUTPUT -j ACCEPT'));
  await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
  const alert = page.getByTestId('capture-corrupt');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('line break');
  await expect(alert).toContainText('"80\\n-A OUTPUT -j ACCEPT"');
  await expect(page.getByTestId('capture-refused')).toContainText('multiple -j flags not allowed');
  await expect(page.getByTestId('capture-refused')).toContainText('Init:CrashLoopBackOff');
  await page.getByRole('tab', { name: 'iptables-restore payload' }).click();
  // Every line the value's break put into the payload is marked, and only those (one per rule that carries -o).
  const injected = page.getByTestId('rules-payload').locator('.line.injected');
  await expect(injected.first()).toContainText('-A OUTPUT -j ACCEPT -j RETURN');
  for (const text of await injected.allTextContents()) expect(text).toMatch(/-A OUTPUT -j ACCEPT -j RETURN$/);
  await expect(page.getByTestId('rules-payload').locator('.line:not(.injected)', { hasText: '-A OUTPUT -j ACCEPT' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Kernel view (iptables-save)' }).click();
  await expect(page.getByTestId('rules-save')).not.toContainText('-A OUTPUT -j ACCEPT');
});

test('an injected line iptables-restore accepts is drawn as injected, never as a clean rule', async ({ page }) => {
  await openApp(page);
  await page.evaluate((t) => (window as any).__meshsim.setInput('workloads', t), podWithOutboundExclusion('80 -j RETURN\n-I OUTPUT 1 -j ACCEPT\n-A ISTIO_OUTPUT -p tcp --dport 81'));
  await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
  await expect(page.getByTestId('capture-corrupt')).toContainText('accepts this text');
  const row = page.getByTestId('chain-diagram').locator('[data-rule="nat/OUTPUT#1"]');
  await expect(row).toHaveClass(/injected/);
  await expect(row).toContainText('⚠ injected');
  await row.click();
  await expect(page.getByTestId('rule-why')).toContainText('not a rule istio-iptables meant');
});

/** The DNS example's Traffic panel with the preset of the agent's answer to the app picked. */
async function openDnsAnswer(page: Page) {
  await openApp(page);
  await page.getByLabel('Example scenario').selectOption({ label: 'DNS capture by the Istio agent' });
  await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
  await page.getByRole('button', { name: 'DNS answer to the app' }).click();
}

test("the DNS proxy's answer to the app comes back from the nameserver the app asked", async ({ page }) => {
  await openDnsAnswer(page);
  await expect(page.getByTestId('trace-final')).toContainText('conntrack NAT to 10.96.0.10:53');
  await expect(page.getByTestId('trace-prelude')).toContainText('UDP 192.0.2.10:40000 → 10.96.0.10:53 (uid 1000)');
  await expect(page.getByTestId('trace-conntrack')).toContainText('zone 2');
  await expect(page.getByTestId('trace-conntrack')).toContainText('reply 127.0.0.1:15053 -> 192.0.2.10:40000');
});

test('the DNS answer keeps the query it answers when the packet form edits it, or says it no longer applies', async ({ page }) => {
  await openDnsAnswer(page);
  await expect(page.getByTestId('packet-answers')).toContainText('Answers the query UDP 192.0.2.10:40000 → 10.96.0.10:53');
  // Sent to another port, the reply answers a query from that port: still un-NATed by conntrack.
  await page.getByLabel('Destination port').fill('40001');
  await page.getByRole('button', { name: 'Trace', exact: true }).click();
  await expect(page.getByTestId('trace-prelude')).toContainText('UDP 192.0.2.10:40001 → 10.96.0.10:53');
  await expect(page.getByTestId('trace-final')).toContainText('conntrack NAT to 10.96.0.10:53');
  // Inbound, it answers nothing the pod sent: the form says so before and after the trace.
  await page.locator('.custom-packet select').first().selectOption('inbound');
  await expect(page.getByTestId('packet-answers-dropped')).toContainText('no longer applies');
  await page.getByRole('button', { name: 'Trace', exact: true }).click();
  await expect(page.getByTestId('trace-prelude')).toHaveCount(0);
  await expect(page.getByTestId('packet-answers-dropped')).toContainText('traced on its own');
});
