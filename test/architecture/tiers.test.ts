import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIERS } from '../../vitest.config.ts';
import { ROOT } from './architecture-doc.ts';

/** What only an integration test may do: read the built example, open a browser, render. */
const NEEDS_A_BUILD: [RegExp, string][] = [
  [/inject\(\s*'(exampleBuild|smallBuild)'\s*\)/, 'reads a site the global setup built'],
  [/helpers\/(browser|built-site|customized-build)\.ts/, 'opens a browser or builds a site'],
  [/src\/render\/(index|render)\.ts/, 'renders with Astro'],
  [/path\.resolve\(\s*'dist/, "reads `npm run build`'s dist/"],
];

/** What no test may do: the files of either tier share one module graph per worker. */
const MOCKS: [RegExp, string] = [
  /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/,
  'mocks a module or a global',
];

/**
 * What a unit test may not do either (an integration test that must, puts it back in a
 * `finally`, as test/theme/overrides.integration.test.ts does).
 */
const SHARED_STATE: [RegExp, string][] = [
  MOCKS,
  [/process\.env\.\w+\s*=[^=]|process\.chdir\(/, 'changes the environment or the folder'],
];

/** `npm run test:unit` runs every test file that is neither integration nor package by name or place. */
describe('the unit tier', () => {
  const tiered = new Set(globSync([...TIERS.integration, ...TIERS.package], { cwd: ROOT }));

  it('finds the integration and package tiers by their names and places', () => {
    for (const pattern of [...TIERS.integration, ...TIERS.package])
      expect(globSync(pattern, { cwd: ROOT }).length, pattern).toBeGreaterThan(0);
  });

  it('needs no build and no browser, and leaves no state behind', () => {
    const unit = globSync('test/**/*.test.ts', { cwd: ROOT }).filter((f) => !tiered.has(f));
    expect(unit.length).toBeGreaterThan(50);
    const found = unit.sort().flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return [...NEEDS_A_BUILD, ...SHARED_STATE]
        .filter(([marker]) => marker.test(text))
        .map(([, what]) => `${file} ${what}: name it *.integration.test.ts (vitest.config.ts)`);
    });
    expect(found).toEqual([]);
  });

  it('mocks nothing in the integration tier either', () => {
    const found = [...tiered]
      .filter((file) => !file.endsWith('.package.test.ts'))
      .filter((file) => MOCKS[0].test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(tiered.size).toBeGreaterThan(40);
    expect(found, `${MOCKS[1]}: it would reach the next file in its worker`).toEqual([]);
  });
});
