import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { removePosition } from 'unist-util-remove-position';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isPlainText } from '../../src/markdown/plugins/openapi-schema-view.ts';

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

/** What the parser makes of `markdown`, without positions. */
function parsed(markdown: string): unknown {
  const tree = parser.parse(markdown);
  removePosition(tree, { force: true });
  return tree.children;
}

/** Every `description` of the specs in `dir` (the example's and the fixtures'). */
async function descriptions(dir: URL): Promise<string[]> {
  const found: string[] = [];
  const walk = (value: unknown, key?: string): void => {
    if (typeof value === 'string' && key === 'description') found.push(value);
    else if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === 'object')
      for (const [name, item] of Object.entries(value)) walk(item, name);
  };
  for (const name of await readdir(dir)) {
    if (!/\.(ya?ml|json)$/.test(name)) continue;
    walk(parse(await readFile(fileURLToPath(new URL(name, dir)), 'utf8')));
  }
  return found;
}

describe('spec descriptions taken as plain text, without the parser', () => {
  it('are the ones the parser gives back as one paragraph of their text', async () => {
    const all = [
      ...(await descriptions(
        new URL('../../examples/site/spaces/api/.gitbook/assets/', import.meta.url),
      )),
      ...(await descriptions(new URL('../fixtures/openapi/', import.meta.url))),
    ];
    const lines = [
      'Step 2) then 3. done',
      'Note: "quoted" (and 100% sure)!',
      'a - b + c = d',
      'Ünïcode ok?',
    ];
    for (const line of lines) expect(isPlainText(line), line).toBe(true);
    const plain = [...all, ...lines].filter(isPlainText);
    expect(plain.length).toBeGreaterThan(all.length / 2);
    for (const text of plain)
      expect(parsed(text), text).toEqual([
        { type: 'paragraph', children: [{ type: 'text', value: text }] },
      ]);
  });

  it('leave to the parser any line that may hold syntax', () => {
    for (const markdown of [
      '1. First',
      '- item',
      'Use *this*',
      'Use _this_',
      'A `code` span',
      'See [the guide](x)',
      'See www.example.com',
      'Mail ops@example.com',
      'Go to https://example.com',
      'Fish &amp; chips',
      'A <b>tag</b>',
      'Escaped \\* star',
      'Two lines\nof text',
      'Ends with a space ',
      'Struck ~~out~~',
      '# Heading',
      'Costs $5',
      '',
    ]) {
      expect(isPlainText(markdown), markdown).toBe(false);
    }
  });
});
