import AxeBuilder from '@axe-core/playwright';
import { expect, openApp, test } from './fixtures.ts';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations in the ${colorScheme} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    await openApp(page);
    const problems: string[] = [];
    // Every result panel the registry has, read from the page.
    for (const panel of await page.getByRole('tablist', { name: 'Results' }).getByRole('tab').allTextContents()) {
      await page.getByRole('tab', { name: panel, exact: true }).click();
      await page.waitForTimeout(800);
      const results = await new AxeBuilder({ page }).exclude('.monaco-editor').exclude('.react-flow__renderer').analyze();
      for (const v of results.violations) {
        if (v.impact !== 'serious' && v.impact !== 'critical') continue;
        problems.push(`${panel}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      }
    }
    await page.screenshot({ path: `reports/theme-${colorScheme}.png` });
    expect(problems).toEqual([]);
  });
}

test('every control can be reached with the keyboard, with a visible focus', async ({ page }) => {
  await openApp(page);
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { name: '', visible: false };
      const style = getComputedStyle(el);
      const label = (el as HTMLInputElement).labels?.[0]?.textContent;
      return { name: (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim().slice(0, 40), visible: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' };
    });
  await page.keyboard.press('Tab');
  expect((await focused()).name).toBe('Skip to results');
  const header: string[] = [];
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab');
    const f = await focused();
    header.push(f.name);
    expect(f.visible, `focus ring on ${f.name}`).toBe(true);
  }
  for (const name of ['Istio CNI', 'Example scenario', 'Copy link', 'Workloads']) expect(header.some((s) => s.includes(name)), name).toBe(true);
  // Past the editor (which keeps Tab for indentation) with the skip link.
  await page.keyboard.press('Shift+Tab');
  await page.reload();
  await page.waitForFunction(() => (window as any).__meshsim?.editor);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  expect((await focused()).name).toBe('Admission');
  // The result tabs are one Tab stop; the arrow keys move between them and open the one they reach.
  const tabs = await page.getByRole('tablist', { name: 'Results' }).getByRole('tab').allTextContents();
  for (let i = 1; i < tabs.length; i++) {
    await page.keyboard.press('ArrowRight');
    expect((await focused()).name).toBe(tabs[i]);
    await expect(page.getByRole('tab', { name: tabs[i], exact: true })).toHaveAttribute('aria-selected', 'true');
  }
  await page.keyboard.press('ArrowRight');
  expect((await focused()).name).toBe(tabs[0]);
  await page.keyboard.press('End');
  await expect(page.getByRole('tabpanel', { name: tabs.at(-1) })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tabpanel', { name: tabs[0] })).toBeVisible();
  await page.keyboard.press('Tab');
  expect((await focused()).name).not.toBe(tabs[1]);
});

test('Tab indents inside the editor, a hint says how to leave, and Escape leaves it', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('editor-hint')).toBeHidden();
  await page.locator('.monaco-editor .view-lines').click();
  await expect(page.getByTestId('editor-hint')).toBeVisible();
  await expect(page.getByTestId('editor-hint')).toContainText('Esc');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
  await expect(page.locator(':focus')).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => document.activeElement?.closest('#results') !== null)).toBe(true);
  await expect(page.getByTestId('editor-hint')).toBeHidden();
});
