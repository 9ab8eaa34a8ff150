import { defineConfig } from 'vitest/config';

/**
 * Integration tests: they read the example built once per run (`inject('exampleBuild')`,
 * test/global-setup.ts), render with Astro themselves, open Chromium or pack the package; and
 * the two that take their time on purpose (real rate-limit windows, markdown properties and
 * inputs at scale), half the unit tier's time between them. Every other file is a unit test,
 * which `npm run test:unit` runs alone, with no global setup, for the edit-test loop;
 * test/architecture/tiers.test.ts fails when a unit test starts to need a build or a browser.
 */
export const INTEGRATION_TESTS = [
  'test/e2e/**/*.test.ts',
  'test/adaptive/build.test.ts',
  'test/cli/ci-cache.test.ts',
  'test/cli/concurrent-builds.test.ts',
  'test/cli/corrupt-cache.test.ts',
  'test/cli/disk-errors.test.ts',
  'test/cli/failures.test.ts',
  'test/cli/interrupt.test.ts',
  'test/cli/preview.test.ts',
  'test/cli/progress.test.ts',
  'test/diagrams/drawer.test.ts',
  'test/hostile/hostile.test.ts',
  'test/hostile-data/hostile-data.test.ts',
  'test/hosting/ai-outputs.test.ts',
  'test/hosting/broken-links.test.ts',
  'test/hosting/example-copies.test.ts',
  'test/hosting/visibility.test.ts',
  'test/local-pages/build.test.ts',
  'test/local-pages/example.test.ts',
  'test/package/init.test.ts',
  'test/package/pack.test.ts',
  'test/markdown/properties.test.ts',
  'test/mcp/hostile.test.ts',
  'test/mcp/http.test.ts',
  'test/mcp/stdio.test.ts',
  'test/openapi/example.test.ts',
  'test/pdf/chunks.test.ts',
  'test/pdf/cli-pdf.test.ts',
  'test/pdf/example-pdf.test.ts',
  'test/pdf/image-variants.test.ts',
  'test/pdf/site-pdf.test.ts',
  'test/pull/rate-limits.test.ts',
  'test/render/chrome-build.test.ts',
  'test/render/diagrams-build.test.ts',
  'test/render/incremental.test.ts',
  'test/render/locale-build.test.ts',
  'test/render/progress.test.ts',
  'test/render/unchanged.test.ts',
  'test/search/index-site.test.ts',
  'test/theme/built.test.ts',
  'test/theme/page-weight.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on 2 cores is one worker; many files wait on child processes (Astro
    // builds, Chromium), so two at once use the machine better.
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: INTEGRATION_TESTS,
          // One module graph per worker, not per file: importing Shiki, unified and zod again
          // for each file was 40% of the tier's time. Unit tests mock nothing and set no
          // globals (tiers.test.ts), so a file finds the modules as a fresh import would.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION_TESTS,
          globalSetup: ['./test/global-setup.ts'],
        },
      },
    ],
  },
});
