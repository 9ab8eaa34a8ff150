/**
 * Front matter is the parser's (remark-frontmatter, `parse.ts`): left out of the page, its lines
 * neither guarded nor read for tags, and the lines after it keep their numbers.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { LONG_LINE } from '../../src/markdown/limits.ts';
import { markdownUrls } from '../../src/markdown/source-urls.ts';
import { CURRENT_PATH, testResolver } from './test-resolver.ts';

const render = (markdown: string) =>
  renderMarkdown(markdown, {
    resolver: testResolver,
    currentPath: CURRENT_PATH,
    highlighter: false,
  });

describe('front matter', () => {
  it('is left out, closed by --- or by ...', async () => {
    for (const close of ['---', '...']) {
      const result = await render(`---\ndescription: x\n${close}\n\nBody [gone](gone.md).\n`);
      expect(result.html).toBe('<p>Body <span class="op-broken-link">gone</span>.</p>');
      expect(result.brokenLinks.map(({ line }) => line)).toEqual([5]);
    }
  });

  it('is no front matter unless closed: a thematic break', async () => {
    expect((await render('---\ndescription: x\n')).html).toBe('<hr>\n<p>description: x</p>');
  });

  it('holds no tag, no URL and nothing guarded', async () => {
    const markdown = `---\nx: "{% hint %}"\n{% embed url="https://a.example" %}\ny: ${'z'.repeat(LONG_LINE)}\n---\nText\n`;
    const result = await render(markdown);
    expect(result.html).toBe('<p>Text</p>');
    expect(result.warnings).toEqual([]);
    expect(markdownUrls(markdown)).toEqual([]);
  });
});
