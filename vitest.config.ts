import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on 2 cores is one worker; many files wait on child processes (Astro
    // builds, Chromium), so two at once use the machine better.
    maxWorkers: 2,
    globalSetup: ['./test/global-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
