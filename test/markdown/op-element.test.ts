import type { Element } from 'hast';
import type { Root } from 'mdast';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { el, elHast, opElementToHast, text } from '../../src/markdown/mdast.ts';

/** Runs remark-rehype on `tree`, with Offprint's `opElement` handler or with its default. */
function toHast(tree: Root, own: boolean) {
  const processor = unified().use(
    remarkRehype,
    own ? { handlers: { opElement: opElementToHast } } : {},
  );
  return processor.runSync(structuredClone(tree));
}

function sample(): Root {
  return {
    type: 'root',
    children: [
      el('details', { className: ['op-a', 'op-b'], open: true, dataDepth: 2 }, [
        el('summary', { id: 'x' }, [text('Fields')]),
        { type: 'paragraph', children: [text('plain')] },
        elHast('pre', { className: ['op-code'] }, [{ type: 'text', value: 'a  b' }]),
      ]),
    ],
    position: { start: { line: 1, column: 1 }, end: { line: 3, column: 1 } },
  };
}

describe('opElement to hast', () => {
  it('makes what remark-rehype makes of an unknown node with data', () => {
    expect(toHast(sample(), true)).toEqual(toHast(sample(), false));
  });

  it('gives each element lists of its own', () => {
    const tree = sample();
    const node = tree.children[0] as ReturnType<typeof el>;
    const hast = unified()
      .use(remarkRehype, { handlers: { opElement: opElementToHast } })
      .runSync(tree);
    ((hast.children[0] as Element).properties.className as string[]).push('op-c');
    expect(node.data.hProperties.className).toEqual(['op-a', 'op-b']);
  });
});
