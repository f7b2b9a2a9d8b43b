import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalog } from '../src/examples/catalog.ts';
import { expect, openApp, test } from './fixtures.ts';

// The same files the app bundles; each example's story states the verdict (and trace) it shows.
const root = fileURLToPath(new URL('../src/examples', import.meta.url));
const files: Record<string, string> = {};
for (const dir of readdirSync(root, { withFileTypes: true })) {
  if (!dir.isDirectory()) continue;
  for (const f of readdirSync(join(root, dir.name))) files[`./${dir.name}/${f}`] = readFileSync(join(root, dir.name, f), 'utf8');
}
const examples = buildCatalog(files);

test('every example loads and shows its verdict', async ({ page }) => {
  test.setTimeout(180_000);
  await openApp(page);
  for (const e of examples) {
    await page.getByLabel('Example scenario').selectOption({ label: e.title });
    await expect(page.getByTestId('example-story'), e.id).toContainText(e.title);
    await expect(page.getByTestId('verdict'), e.id).toHaveAttribute('data-verdict', e.expect.verdict);
    if (e.expect.trace) {
      await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
      await expect(page.getByTestId('trace-final'), e.id).toContainText(e.expect.trace.final);
      await page.getByRole('tab', { name: 'Admission', exact: true }).click();
    }
  }
});
