import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ALLOW_SCRIPTS } from '../../src/cli/init/files.ts';

const read = async (file: string) =>
  JSON.parse(await readFile(new URL(`../../${file}`, import.meta.url), 'utf8'));

interface LockEntry {
  dev?: boolean;
  hasInstallScript?: boolean;
}

/** The package name of a lock key (`node_modules/a/node_modules/@s/b` → `@s/b`). */
const nameOf = (key: string) =>
  key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('install scripts', () => {
  it("every dependency with an install script is in allowScripts (npm 11 warns otherwise), and init's list covers Offprint's own", async () => {
    const manifest = await read('package.json');
    const lock = await read('package-lock.json');
    const entries = Object.entries(lock.packages as Record<string, LockEntry>).filter(
      ([key, entry]) => key && entry.hasInstallScript,
    );
    expect(entries.length).toBeGreaterThan(0);
    const names = [...new Set(entries.map(([key]) => nameOf(key)))];
    expect(names.filter((name) => manifest.allowScripts?.[name] !== true)).toEqual([]);
    // A docs repository installs Offprint's dependencies, not its devDependencies.
    const shipped = [...new Set(entries.filter(([, e]) => !e.dev).map(([key]) => nameOf(key)))];
    expect(shipped.filter((name) => !(name in ALLOW_SCRIPTS))).toEqual([]);
  });
});
