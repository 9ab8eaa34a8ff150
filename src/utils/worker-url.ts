/**
 * The module a `new Worker(url)` runs for the worker module `name` beside the module at
 * `importerUrl`: `name.ts` when Offprint runs from its TypeScript sources (a checkout, the tests;
 * Node strips the types in the worker as in the main thread), else the compiled `name.js`.
 */
export function workerUrl(importerUrl: string, name: string): URL {
  return new URL(importerUrl.endsWith('.ts') ? `./${name}.ts` : `./${name}.js`, importerUrl);
}
