import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, ROOT } from './architecture-doc.ts';

/**
 * docs/architecture.md's "One page's path" is true: each name it gives is defined in the file
 * named beside it and used by a file named before it, and the after-markdown steps are the
 * ones the pages stage runs, in its order.
 */

function paragraph(): string {
  const start = ARCHITECTURE_DOC.indexOf("\n### One page's path\n");
  if (start < 0) throw new Error('docs/architecture.md has no "One page\'s path"');
  const body = ARCHITECTURE_DOC.slice(start + 1).split('\n\n')[1];
  return (body ?? '').replace(/\s+/g, ' ');
}

/** Each `name` (`file`) pair, in the paragraph's order. */
function stops(text: string): { name: string; file: string }[] {
  return [...text.matchAll(/`(\w+)` \(`([\w./-]+)`\)/g)].map((match) => ({
    name: match[1] as string,
    file: match[2] as string,
  }));
}

const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

function defines(text: string, name: string): boolean {
  return new RegExp(
    `\\b(?:function\\*?|class|interface|type|const|let)\\s+${name}\\b|^\\s+(?:async\\s+)?${name}\\(`,
    'm',
  ).test(text);
}

describe("docs/architecture.md's one page's path", () => {
  const path_ = stops(paragraph());

  it('names each stop with its file', () => {
    expect(path_.length).toBeGreaterThan(8);
  });

  it('finds each name defined in its file', () => {
    expect(path_.filter(({ name, file }) => !defines(source(file), name))).toEqual([]);
  });

  it('finds each name used by a file named before it', () => {
    const unused = path_.slice(1).filter(({ name }, i) => {
      const earlier = new Set(path_.slice(0, i + 1).map((stop) => stop.file));
      return ![...earlier].some((file) => new RegExp(`\\b${name}\\b`).test(source(file)));
    });
    expect(unused).toEqual([]);
  });

  it('gives the after-markdown steps the pages stage runs, in order', () => {
    const stage = source('src/render/stages/pages.ts');
    const list = /steps: \[([^\]]*)\]/.exec(stage)?.[1] ?? '';
    const run = [...list.matchAll(/(\w+)(?:\([^)]*\))?/g)].map((match) => match[1]);
    const named = path_
      .filter(({ file }) => file === 'src/render/stages/after-markdown.ts')
      .map(({ name }) => name);
    expect(run.length).toBeGreaterThan(1);
    expect(named).toEqual(run);
  });
});
