import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTEGRATION_TESTS } from '../../vitest.config.ts';
import { ROOT } from './architecture-doc.ts';

/** What only an integration test may do: read the built example, open a browser, render. */
const NEEDS_A_BUILD: [RegExp, string][] = [
  [/inject\(\s*'exampleBuild'\s*\)/, 'reads the example the global setup built'],
  [/helpers\/(browser|built-site|customized-build)\.ts/, 'opens a browser or builds a site'],
  [/src\/render\/(index|render)\.ts/, 'renders with Astro'],
  [/path\.resolve\(\s*'dist/, "reads `npm run build`'s dist/"],
];

/** What a unit test may not do either: its files share one module graph per worker. */
const SHARED_STATE: [RegExp, string][] = [
  [/\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/, 'mocks a module or a global'],
  [/process\.env\.\w+\s*=[^=]|process\.chdir\(/, 'changes the environment or the folder'],
];

/** `npm run test:unit` runs every test file not in INTEGRATION_TESTS, with no global setup. */
describe('the unit tier', () => {
  const integration = new Set(globSync(INTEGRATION_TESTS, { cwd: ROOT }));

  it('lists no integration test that is not there', () => {
    for (const pattern of INTEGRATION_TESTS)
      expect(globSync(pattern, { cwd: ROOT }).length, pattern).toBeGreaterThan(0);
  });

  it('needs no build and no browser, and leaves no state behind', () => {
    const unit = globSync('test/**/*.test.ts', { cwd: ROOT }).filter((f) => !integration.has(f));
    expect(unit.length).toBeGreaterThan(50);
    const found = unit.sort().flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return [...NEEDS_A_BUILD, ...SHARED_STATE]
        .filter(([marker]) => marker.test(text))
        .map(([, what]) => `${file} ${what}: list it in INTEGRATION_TESTS (vitest.config.ts)`);
    });
    expect(found).toEqual([]);
  });
});
