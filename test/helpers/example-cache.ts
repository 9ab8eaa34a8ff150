import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { copyFolder, tempDir } from './fs.ts';

/**
 * A copy of the cache the global setup's build of the example left (test/global-setup.ts), in a
 * scratch folder of the file's own, made before its tests and removed after them: a render from
 * it reuses the example's markdown, diagrams and image variants, as a team's next build does.
 */
export function useExampleCache(prefix: string): { readonly dir: string; readonly cache: string } {
  let temp: Awaited<ReturnType<typeof tempDir>> | undefined;
  let cache = '';
  beforeAll(async () => {
    temp = await tempDir(prefix);
    cache = await copyFolder(inject('exampleBuild').cacheDir, path.join(temp.dir, 'cache'));
  });
  afterAll(() => temp?.cleanup());
  return {
    get dir() {
      if (!temp) throw new Error('useExampleCache: read before its beforeAll ran');
      return temp.dir;
    },
    get cache() {
      return cache;
    },
  };
}
