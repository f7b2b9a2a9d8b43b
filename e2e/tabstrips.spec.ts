import type { Page } from '@playwright/test';
import { expect, openApp, setInput, test } from './fixtures.ts';

/*
 * Every tab of the result strip and of the input strip is whole and on screen, whichever result
 * tab is open, at a laptop's 1440 × 900 and a phone's 390 × 844, in both themes: a strip that
 * scrolled sideways hid Admission behind the workload picker when Upgrade was open, and on a phone
 * clipped the first tab beside "Show editor". Screenshots go to reports/tabstrips-*.png.
 */

const SIZES = [
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Each tab of a strip that is not whole inside both the strip and the screen, or that something covers. */
async function clippedTabs(page: Page, strip: string): Promise<string[]> {
  return page.locator(`[role=tablist][aria-label="${strip}"]`).evaluate((list) => {
    const bad: string[] = [];
    const s = list.getBoundingClientRect();
    if (list.scrollWidth > list.clientWidth + 1) bad.push(`the strip scrolls: ${list.scrollWidth} px of tabs in ${list.clientWidth} px`);
    for (const tab of list.querySelectorAll<HTMLElement>('[role=tab]')) {
      const r = tab.getBoundingClientRect();
      const name = tab.textContent?.trim();
      const inside = (a: DOMRect | { left: number; right: number; top: number; bottom: number }) => r.left >= a.left - 0.5 && r.right <= a.right + 0.5 && r.top >= a.top - 0.5 && r.bottom <= a.bottom + 0.5;
      if (r.width < 1 || r.height < 1) bad.push(`${name}: no size`);
      else if (!inside(s)) bad.push(`${name}: [${Math.round(r.left)}, ${Math.round(r.right)}] outside the strip [${Math.round(s.left)}, ${Math.round(s.right)}]`);
      else if (!inside({ left: 0, top: 0, right: innerWidth, bottom: innerHeight })) bad.push(`${name}: outside the screen`);
      else {
        // Nothing (the picker, the fold button) lies over either end of the tab.
        for (const x of [r.left + 2, r.right - 2]) {
          const hit = document.elementFromPoint(x, r.top + r.height / 2);
          if (!hit || !(hit === tab || tab.contains(hit))) bad.push(`${name}: covered at x=${Math.round(x)} by ${hit?.tagName.toLowerCase()}.${hit?.className}`);
        }
      }
    }
    return bad;
  });
}

async function openExample(page: Page, label: string, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByLabel('Example scenario').selectOption({ label });
  await expect(page.getByTestId('example-story')).toContainText(label);
  if (phone && (await page.locator('#topbar-tools').isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
}

for (const size of SIZES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`every tab is whole and on screen, whichever result tab is open, at ${size.width}×${size.height}, ${theme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      await openApp(page);
      // The canary-upgrade example has two workloads, so the picker sits beside the tabs.
      await openExample(page, 'A canary upgrade, step by step', size.name === 'phone');
      const results = page.getByRole('tablist', { name: 'Results' });
      for (const name of await results.getByRole('tab').allTextContents()) {
        await results.getByRole('tab', { name, exact: true }).click();
        await expect(results.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
        expect(await clippedTabs(page, 'Results'), `with ${name} open`).toEqual([]);
      }
      await page.screenshot({ path: `reports/tabstrips-${size.name}-${theme}-upgrade.png` });
      // The input strip, with the editor shown (a phone folds it away at first).
      if (size.name === 'phone') await page.getByRole('button', { name: 'Show editor' }).click();
      const inputs = page.locator('.input-bar [role=tablist]');
      await expect(inputs).toBeVisible();
      expect(await clippedTabs(page, (await inputs.getAttribute('aria-label'))!)).toEqual([]);
      // "Hide" keeps the first row of input tabs (on a row of its own it cost the editor a row),
      // and at a laptop's width the five input tabs and "Hide" share that one row.
      const rows = await page.locator('.input-bar').evaluate((bar) => {
        const mid = (el: Element) => { const r = el.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
        const tabs = [...bar.querySelectorAll('[role=tab]')];
        const first = tabs[0].getBoundingClientRect();
        const hide = bar.querySelector('.fold')!;
        return { hideOnFirstRow: mid(hide) > first.top && mid(hide) < first.bottom, tabRows: new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top))).size };
      });
      expect(rows.hideOnFirstRow, '"Hide" sits on the first row of input tabs').toBe(true);
      if (size.name === 'laptop') expect(rows.tabRows, 'input tabs on one row at 1440 × 900').toBe(1);
      await page.screenshot({ path: `reports/tabstrips-${size.name}-${theme}-editor.png` });
    });
  }
}

/*
 * An input tab with errors wears a badge that takes no width: at 1440 × 900 the five input tabs
 * and "Hide" stay on one row (beside a badge, "Mesh ConfigMap" went to a row of its own), the
 * tabs do not move when the errors appear, and at 390 × 844 every tab is still whole. Each badge
 * is whole inside the bar and covers no label. Screenshots go to reports/tabstrips-*-errors.png.
 */
for (const size of SIZES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`an input tab's error badge re-flows nothing, at ${size.width}×${size.height}, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      await openApp(page);
      if (size.name === 'phone') await page.getByRole('button', { name: 'Show editor' }).click();
      // Each tab's place in the bar and its width (the bar itself moves up when editing folds the example's story away).
      const boxes = () => page.locator('.input-bar').evaluate((bar) => {
        const b = bar.getBoundingClientRect();
        return [...bar.querySelectorAll('[role=tab]')].map((t) => { const r = t.getBoundingClientRect(); return [Math.round(r.left - b.left), Math.round(r.top - b.top), Math.round(r.width)]; });
      });
      // A YAML error in the Mesh ConfigMap tab (open: its label is bold), and one in Workloads (the first tab: its badge reaches over the gap to the second).
      await page.getByRole('tab', { name: 'Mesh ConfigMap' }).click();
      const before = await boxes();
      await setInput(page, 'mesh', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: istio\n');
      await setInput(page, 'workloads', 'kind: Pod\nmetadata: [\n');
      const badges = page.locator('.input-bar [role=tab] .badge.error');
      await expect(badges).toHaveCount(2);
      expect(await boxes(), 'the tabs keep their places and widths').toEqual(before);
      expect(await clippedTabs(page, 'Inputs')).toEqual([]);
      if (size.name === 'laptop') expect(new Set((await boxes()).map(([, top]) => top)).size, 'input tabs on one row at 1440 × 900').toBe(1);
      const placed = await page.locator('.input-bar').evaluate((bar) => {
        const b = bar.getBoundingClientRect();
        return [...bar.querySelectorAll('.badge')].map((badge) => {
          const r = badge.getBoundingClientRect();
          const tab = badge.closest('[role=tab]')!;
          // The label's own text, without the badge: where it ends.
          const range = document.createRange();
          range.setStart(tab.firstChild!, 0);
          range.setEnd(tab.firstChild!, tab.firstChild!.textContent!.length);
          const label = range.getBoundingClientRect();
          const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
          return { inside: r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom, clearOfLabel: r.left >= label.right - 1 || r.bottom <= label.top + 1, onTop: hit === badge };
        });
      });
      expect(placed).toEqual([{ inside: true, clearOfLabel: true, onTop: true }, { inside: true, clearOfLabel: true, onTop: true }]);
      await page.screenshot({ path: `reports/tabstrips-${size.name}-${theme}-errors.png` });
    });
  }
}
