/**
 * The `{% %}` syntax extension (`src/markdown/syntax/`) on its own: remark-parse with GFM and
 * math, and `remarkOpSyntax`. Fixture pairs: `test/fixtures/syntax/<case>.md` is parsed and its
 * tree, drawn one node a line, compared with `<case>.tree` (with the file's messages at the end).
 * `UPDATE_FIXTURES=1 npx vitest run test/markdown/syntax.test.ts` rewrites the expected files:
 * read the diff before keeping it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { pipelineSteps } from '../../src/markdown/blocks.ts';
import { LONG_LINE } from '../../src/markdown/limits.ts';
import {
  MAX_TAG_DEPTH,
  type OpSyntaxOptions,
  remarkOpSyntax,
  TAG_KINDS,
} from '../../src/markdown/syntax/index.ts';

const ROOT = join(import.meta.dirname, '..', 'fixtures', 'syntax');
const UPDATE = process.env.UPDATE_FIXTURES === '1';

function parse(markdown: string, options: OpSyntaxOptions = {}): { tree: Root; file: VFile } {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath, { singleDollarTextMath: false })
    .use(remarkOpSyntax, options);
  const file = new VFile(markdown);
  const tree = processor.runSync(processor.parse(file), file) as Root;
  return { tree, file };
}

/** One node a line: type, what identifies it, its position. */
function draw(tree: Root, file: VFile): string {
  const lines: string[] = [];
  const visit = (node: Nodes, depth: number) => {
    const at = node.position
      ? ` @${node.position.start.line}:${node.position.start.column}-${node.position.end.line}:${node.position.end.column}`
      : '';
    let what = '';
    if (node.type === 'opBlock') {
      what = ` ${node.tag.name}${node.closed ? '' : ' (void)'} ${JSON.stringify(node.tag.attrs)}`;
      if (node.tag.positional.length > 0) what += ` ${JSON.stringify(node.tag.positional)}`;
    } else if (node.type === 'opTag') what = ` ${node.raw}`;
    else if ('value' in node) what = ` ${JSON.stringify(node.value)}`;
    lines.push(`${'  '.repeat(depth)}${node.type}${what}${at}`);
    if ('children' in node) for (const child of node.children) visit(child as Nodes, depth + 1);
  };
  visit(tree, 0);
  for (const message of file.messages) lines.push(`! ${message.line ?? '-'}: ${message.reason}`);
  return `${lines.join('\n')}\n`;
}

describe('syntax fixtures', () => {
  const cases = readdirSync(ROOT)
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.slice(0, -3))
    .sort();

  it('has the edge cases', () => {
    expect(cases).toEqual(
      expect.arrayContaining([
        'unclosed',
        'code',
        'lists',
        'tables',
        'blockquotes',
        'nested-30',
        'inline',
        'html',
        'arguments',
      ]),
    );
  });

  for (const name of cases) {
    it(name, () => {
      const base = join(ROOT, name);
      const { tree, file } = parse(readFileSync(`${base}.md`, 'utf8'));
      const drawn = draw(tree, file);
      if (UPDATE || !existsSync(`${base}.tree`)) {
        writeFileSync(`${base}.tree`, drawn);
        if (!UPDATE) throw new Error(`${name}: expected tree written; review and re-run`);
        return;
      }
      expect(drawn).toBe(readFileSync(`${base}.tree`, 'utf8'));
    });
  }
});

describe('remarkOpSyntax', () => {
  it('reads tags as typed nodes with positions, unpaired on request', () => {
    const { tree } = parse('Intro.\n{% hint style="info" icon=\'x\' flag %}\n', { pair: false });
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'opTag']);
    const tag = tree.children[1];
    expect(tag).toMatchObject({
      type: 'opTag',
      name: 'hint',
      args: 'style="info" icon=\'x\' flag',
      attributes: { style: 'info', icon: 'x', flag: true },
      positional: [],
      raw: '{% hint style="info" icon=\'x\' flag %}',
      position: { start: { line: 2, column: 1, offset: 7 }, end: { line: 2, column: 38 } },
    });
  });

  it('knows the tags every block renders, and no other', () => {
    const rendered = Object.fromEntries(
      pipelineSteps().flatMap((step) => Object.entries(step.tags ?? {})),
    );
    expect(TAG_KINDS).toEqual(rendered);
  });

  it('pairs tags nested up to the depth limit, and no deeper', () => {
    const depth = MAX_TAG_DEPTH + 6;
    const markdown = `${'{% hint %}\n'.repeat(depth)}x\n${'{% endhint %}\n'.repeat(depth)}`;
    const { tree, file } = parse(markdown);
    let blocks = 0;
    let node: Nodes | undefined = tree.children[0];
    while (node?.type === 'opBlock') {
      blocks++;
      node = node.children.find((child) => child.type === 'opBlock');
    }
    expect(blocks).toBe(MAX_TAG_DEPTH);
    expect(file.messages.filter((m) => m.reason.includes('nested more than'))).toHaveLength(6);
  });

  it('reads no tag on a line longer than the line limit', () => {
    const long = `{% hint %}${'x'.repeat(LONG_LINE)}{% endhint %}`;
    expect(parse(long).tree.children.map((node) => node.type)).toEqual(['paragraph']);
    const short = `{% hint %}${'x'.repeat(100)}{% endhint %}`;
    expect(parse(short).tree.children.map((node) => node.type)).toEqual(['opBlock']);
  });

  it('reads a line of many unfinished tags in one pass', () => {
    const line = `{% embed url="x" %}${' {% a'.repeat(3000)}`;
    const started = performance.now();
    const { tree } = parse(line);
    expect(tree.children.map((node) => node.type)).toEqual(['opBlock', 'paragraph']);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
