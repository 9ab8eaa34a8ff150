/**
 * The diagrams a pull reads from a page's markdown to draw ahead of the render
 * (`markdownDiagrams`, src/pull/early): each must be the very source the render then asks the
 * cache for, taken from the HTML it writes, or the drawing ahead is wasted.
 */
import { describe, expect, it } from 'vitest';
import {
  type DiagramDrawer,
  type DrawOutcome,
  drawPageDiagrams,
  markdownDiagrams,
} from '../../src/diagrams/index.ts';
import { createTableResolver, renderMarkdown } from '../../src/markdown/index.ts';

/** The sources the render asks its drawer for, for `markdown`. */
async function renderAsks(markdown: string): Promise<string[]> {
  const { html } = await renderMarkdown(markdown, {
    resolver: createTableResolver({ pages: [], files: [] }),
    currentPath: 'a.md',
    highlighter: false,
  });
  const asked: string[] = [];
  const drawer = {
    draw: async (source: string): Promise<DrawOutcome> => {
      asked.push(source);
      return { notDrawn: true };
    },
  } as unknown as DiagramDrawer;
  await drawPageDiagrams(html, drawer);
  return [...new Set(asked)];
}

const fence = (source: string, open = '```mermaid') => `${open}\n${source}\n${open.slice(0, 3)}`;

const PAGES: Record<string, string> = {
  plain: `# Flow\n\n${fence('graph TD\n  A --> B')}\n`,
  'markup and entities': fence('graph LR\n  A["<b>x</b> & y"] -->|"a &amp; b"| B{"&lt;c&gt;"}'),
  'CRLF line ends and tabs': `Intro.\r\n\r\n${fence('graph TD\r\n\tA --> B\r\n\tB --> C').replaceAll('\n', '\r\n')}\r\n`,
  'tilde fence, info after the language': fence('sequenceDiagram\n  A->>B: hi', '~~~mermaid title'),
  'in a hint, in tabs, twice': [
    '{% hint style="info" %}',
    fence('pie\n  "a": 1'),
    '{% endhint %}',
    '',
    '{% tabs %}',
    '{% tab title="One" %}',
    fence('graph TD\n  X --> Y'),
    '{% endtab %}',
    '{% tab title="Two" %}',
    fence('pie\n  "a": 1'),
    '{% endtab %}',
    '{% endtabs %}',
  ].join('\n'),
  'trailing blank lines and spaces': fence('graph TD\n  A --> B   \n\n'),
  'a lone CR and a NUL': fence('graph TD\r  A["a\u0000b"] --> B'),
  'the language in capitals': fence('graph TD\n  A --> B', '```Mermaid'),
};

describe('markdownDiagrams', () => {
  for (const [name, markdown] of Object.entries(PAGES)) {
    it(`reads what the render asks for: ${name}`, async () => {
      const asked = await renderAsks(markdown);
      expect(asked.length).toBeGreaterThan(0);
      expect(markdownDiagrams(markdown)).toEqual(asked);
    });
  }

  it('finds none where the render draws none', async () => {
    for (const markdown of ['Mermaid is a tool.', fence('graph TD', '```js'), '`mermaid`']) {
      expect(await renderAsks(markdown)).toEqual([]);
      expect(markdownDiagrams(markdown)).toEqual([]);
    }
  });
});
