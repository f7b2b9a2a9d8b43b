import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium } from '@playwright/test';
import type { BenchRow, BenchSuite } from './harness.ts';

/*
 * From the last keystroke to the updated verdict, in the built app in Chromium, on the default
 * scenario. The Workloads tab's pod template gets the label `sidecar.istio.io/inject: "false"`
 * (not injected); each edit is one keystroke that flips the verdict — `e` makes the value "falsee"
 * (injected), Backspace makes it "false" again — typed into Monaco as a user types. The page
 * records the keydown and the moment the Admission panel's verdict changes; the difference is the
 * latency of that edit. The app is built into a folder of its own and served by `vite preview`.
 */

const quick = process.env.MESHSIM_BENCH_QUICK === '1';
const EDITS = quick ? 10 : 50;
const OUT = 'node_modules/.cache/meshsim-bench-dist';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForServer(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the preview server did not come up at ${url}`);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

export const suite: BenchSuite = {
  name: `keystroke to updated verdict in the app (Chromium, default scenario, ${EDITS} edits)`,
  clock: 'wall',
  async run(): Promise<BenchRow[]> {
    const built = spawnSync('npx', ['vite', 'build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'error'], { env: { ...process.env, BASE_PATH: '/meshsim/' }, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`vite build failed: ${built.stderr}`);
    const port = await freePort();
    const server = spawn('npx', ['vite', 'preview', '--outDir', OUT, '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--base', '/meshsim/'], { stdio: 'ignore', detached: true });
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      const url = `http://127.0.0.1:${port}/meshsim/`;
      await waitForServer(url, 30_000);
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(url);
      await page.waitForFunction(() => (window as any).__meshsim?.editor);
      await page.getByTestId('engine-status').filter({ hasText: 'Simulated in' }).waitFor();
      const workloads = readFileSync(new URL('../src/examples/default/workloads.yaml', import.meta.url), 'utf8').replace(
        '        version: v1\n',
        '        version: v1\n        sidecar.istio.io/inject: "false"\n',
      );
      await page.getByRole('tab', { name: /workloads/i }).first().click();
      await page.evaluate((t) => (window as any).__meshsim.setInput('workloads', t), workloads);
      const verdict = page.getByTestId('verdict');
      await verdict.and(page.locator('[data-verdict="not-injected"]')).waitFor();
      // The cursor after `false`, in the editor the user types into.
      await page.evaluate(() => {
        const { editor } = (window as any).__meshsim;
        const model = editor.getModel();
        const at = model.findMatches('"false"', false, false, false, null, false)[0].range;
        editor.setPosition({ lineNumber: at.startLineNumber, column: at.endColumn - 1 });
        editor.focus();
      });
      await page.evaluate(() => {
        const w = window as any;
        w.__bench = { keydowns: [] as number[], changes: [] as { at: number; verdict: string }[] };
        document.addEventListener('keydown', () => w.__bench.keydowns.push(performance.now()), { capture: true });
        const el = document.querySelector('[data-testid="verdict"]')!;
        new MutationObserver(() => w.__bench.changes.push({ at: performance.now(), verdict: el.getAttribute('data-verdict') })).observe(el, { attributes: true, attributeFilter: ['data-verdict'] });
      });
      const latencies: number[] = [];
      for (let i = 0; i < EDITS; i++) {
        const want = i % 2 === 0 ? 'injected' : 'not-injected';
        await page.keyboard.press(i % 2 === 0 ? 'e' : 'Backspace');
        await page.waitForFunction((w) => (window as any).__bench.changes.at(-1)?.verdict === w, want, { timeout: 10_000 });
        const { keydowns, changes } = await page.evaluate(() => (window as any).__bench);
        latencies.push(changes.at(-1).at - keydowns.at(-1));
        // A pause between edits, as between a user's keystrokes that change something.
        await page.waitForTimeout(80);
      }
      const sorted = [...latencies].sort((a, b) => a - b);
      const rows: BenchRow[] = [
        { what: 'keystroke → verdict, p50', ms: quantile(sorted, 0.5) },
        { what: 'keystroke → verdict, p95 (goal ≤ 60 ms)', ms: quantile(sorted, 0.95) },
        { what: 'keystroke → verdict, max', ms: sorted.at(-1)! },
      ];
      return rows;
    } finally {
      await browser.close();
      try {
        process.kill(-server.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  },
};
