import type { Page } from '@playwright/test';
import { expect, openApp, setInput, test } from './fixtures.ts';

// A verified fix's texts are written by the engine when its Apply is pressed (not for every
// analysis): Apply still applies it as one undoable change, and a fix that cannot be written into
// a tab says so under its button. Screenshots at 1440x900 and 390x844, light and dark, go to
// reports/apply-fix-*.png for a person to look at.

const model = (name: string) => `window.__meshsim.monaco.editor.getModel(window.__meshsim.monaco.Uri.parse('file:///${name}.yaml'))`;
const textOf = (page: Page, name: string) => page.evaluate(`${model(name)}.getValue()`) as Promise<string>;

async function shots(page: Page, what: string) {
  for (const [size, theme] of [['1440x900', 'light'], ['1440x900', 'dark'], ['390x844', 'light'], ['390x844', 'dark']] as const) {
    const [width, height] = size.split('x').map(Number);
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `reports/apply-fix-${what}-${size}-${theme}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a fix into a tab with a YAML error says so and changes nothing; one into another tab applies and undoes', async ({ page }) => {
  await openApp(page);
  // The namespace loses its label, and the Namespaces tab gets a second, broken document.
  const namespaces = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: bookinfo\n---\nbroken: [unclosed\n';
  await setInput(page, 'namespaces', namespaces);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-injected');
  const suggestions = page.getByRole('region', { name: 'What would change the verdict' });
  const label = suggestions.locator('li', { hasText: 'Label namespace bookinfo with istio-injection=enabled' });
  await label.getByRole('button', { name: 'Apply to the YAML' }).click();
  await expect(label.getByTestId('fix-notice')).toContainText('cannot be written into the Namespaces tab: it has a YAML error');
  expect(await textOf(page, 'namespaces')).toBe(namespaces);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-injected');
  await shots(page, 'refused');

  const workloadsBefore = await textOf(page, 'workloads');
  const podLabel = suggestions.locator('li', { hasText: 'to the Deployment\'s pod template' }).first();
  await podLabel.getByRole('button', { name: 'Apply to the YAML' }).click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'injected');
  expect(await textOf(page, 'workloads')).not.toBe(workloadsBefore);
  expect(await textOf(page, 'namespaces')).toBe(namespaces);
  await expect(page.getByRole('status').filter({ hasText: 'Applied:' })).toBeVisible();
  await shots(page, 'applied');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-injected');
  expect(await textOf(page, 'workloads')).toBe(workloadsBefore);
  // Fixing the YAML error makes the namespace's fix writable: the notice is gone and it applies.
  await setInput(page, 'namespaces', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: bookinfo\n');
  await expect(label.getByTestId('fix-notice')).toHaveCount(0);
  await label.getByRole('button', { name: 'Apply to the YAML' }).click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'injected');
  expect(await textOf(page, 'namespaces')).toContain('istio-injection: enabled');
});
