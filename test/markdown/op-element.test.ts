import { toHtml } from 'hast-util-to-html';
import type { Root } from 'mdast';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { el, elHast, text } from '../../src/markdown/mdast.ts';

/**
 * The blocks' `opElement` nodes carry `data.hName`, `data.hProperties` and `data.hChildren`, which
 * plain remark-rehype (mdast-util-to-hast's handler of unknown nodes) turns into their elements:
 * the pipeline registers no handler of its own.
 */

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
  };
}

describe('opElement to hast', () => {
  it('becomes its element with plain remark-rehype, hChildren kept as given', () => {
    const hast = unified().use(remarkRehype).runSync(sample());
    expect(toHtml(hast)).toBe(
      '<details class="op-a op-b" open data-depth="2"><summary id="x">Fields</summary><p>plain</p><pre class="op-code">a  b</pre></details>',
    );
  });
});
