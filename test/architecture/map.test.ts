import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../../src/cli/main.ts';
import { ARCHITECTURE_DOC, codeSpans, ROOT, stageOrder, tableAfter } from './architecture-doc.ts';

/** docs/architecture.md is a true map: every folder of src/, every command, every path it names. */
describe('docs/architecture.md', () => {
  const folders = stageOrder().flatMap((stage) => stage.folders);

  it('has every folder of src/ in its stage table', () => {
    const inSrc = readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `src/${entry.name}`);
    expect(inSrc.filter((folder) => !folders.includes(folder))).toEqual([]);
  });

  it('names no folder that is not there', () => {
    expect(folders.filter((folder) => !existsSync(path.join(ROOT, folder)))).toEqual([]);
  });

  it('has every command of the command line', () => {
    const documented = tableAfter(ARCHITECTURE_DOC, '## Command line').flatMap(([command]) =>
      codeSpans(command ?? ''),
    );
    const commands = createProgram().commands.map((command) => command.name());
    expect(commands.length).toBeGreaterThan(5);
    expect(commands.filter((command) => !documented.includes(command))).toEqual([]);
    expect(documented.filter((command) => !commands.includes(command))).toEqual([]);
  });

  it('says why each file of src/ over 400 lines is long', () => {
    const long = readdirSync(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|astro)$/.test(entry.name))
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
      .filter((file) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length > 401);
    const explained = tableAfter(ARCHITECTURE_DOC, '## Long files').flatMap(([file]) =>
      codeSpans(file ?? ''),
    );
    expect(long.length).toBeGreaterThan(0);
    expect(long.filter((file) => !explained.includes(file))).toEqual([]);
  });

  it('names only files and folders that are there', () => {
    const prose = ARCHITECTURE_DOC.replace(/^```[\s\S]*?^```/gm, '');
    const named = codeSpans(prose)
      .filter((span) => /^(src|test|themes|scripts|docs)\/[\w./[\]-]*$/.test(span))
      .map((span) => span.replace(/\/$/, ''));
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
