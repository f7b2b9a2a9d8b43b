import { defineConfig } from '@playwright/test';

// The e2e tests run against the production build served under a sub-path, as GitHub Pages serves
// it, in Debian's Chromium (browsers cannot be downloaded here).
const base = process.env.BASE_PATH ?? '/meshsim/';
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}${base}`,
    headless: true,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
  webServer: {
    command: `npx --no-install vite preview --host 127.0.0.1 --port ${port} --strictPort --base ${base}`,
    url: `http://127.0.0.1:${port}${base}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
