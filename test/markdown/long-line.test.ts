/**
 * The long-line guard (`syntax/long-line.ts`): a line past `LONG_LINE` characters is a paragraph
 * of its literal text, whatever it would have started, but code and HTML keep their lines.
 * (Assertions test `includes` so that a failure does not print pages of text.)
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { LONG_LINE } from '../../src/markdown/limits.ts';
import { CURRENT_PATH, testResolver } from './test-resolver.ts';

const render = (markdown: string) =>
  renderMarkdown(markdown, {
    resolver: testResolver,
    currentPath: CURRENT_PATH,
    highlighter: false,
  });

const long = (start: string) => `${start}${'*a* '.repeat(LONG_LINE / 4)}x`;

describe('lines too long to parse', () => {
  it('are paragraphs of their text, with a warning on their line', async () => {
    const markdown = `Intro\n${long('## ')}\n\n- item\n  ${long('- ')}\n\n${'*'.repeat(LONG_LINE + 1)}\n`;
    const { html, warnings } = await render(markdown);
    expect(['<h2', '<em>', '<hr'].filter((markup) => html.includes(markup))).toEqual([]);
    expect(html.includes(`<p>Intro</p>\n<p>${long('## ')}</p>`)).toBe(true);
    // A list marker before the text is the list's, as on any line.
    expect(html.includes(`<li>item\n<ul>\n<li>${long('')}</li>`)).toBe(true);
    expect(html.includes(`<p>${'*'.repeat(LONG_LINE + 1)}</p>`)).toBe(true);
    expect(warnings.map(({ message, line }) => [line, message.split(' too')[0]])).toEqual([
      [2, `line of ${long('## ').length} characters is`],
      [5, `line of ${long('- ').length + 2} characters is`],
      [7, `line of ${LONG_LINE + 1} characters is`],
    ]);
  });

  it('stay code in code, and HTML in HTML', async () => {
    const { html, warnings } = await render(
      `\`\`\`\n${long('')}\n\`\`\`\n\n<div>\n${long('')}\n</div>\n`,
    );
    expect(html.includes(`<pre><code>${long('')}</code></pre>`)).toBe(true);
    expect(html.includes(`<div>\n${long('')}\n</div>`)).toBe(true);
    expect(warnings).toEqual([]);
  });
});
