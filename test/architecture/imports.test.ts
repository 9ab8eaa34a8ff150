import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, stageOrder } from './architecture-doc.ts';

/**
 * Data flows one way: every import of `src/` and `themes/` goes to its own stage or one below it
 * in the table of docs/architecture.md ("Stages and their folders"), which this test reads, so
 * the doc and the code cannot drift apart.
 */

const STAGES = stageOrder();

/** Folder → its row in the table (0 = the top). */
const RANK = new Map(STAGES.flatMap(({ folders }, row) => folders.map((f) => [f, row] as const)));

/** The table's folder that holds `file` (a path from the root), if any. */
function folderOf(file: string): string | undefined {
  return [...RANK.keys()]
    .filter((folder) => file === folder || file.startsWith(`${folder}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The file an import names, from the root; undefined for a package. Themes import Offprint
 * through virtual modules (src/render/theme-overrides.ts). */
function target(file: string, specifier: string): string | undefined {
  if (specifier === 'offprint:props') return 'src/render/theme-props.ts';
  if (/^offprint:(components|default)\//.test(specifier)) return 'themes/default';
  if (!specifier.startsWith('.')) return undefined;
  return path.posix.join(path.posix.dirname(file), specifier);
}

/** The module code of a file: an .astro file's front matter and scripts. */
function moduleCode(file: string, text: string): string {
  const code = file.endsWith('.astro')
    ? [/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '']
        .concat([...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? ''))
        .join('\n')
    : text;
  // The lexer skips `export type … from`, which is an import all the same.
  return code.replace(/\bexport type (?=[{*])/g, 'export      ');
}

/** What `file` imports from a stage above its own, one line each. */
function climbs(file: string, specifiers: readonly string[]): string[] {
  const from = folderOf(file);
  if (from === undefined) return [];
  return specifiers.flatMap((specifier) => {
    const to = target(file, specifier);
    const toFolder = to === undefined ? undefined : folderOf(to);
    if (toFolder === undefined || (RANK.get(toFolder) as number) >= (RANK.get(from) as number))
      return [];
    return [`${file} imports ${specifier}: ${toFolder} is above ${from}`];
  });
}

describe('imports follow the stage order of docs/architecture.md', () => {
  beforeAll(() => init);

  it('reads the stages from the table', () => {
    expect(STAGES.length).toBeGreaterThan(15);
    expect(RANK.get('src/render')).toBeLessThan(RANK.get('src/search') as number);
    expect(RANK.get('src/render')).toBeLessThan(RANK.get('src/pdf') as number);
  });

  it('finds an import that climbs back up', () => {
    expect(climbs('src/search/document.ts', ['../render/view.ts', '../view/view.ts'])).toEqual([
      'src/search/document.ts imports ../render/view.ts: src/render is above src/search',
    ]);
  });

  it('has no import from a stage above', () => {
    const files = globSync(['src/**/*.{ts,mts,astro}', 'themes/**/*.{ts,astro}'], { cwd: ROOT });
    let imports = 0;
    const found = files.sort().flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const specifiers = parse(moduleCode(file, text), file)[0].flatMap((i) => (i.n ? [i.n] : []));
      imports += specifiers.length;
      return climbs(file.replaceAll('\\', '/'), specifiers);
    });
    expect(imports).toBeGreaterThan(1000);
    expect(found).toEqual([]);
  });
});
