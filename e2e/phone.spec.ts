import type { Locator, Page } from '@playwright/test';
import { generateDump } from '../src/engine/audit/index.ts';
import { expect, openApp, test } from './fixtures.ts';

/*
 * A 390 × 844 phone: the results take the screen, the editor folds away and comes back, every
 * dialog fits, and every control of every result panel (each of its views too) can be scrolled
 * to and tapped: it ends up inside the screen, not covered by anything else.
 */
test.use({ viewport: { width: 390, height: 844 } });

const WIDTH = 390;
const HEIGHT = 844;

/** The controls in `root` that cannot be brought on screen and tapped, described for the failure message. */
async function unreachable(root: Locator): Promise<string[]> {
  return root.evaluate((el, [w, h]) => {
    const controls = [...el.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary, [tabindex="0"]')].filter(
      (c) =>
        // Monaco's own widgets and React Flow's pannable canvas are reached by their own means (keys, panning).
        !c.closest('.monaco-editor, .react-flow__viewport') && c.getClientRects().length > 0 && getComputedStyle(c).visibility !== 'hidden',
    );
    const bad: string[] = [];
    for (const c of controls) {
      c.scrollIntoView({ block: 'center', inline: 'center' });
      const r = c.getBoundingClientRect();
      const x = Math.min(Math.max(r.left + r.width / 2, r.left + 1), r.right - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, r.top + 1), r.bottom - 1);
      const hit = document.elementFromPoint(x, y);
      const name = `${c.tagName.toLowerCase()} "${(c.getAttribute('aria-label') ?? c.textContent ?? '').trim().slice(0, 40)}"`;
      if (r.width < 1 || r.height < 1) bad.push(`${name}: no size`);
      else if (x < 0 || x > w || y < 0 || y > h) bad.push(`${name}: off screen at ${Math.round(x)},${Math.round(y)}`);
      else if (!hit || !(hit === c || c.contains(hit) || hit.closest('label')?.control === c)) bad.push(`${name}: covered by ${hit?.tagName.toLowerCase()}.${hit?.className}`);
    }
    // Reachable means on the screen, not somewhere the page itself must be dragged sideways to.
    if (document.documentElement.scrollWidth > w) bad.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    return bad;
  }, [WIDTH, HEIGHT] as const);
}

async function resultTabs(page: Page) {
  return page.getByRole('tablist', { name: 'Results' }).getByRole('tab').allTextContents();
}

test('the results take the screen, and the editor folds away and comes back', async ({ page }) => {
  await openApp(page);
  const panel = page.getByRole('tabpanel', { name: 'Admission' });
  const box = (await panel.boundingBox())!;
  expect(box.height, 'the open result panel gets most of the screen').toBeGreaterThan(HEIGHT * 0.7);
  expect(box.width).toBeLessThanOrEqual(WIDTH);
  await expect(page.locator('.editor-host')).toBeHidden();
  // Folded away, nothing in it takes the focus: Tab from the menu goes straight to the results.
  await expect(page.locator('.editor-pane-body')).toHaveAttribute('inert', '');
  await page.getByRole('button', { name: 'Menu' }).focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.editor-pane-body') === null)).toBe(true);
  await page.getByRole('button', { name: 'Show editor' }).click();
  await expect(page.locator('.editor-host')).toBeVisible();
  await expect(page.locator('.editor-pane-body')).not.toHaveAttribute('inert', /.*/);
  expect((await page.locator('.editor-host').boundingBox())!.height).toBeGreaterThan(200);
  expect(await unreachable(page.locator('.input-bar'))).toEqual([]);
  await page.getByRole('button', { name: 'Hide editor' }).click();
  await expect(page.locator('.editor-host')).toBeHidden();
  expect((await panel.boundingBox())!.height).toBeGreaterThan(HEIGHT * 0.7);
});

/** Every control of every result panel of the scenario on screen, in each of the panel's views. */
async function unreachableInPanels(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const tab of await resultTabs(page)) {
    await page.getByRole('tablist', { name: 'Results' }).getByRole('tab', { name: tab, exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await expect(panel).toBeVisible();
    await page.waitForTimeout(600); // lazy parts (the diff, the diagram) settle
    problems.push(...(await unreachable(panel)).map((p) => `${tab}: ${p}`));
    const views = panel.getByRole('tab');
    const names = await views.allTextContents();
    for (const view of names) {
      await panel.getByRole('tab', { name: view, exact: true }).click();
      await page.waitForTimeout(400);
      problems.push(...(await unreachable(panel)).map((p) => `${tab} › ${view}: ${p}`));
    }
  }
  problems.push(...(await unreachable(page.locator('.results-bar'))).map((p) => `results bar: ${p}`));
  return problems;
}

test('every control of every result panel, in every view, is reachable', async ({ page }) => {
  test.setTimeout(180_000);
  await openApp(page);
  expect(await unreachableInPanels(page)).toEqual([]);
});

// The ambient examples fill panels the default scenario leaves short: istio-cni's switches and
// settings, fixes for a sidecar/ambient conflict, the node agent's nft rules in Traffic.
for (const example of ['Namespace labelled for both sidecar and ambient', 'An ambient pod on an nftables node']) {
  test(`every control is reachable in the example “${example}”`, async ({ page }) => {
    test.setTimeout(180_000);
    await openApp(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByLabel('Example scenario').selectOption({ label: example });
    await expect(page.getByTestId('example-story')).toContainText(example);
    if (await page.locator('#topbar-tools').isVisible()) await page.getByRole('button', { name: 'Menu' }).click();
    expect(await unreachableInPanels(page)).toEqual([]);
  });
}

test('the header menu and every dialog fit the screen', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  const tools = page.locator('#topbar-tools');
  await expect(tools).toBeVisible();
  expect(await unreachable(tools)).toEqual([]);
  await page.getByRole('button', { name: 'Audit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cluster audit' });
  await expect(dialog).toBeVisible();
  const fits = async () => {
    const box = (await dialog.locator('.audit-view').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    expect(await unreachable(dialog)).toEqual([]);
  };
  await fits();
  // With a dump audited, the table and its filters still fit.
  await dialog.getByLabel('Paste a dump').evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, generateDump({ pods: 30, seed: 5 }));
  await expect(dialog.getByTestId('audit-phase')).toContainText('Audited', { timeout: 60_000 });
  await fits();
  await dialog.getByRole('button', { name: 'Close audit' }).click();
  await expect(dialog).toBeHidden();
});
