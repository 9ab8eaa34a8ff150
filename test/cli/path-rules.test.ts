import { mkdir, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIG_NAMING,
  configPathProblems,
  FLAG_NAMING,
  inside,
  namedPaths,
  type PathContext,
  pathProblems,
  realPath,
} from '../../src/cli/path-rules.ts';
import { tempDir } from '../helpers/fs.ts';

/**
 * The decisions of path-rules.ts on real folders: which `--out`, `--cache`, `--pages` and
 * `--theme` a run may use. The command line's refusals are in output-safety.integration.test.ts.
 */
describe('path rules', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  /** The working folder of each case: `<temp>/work`; the home folder `<temp>/home`. */
  let cwd: string;
  let home: string;

  beforeEach(async () => {
    temp = await tempDir('offprint-path-rules-');
    cwd = path.join(temp.dir, 'work');
    home = path.join(temp.dir, 'home');
    await mkdir(cwd);
    await mkdir(home);
  });
  afterEach(() => temp.cleanup());

  function problems(
    values: Parameters<typeof namedPaths>[0],
    context: Partial<PathContext> = {},
  ): string[] {
    return pathProblems(namedPaths(values, cwd), {
      cwd,
      home,
      naming: FLAG_NAMING,
      localFoldersExist: true,
      ...context,
    });
  }

  async function files(dir: string, names: string[]): Promise<void> {
    for (const name of names) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), `${name}\n`);
    }
  }

  describe('--out', () => {
    it('may be missing, empty, Offprint-marked or an earlier output', async () => {
      await mkdir(path.join(cwd, 'empty'));
      await files(path.join(cwd, 'marked'), ['.offprint-output', 'index.html', 'notes.txt']);
      await files(path.join(cwd, 'earlier'), ['_offprint/theme.css', '_headers', '404.html']);
      for (const out of ['missing', 'a/b/missing', 'empty', 'marked', 'earlier'])
        expect(problems({ out, cache: '.offprint' }), out).toEqual([]);
    });

    it('is refused among files Offprint did not write, naming two and the count', async () => {
      await files(path.join(cwd, 'mine'), ['b.txt', 'a.txt', 'sub/c.txt', 'd.txt']);
      expect(problems({ out: 'mine' })).toEqual([
        '--out mine is a folder of 4 entries Offprint did not write (a.txt, b.txt and 2 more); Offprint replaces --out whole, so choose another --out (a new or empty folder)',
      ]);
      await files(path.join(cwd, 'one'), ['only.txt']);
      expect(problems({ out: 'one' })[0]).toMatch(/is a folder of 1 entry .*\(only\.txt\)/);
    });

    it('is refused when only part of the earlier shape is there', async () => {
      await files(path.join(cwd, 'half'), ['_headers', '404.html']);
      expect(problems({ out: 'half' })[0]).toMatch(/^--out half is a folder of 2 entries/);
      // The theme folder must be a folder.
      await files(path.join(cwd, 'fake'), ['_offprint', '_headers', '404.html']);
      expect(problems({ out: 'fake' })[0]).toMatch(/^--out fake is a folder of 3 entries/);
    });

    it('is refused when it is a file', async () => {
      await files(cwd, ['site.zip']);
      expect(problems({ out: 'site.zip' })[0]).toMatch(
        /^--out site\.zip is a file, not a folder; /,
      );
      await symlink(path.join(cwd, 'nowhere'), path.join(cwd, 'dangling'));
      expect(problems({ out: 'dangling' })[0]).toMatch(
        /is a symbolic link to nothing, not a folder/,
      );
    });

    it('is refused when it is the working, home or root folder, or holds one', async () => {
      expect(problems({ out: '.' })[0]).toMatch(/^--out \. is the working folder; /);
      expect(problems({ out: '..' })[0]).toMatch(/^--out \.\. is a folder that holds the working/);
      expect(problems({ out: home })[0]).toMatch(/is your home folder; /);
      expect(problems({ out: '/' })[0]).toMatch(/^--out \/ is the root folder; /);
      const inHome = path.join(home, 'work');
      await mkdir(inHome);
      // Both the home folder and one that holds the working folder: the home folder is named.
      expect(problems({ out: home }, { cwd: inHome })[0]).toMatch(/is your home folder/);
      expect(problems({ out: temp.dir }, { cwd: path.join(os.tmpdir(), 'elsewhere') })[0]).toMatch(
        /holds your home folder/,
      );
    });

    it('is refused through a symbolic link to a folder it may not be', async () => {
      await symlink(home, path.join(cwd, 'link-to-home'));
      await symlink(cwd, path.join(home, 'link-to-work'));
      expect(problems({ out: 'link-to-home' })[0]).toMatch(/^--out link-to-home is your home/);
      expect(problems({ out: path.join(home, 'link-to-work') })[0]).toMatch(
        /is the working folder/,
      );
    });

    it('is refused when it holds the config file, the pages or the theme', async () => {
      await files(path.join(cwd, 'site'), [
        'offprint.config.json',
        'pages/a.md',
        'theme/Footer.astro',
      ]);
      const configFile = path.join(cwd, 'site', 'offprint.config.json');
      expect(problems({ out: 'site' }, { configFile })[0]).toBe(
        `--out site holds the config file ${configFile}; Offprint replaces --out whole, so choose another --out (a new or empty folder)`,
      );
      expect(problems({ out: 'site', pages: 'site/pages' })[0]).toMatch(
        /^--out site holds the pages folder \(--pages site\/pages\); /,
      );
      expect(problems({ out: 'site', theme: 'site/theme' })[0]).toMatch(
        /^--out site holds the theme folder \(--theme site\/theme\); /,
      );
      expect(problems({ out: 'site/pages/dist', pages: 'site/pages' })[0]).toMatch(
        /^--out site\/pages\/dist is inside the pages folder \(--pages site\/pages\), which the render reads/,
      );
    });

    it('is refused when it holds the cache or lies in it, said once', async () => {
      expect(problems({ out: 'dist', cache: 'dist/cache' })).toEqual([
        '--out dist holds the cache (--cache dist/cache), which a build would delete and publish with the site: keep --cache outside --out',
      ]);
      expect(problems({ out: '.offprint/site', cache: '.offprint' })).toEqual([
        '--out .offprint/site is inside the cache (--cache .offprint): keep --out outside --cache',
      ]);
      expect(problems({ out: 'same', cache: 'same' })).toHaveLength(1);
    });
  });

  describe('--cache', () => {
    it('may be missing, empty or a cache Offprint wrote', async () => {
      await mkdir(path.join(cwd, 'empty'));
      await files(path.join(cwd, 'pulled'), ['snapshots/x/manifest.json', 'offprint.lock']);
      await files(path.join(cwd, 'locked'), ['offprint.lock']);
      for (const cache of ['missing', 'empty', 'pulled', 'locked'])
        expect(problems({ out: 'dist', cache }), cache).toEqual([]);
    });

    it('is refused among other files, as a file, or as the working folder', async () => {
      await files(path.join(cwd, 'mine'), ['a.txt', 'b.txt']);
      expect(problems({ cache: 'mine' })).toEqual([
        '--cache mine is a folder of 2 entries Offprint did not write (a.txt and b.txt); choose another --cache (a new or empty folder)',
      ]);
      await files(cwd, ['cache.txt']);
      expect(problems({ cache: 'cache.txt' })[0]).toMatch(/^--cache cache\.txt is a file, not a/);
      // The working folder holds the output too: what is wrong is the cache.
      expect(problems({ out: 'dist', cache: '.' })).toEqual([
        '--cache . is the working folder; choose another --cache (a new or empty folder)',
      ]);
      expect(problems({ cache: home })[0]).toMatch(/is your home folder/);
    });

    it('is refused when it holds the pages', async () => {
      await files(path.join(cwd, 'docs'), ['pages/a.md']);
      expect(problems({ cache: 'docs', pages: 'docs/pages' })[0]).toMatch(
        /^--cache docs holds the pages folder \(--pages docs\/pages\); /,
      );
    });
  });

  describe('--pages and --theme', () => {
    it('must be folders that exist, when asked', async () => {
      await files(cwd, ['theme.astro']);
      expect(problems({ pages: 'nope', theme: 'theme.astro' })).toEqual([
        '--pages nope: no such folder',
        '--theme theme.astro is not a folder',
      ]);
      expect(problems({ pages: 'nope' }, { localFoldersExist: false })).toEqual([]);
    });
  });

  describe('a config file (check-config)', () => {
    it('resolves its values against its own folder, and names its keys', async () => {
      const folder = path.join(temp.dir, 'repo');
      await files(folder, ['offprint.config.json', 'notes/a.txt', 'pages/a.md']);
      const found = (values: Parameters<typeof configPathProblems>[0]) =>
        configPathProblems(values, folder, cwd);
      expect(found({ out: 'public', cache: '.offprint', pages: 'pages' })).toEqual([]);
      expect(found({ out: 'notes' })).toEqual([
        '"out": "notes" is a folder of 1 entry Offprint did not write (a.txt); Offprint replaces "out" whole, so choose another "out" (a new or empty folder)',
      ]);
      expect(found({ out: '.' })[0]).toMatch(/^"out": "\." holds the config file; /);
      expect(found({ out: 'site', cache: 'site/cache' })[0]).toMatch(
        /^"out": "site" holds the cache \("cache": "site\/cache"\), .*keep "cache" outside "out"$/,
      );
      expect(found({ out: 'public', pages: '.' })[0]).toMatch(
        /^"out": "public" is inside the pages folder \("pages": "\."\)/,
      );
    });

    it('checks the defaults, which resolve against the working folder', async () => {
      const folder = path.join(temp.dir, 'repo');
      await mkdir(folder);
      await files(path.join(cwd, 'dist'), ['mine.txt']);
      expect(configPathProblems({}, folder, cwd)).toEqual([
        expect.stringMatching(/^"out": "dist" is a folder of 1 entry Offprint did not write/),
      ]);
      expect(CONFIG_NAMING.option('cache')).toBe('"cache"');
    });
  });

  it('compares paths by segment and through links', async () => {
    expect(inside('/a/b', '/a/b')).toBe(true);
    expect(inside('/a/b', '/a/b/c')).toBe(true);
    expect(inside('/a/b', '/a/bc')).toBe(false);
    expect(inside('/a/b', '/a')).toBe(false);
    expect(inside('/', '/a')).toBe(true);
    expect(inside('/a/b', '/a/b/..c')).toBe(true);
    await symlink(home, path.join(cwd, 'h'));
    expect(realPath(path.join(cwd, 'h', 'not', 'yet'))).toBe(
      path.join(realPath(home), 'not', 'yet'),
    );
  });
});
