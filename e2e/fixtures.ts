import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test gets a page whose requests are recorded; a request to any origin but the page's own
 * fails the test, because nothing a user pastes may ever leave the browser.
 */
export const test = base.extend<{ foreignRequests: string[] }>({
  foreignRequests: [
    async ({ page, baseURL }, use) => {
      const own = new URL(baseURL!).origin;
      const foreign: string[] = [];
      page.on('request', (req) => {
        const url = req.url();
        if (url.startsWith('data:') || url.startsWith('blob:')) return;
        if (new URL(url).origin !== own) foreign.push(url);
      });
      await use(foreign);
      expect(foreign, 'requests to other origins').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until Monaco is up and the engine has answered at least once. */
export async function openApp(page: Page) {
  await page.goto('./');
  await page.waitForFunction(() => (window as any).__meshsim?.editor);
  await expect(page.getByTestId('engine-status')).toContainText('Simulated in');
}

/** Presses Copy as Markdown and returns what reached the clipboard (the context must grant clipboard access). */
export async function copyReport(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Markdown' })).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Replaces an input's text exactly (Monaco re-indents typed YAML, so tests set it through the model). */
export async function setInput(page: Page, name: string, text: string) {
  await page.evaluate(([n, t]) => (window as any).__meshsim.setInput(n, t), [name, text] as const);
}

export async function markers(page: Page, name: string) {
  return page.evaluate((n): { line: number; column: number; message: string; owner: string }[] => {
    const { monaco } = (window as any).__meshsim;
    return monaco.editor
      .getModelMarkers({ resource: monaco.Uri.parse(`file:///${n}.yaml`) })
      .map((m: any) => ({ line: m.startLineNumber, column: m.startColumn, message: m.message, owner: m.owner }));
  }, name);
}
