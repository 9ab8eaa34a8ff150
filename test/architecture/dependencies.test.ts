import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './architecture-doc.ts';
import {
  type Import,
  importsOf,
  installed,
  isExported,
  type Manifest,
  moduleCode,
  packageOf,
  readJson,
  typesPackage,
} from './package-imports.ts';

/**
 * package.json declares exactly what the package uses: every package the shipped code imports at
 * run time is in `dependencies` (a strict installer such as pnpm gives a package nothing else),
 * every dependency is used, and no import reaches into a package past its `exports` map. A type
 * erased before anything runs needs only to be declared somewhere (a devDependency will do).
 */

/** The shipped code that imports packages (package.json "files"; docs/ and examples/ are text). */
const SOURCES = [
  'src/**/*.{ts,mts,astro}',
  'themes/**/*.{ts,js,astro}',
  'bin/**/*.js',
  'astro.config.mjs',
  'examples/**/*.{mdx,astro}',
];

/**
 * Dependencies the code uses by name rather than by import, each checked to be named, quoted, in
 * its file, so an entry cannot outlive its use.
 */
const USED_BY_NAME: { file: string; why: string; packages: string[] }[] = [
  {
    file: 'src/theme/fonts.ts',
    why: "a built-in font's files are found by package name and copied into the output",
    packages: [
      '@fontsource/fira-sans',
      '@fontsource/ibm-plex-serif',
      '@fontsource/inter',
      '@fontsource/lato',
      '@fontsource/merriweather',
      '@fontsource/noto-sans',
      '@fontsource/open-sans',
      '@fontsource/overpass',
      '@fontsource/poppins',
      '@fontsource/raleway',
      '@fontsource/roboto',
      '@fontsource/roboto-slab',
      '@fontsource/source-sans-3',
      '@fontsource/ubuntu',
    ],
  },
  {
    file: 'src/cards/fonts.ts',
    why: "a share card's fallback fonts per script are found by package name",
    packages: [
      '@fontsource/noto-sans-arabic',
      '@fontsource/noto-sans-hebrew',
      '@fontsource/noto-sans-jp',
      '@fontsource/noto-sans-kr',
      '@fontsource/noto-sans-sc',
    ],
  },
  {
    file: 'src/markdown/icons.ts',
    why: "an icon set's icons.json is resolved from a table by set name",
    packages: [
      '@iconify-json/fa6-brands',
      '@iconify-json/fa6-regular',
      '@iconify-json/fa6-solid',
      '@iconify-json/mdi',
      '@iconify-json/simple-icons',
    ],
  },
];

/** What is wrong with package.json's declarations for `imports`, one line each. */
function findProblems(imports: Import[], manifest: Manifest): string[] {
  const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
  const declared = new Set([...dependencies, ...Object.keys(manifest.devDependencies ?? {})]);
  const used = new Set(USED_BY_NAME.flatMap((entry) => entry.packages));
  const problems: string[] = [];
  for (const { file, specifier, typeOnly } of imports) {
    const target = packageOf(specifier);
    if (!target) continue;
    const { name, subpath } = target;
    // Types are erased before anything runs: the checkout's TypeScript needs them, an install
    // does not (the config type's own imports are held to dependencies by the package tier).
    if (!typeOnly) used.add(name);
    if (!typeOnly && !dependencies.has(name))
      problems.push(`${file} imports ${specifier}: ${name} is not in dependencies`);
    else if (typeOnly && !declared.has(name) && !declared.has(typesPackage(name)))
      problems.push(
        `${file} imports types from ${specifier}: neither ${name} nor its @types declared`,
      );
    const exports = installed(ROOT, name)?.exports;
    if (!isExported(exports, subpath))
      problems.push(`${file} imports ${specifier}: ${subpath} is not in ${name}'s exports`);
  }
  for (const name of dependencies)
    if (!used.has(name)) problems.push(`${name} is in dependencies but nothing imports it`);
  return [...new Set(problems)];
}

describe('package.json declares what the package imports', () => {
  const read = (file: string) => moduleCode(file, readFileSync(path.join(ROOT, file), 'utf8'));
  const files = globSync(SOURCES, { cwd: ROOT }).map((file) => file.replaceAll('\\', '/'));
  const imports = files.sort().flatMap((file) => importsOf(file, read(file)));
  const manifest = readJson(path.join(ROOT, 'package.json'));

  it('tells a runtime import from one TypeScript erases', () => {
    const code = [
      "import a from 'a';",
      "import type { B } from 'b';",
      "import { type C } from 'c';",
      "export type { D } from 'd';",
      "let e: import('e').E;",
      "await import('f');",
      "require.resolve('g/package.json');",
      "nodeRequire.resolve('h');",
    ].join('\n');
    expect(importsOf('x.ts', code).map((i) => `${i.specifier} ${i.typeOnly}`)).toEqual([
      'a false',
      'b true',
      'c false',
      'd true',
      'e true',
      'f false',
      'g/package.json false',
      'h false',
    ]);
  });

  it('reads a package and its subpath from a specifier', () => {
    expect(packageOf('@scalar/snippetz/plugins/shell/curl')).toEqual({
      name: '@scalar/snippetz',
      subpath: './plugins/shell/curl',
    });
    expect(packageOf('shiki')).toEqual({ name: 'shiki', subpath: '.' });
    for (const notPackage of ['node:fs', 'fs', './a.ts', '@theme/Alias.astro', 'offprint:props'])
      expect(packageOf(notPackage)).toBeUndefined();
  });

  it('matches subpaths against an exports map as Node does', () => {
    const exports = { '.': './i.js', './a': './a.js', './d/*': './d/*.js', './d/x/*': null };
    expect(isExported(exports, '.')).toBe(true);
    expect(isExported(exports, './a')).toBe(true);
    expect(isExported(exports, './b')).toBe(false);
    expect(isExported(exports, './d/y')).toBe(true);
    expect(isExported(exports, './d/x/y')).toBe(false);
    expect(isExported({ import: './i.js' }, './lib/i.js')).toBe(false);
    expect(isExported(undefined, './lib/i.js')).toBe(true);
  });

  it('names an undeclared import, a type nobody installs, an unused dependency, a private path', () => {
    const problems = findProblems(
      [
        { file: 'src/a.ts', specifier: 'hast-util-to-string', typeOnly: false },
        { file: 'src/b.ts', specifier: 'not-installed', typeOnly: true },
        { file: 'src/c.ts', specifier: 'unified/lib/index.js', typeOnly: false },
        { file: 'src/d.ts', specifier: 'zod', typeOnly: true },
      ],
      { dependencies: { unified: '*', yaml: '*' }, devDependencies: { zod: '*' } },
    );
    expect(problems).toEqual([
      'src/a.ts imports hast-util-to-string: hast-util-to-string is not in dependencies',
      'src/b.ts imports types from not-installed: neither not-installed nor its @types declared',
      "src/c.ts imports unified/lib/index.js: ./lib/index.js is not in unified's exports",
      'yaml is in dependencies but nothing imports it',
    ]);
  });

  it('finds the imports of the shipped code', () => {
    expect(files.length).toBeGreaterThan(400);
    expect(imports.filter((i) => packageOf(i.specifier)).length).toBeGreaterThan(250);
  });

  it('uses each package named in USED_BY_NAME in its file', () => {
    const missing = USED_BY_NAME.flatMap(({ file, packages }) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return packages.filter((name) => !new RegExp(`['"]${name}['"/]`).test(text));
    });
    expect(missing).toEqual([]);
  });

  it('has every import declared, every dependency used and every subpath exported', () => {
    expect(findProblems(imports, manifest)).toEqual([]);
  });
});
