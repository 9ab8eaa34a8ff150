import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What `new Worker(source, { eval })` needs to run the worker module `name` beside the module
 * at `importerUrl`: the compiled `.js` file as it is, or, when Offprint runs from its
 * TypeScript sources under tsx (the tests, the bench), a tiny ES bootstrap that registers tsx
 * in the worker before importing the `.ts` file, since a worker does not inherit tsx's loader.
 */
export function workerSource(
  importerUrl: string,
  name: string,
): { source: string | URL; eval: boolean } {
  const source = new URL(
    importerUrl.endsWith('.ts') ? `./${name}.ts` : `./${name}.js`,
    importerUrl,
  );
  if (!source.pathname.endsWith('.ts')) return { source, eval: false };
  const require = createRequire(importerUrl);
  const root = dirname(require.resolve('tsx/package.json'));
  const exportsMap = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports as Record<
    string,
    { import?: { default?: string } }
  >;
  const api = pathToFileURL(
    join(root, exportsMap['./esm/api']?.import?.default ?? 'dist/esm/api/index.mjs'),
  ).href;
  const code = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); }).catch((error) => { console.error(error); process.exit(1); });`;
  return { source: code, eval: true };
}
