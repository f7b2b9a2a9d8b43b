import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts so unit tests never load the React or Monaco build setup.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: 'reports/vitest.json' } : undefined,
  },
});
