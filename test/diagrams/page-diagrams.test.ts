/**
 * The pass that puts drawings in place of a page's diagrams, with a drawer that answers from a
 * table (the drawing itself is drawer.integration.test.ts's): a diagram marked as added in a
 * change request's preview keeps its mark on what replaces it.
 */
import { describe, expect, it } from 'vitest';
import {
  type DiagramDrawer,
  type DrawOutcome,
  drawPageDiagrams,
} from '../../src/diagrams/index.ts';
import { createTableResolver, renderMarkdown } from '../../src/markdown/index.ts';

const scheme = { svg: '<svg viewBox="0 0 1 1"></svg>', kind: 'flowchart-v2', labels: ['A'] };
const OUTCOMES: Record<string, DrawOutcome> = {
  drawn: { drawn: { light: scheme, dark: scheme } },
  broken: { error: 'Parse error on line 1' },
  later: { notDrawn: true },
};
const drawer = {
  draw: async (source: string) => OUTCOMES[source] as DrawOutcome,
} as unknown as DiagramDrawer;

describe('drawPageDiagrams', () => {
  it('keeps the added mark on the figure, the error block and the block left to the browser', async () => {
    const html = ['drawn', 'broken', 'later']
      .map((source) => `<pre class="mermaid" data-op-line="3" data-change="added">${source}</pre>`)
      .join('\n');
    const page = await drawPageDiagrams(html, drawer);
    const tags = page.html.match(/<(figure|pre)[^>]*>/g);
    expect(tags).toEqual([
      '<figure data-change="added" class="op-diagram" data-op-diagram="flowchart-v2">',
      '<pre data-change="added" class="op-diagram-error">',
      '<pre data-change="added" class="mermaid">',
    ]);
    expect(page.needsScript).toBe(true);
    expect(page.warnings).toEqual([
      { message: 'mermaid diagram not drawn: Parse error on line 1; its source is shown', line: 4 },
    ]);
  });

  it('draws the diagrams of a page marked against its previous markdown, removed ones too', async () => {
    const fence = (source: string) => `\`\`\`mermaid\n${source}\n\`\`\``;
    const rendered = await renderMarkdown(`Intro.\n\n${fence('drawn')}\n`, {
      resolver: createTableResolver({ pages: [], files: [] }),
      currentPath: 'a.md',
      highlighter: false,
      previous: `Intro.\n\n${fence('later')}\n`,
    });
    const page = await drawPageDiagrams(rendered.html, drawer);
    expect(page.html).toBe(
      [
        '<p>Intro.</p>',
        '<div class="op-change-removed" data-change="removed" data-pagefind-ignore="all"><pre class="mermaid">later</pre></div>',
        `<figure data-change="added" class="op-diagram" data-op-diagram="flowchart-v2">`,
      ].join('\n') + page.html.slice(page.html.indexOf('<svg')),
    );
  });

  it('leaves unmarked diagrams unmarked', async () => {
    const page = await drawPageDiagrams('<pre class="mermaid">drawn</pre>', drawer);
    expect(page.html).toMatch(/^<figure class="op-diagram" data-op-diagram="flowchart-v2">/);
    expect(page.html).not.toContain('data-change');
  });
});
