import { defineConfig } from 'vitest/config';

/**
 * A test's tier is where it lives or its name, never a list:
 *
 * - **integration** (`test/e2e/**`, `*.integration.test.ts`): reads the example built once per
 *   run (`inject('exampleBuild')`, test/global-setup.ts), renders with Astro, opens Chromium, or
 *   takes its time on purpose (real rate-limit windows, markdown properties at scale);
 * - **package** (`*.package.test.ts`): packs the package, installs the tarball in an empty
 *   folder and builds there (`npm run test:package`, a CI step of its own);
 * - **unit**: every other test file, which `npm run test:unit` runs alone with no global setup.
 *
 * `npm test` runs the unit and integration tiers; test/architecture/tiers.test.ts fails when a
 * unit test starts to need a build or a browser.
 */
export const TIERS = {
  integration: ['test/e2e/**/*.test.ts', 'test/**/*.integration.test.ts'],
  package: ['test/**/*.package.test.ts'],
} as const;

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Node runs the tests' TypeScript itself (type stripping, as a checkout's `offprint` does),
    // not Vite's module runner: nothing is transformed, and the code under test runs as Node
    // runs it. That costs the suite nothing it uses: no test mocks a module (see the projects
    // below), and `vi.mock` is what the runner would be needed for. The unit tier takes 13%
    // less CPU this way.
    experimental: { viteModuleRunner: false, nodeLoader: false },
    // Vitest's default on 2 cores is one worker; many files wait on child processes (Astro
    // builds, Chromium), so two at once use the machine better.
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
    // Buffers compared byte for byte at once (a whole output tree is a map of them).
    setupFiles: ['./test/byte-equality.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...TIERS.integration, ...TIERS.package],
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
          include: [...TIERS.integration],
          globalSetup: ['./test/global-setup.ts'],
          // One module graph per worker here too: each file's fresh import of Astro, Vite,
          // Shiki and playwright cost 35 s of the tier's CPU. A file that changes the
          // environment puts it back (tiers.test.ts holds both tiers to no mocks).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'package', include: [...TIERS.package] },
      },
    ],
  },
});
