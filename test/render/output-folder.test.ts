import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutputError, stageOutput, swapOutput } from '../../src/render/output.ts';
import { OUTPUT_MARKER, outputFolder, whatIsThere } from '../../src/render/output-folder.ts';
import { RESERVED_TOP_LEVEL, safeSegment } from '../../src/site/paths.ts';
import { THEME_DIR } from '../../src/theme/fonts.ts';
import { readTree, tempDir } from '../helpers/fs.ts';

/** What an output folder is to Offprint, and the swap that marks it and refuses any other. */
describe('output folders', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    temp = await tempDir('offprint-output-folder-');
  });
  afterEach(() => temp.cleanup());

  async function folder(name: string, files: string[]): Promise<string> {
    const dir = path.join(temp.dir, name);
    await mkdir(dir, { recursive: true });
    for (const file of files) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), `${file}\n`);
    }
    return dir;
  }

  it('tells missing, empty, marked, earlier and other folders apart', async () => {
    expect(outputFolder(path.join(temp.dir, 'missing')).kind).toBe('missing');
    expect(outputFolder(await folder('empty', [])).kind).toBe('empty');
    expect(outputFolder(await folder('marked', [OUTPUT_MARKER, 'x.txt'])).kind).toBe('marked');
    const earlier = [`${THEME_DIR}/theme.css`, '_headers', '404.html', 'index.html'];
    expect(outputFolder(await folder('earlier', earlier)).kind).toBe('earlier');
    const other = outputFolder(await folder('other', ['z.txt', 'a/b.txt', 'm.txt']));
    expect(other).toEqual({ kind: 'other', names: ['a/', 'm.txt'], count: 3 });
    expect(whatIsThere(other)).toBe(
      'a folder of 3 entries Offprint did not write (a/, m.txt and 1 more)',
    );
    const file = path.join(temp.dir, 'file');
    await writeFile(file, '');
    expect(outputFolder(file)).toEqual({ kind: 'not-a-folder', what: 'a file' });
    expect(outputFolder(path.join(file, 'under')).kind).toBe('missing');
  });

  it('uses a name no page can take', () => {
    expect(safeSegment(OUTPUT_MARKER)).not.toBe(OUTPUT_MARKER);
    expect(RESERVED_TOP_LEVEL.has(THEME_DIR)).toBe(true);
  });

  it('marks the output it swaps in, with the same bytes every time', async () => {
    const out = path.join(temp.dir, 'dist');
    for (const round of [1, 2]) {
      const staged = await stageOutput(out);
      await writeFile(path.join(staged, 'index.html'), `round ${round}\n`);
      await swapOutput(staged, out);
    }
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('round 2\n');
    const marker = await readFile(path.join(out, OUTPUT_MARKER), 'utf8');
    expect(marker).toMatch(/^This folder is a site built by Offprint/);
    const again = path.join(temp.dir, 'again');
    const staged = await stageOutput(again);
    await swapOutput(staged, again);
    expect(await readFile(path.join(again, OUTPUT_MARKER), 'utf8')).toBe(marker);
  });

  it('leaves a folder of other files as it was, and says so', async () => {
    const out = await folder('mine', ['notes.txt', 'photos/launch.jpg']);
    const before = await readTree(out);
    const staged = await stageOutput(out);
    await expect(swapOutput(staged, out)).rejects.toThrow(
      new OutputError(
        `--out ${out} is a folder of 2 entries Offprint did not write (notes.txt and photos/): left as it was; choose another --out`,
      ),
    );
    expect(await readTree(out)).toEqual(before);
    expect(existsSync(staged)).toBe(true);
  });
});
