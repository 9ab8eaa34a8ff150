/**
 * Behaviours of `renderMarkdown` that fixtures show less directly: limits, line numbers, the
 * resolver contract, the highlight cache.
 */
import { describe, expect, it } from 'vitest';
import {
  createCodeHighlighter,
  createTableResolver,
  type Resolver,
  renderMarkdown,
} from '../../src/markdown/index.ts';
import { MAX_MARKDOWN_CHARS } from '../../src/markdown/limits.ts';
import { CURRENT_PATH, testResolver } from './test-resolver.ts';

const render = (markdown: string, resolver: Resolver = testResolver) =>
  renderMarkdown(markdown, { resolver, currentPath: CURRENT_PATH, highlighter: false });

describe('renderMarkdown', () => {
  it('reports lines of the original markdown, front matter and split tag lines included', async () => {
    const md = '---\ntitle: x\n---\n\n{% hint %}[a](nope.md){% endhint %}\n\n[b](gone.md)\n';
    const result = await render(md);
    expect(result.brokenLinks.map((b) => [b.target, b.line])).toEqual([
      ['nope.md', 5],
      ['gone.md', 7],
    ]);
  });

  it('gives a tag caught in math its text back, in the HTML and the plain text', async () => {
    for (const markdown of [
      '$$\n\n{% endcolumns %}',
      'a $$x {% hint %}$$ b\n\n{% hint %}\ny\n{% endhint %}',
    ]) {
      const result = await render(markdown);
      // The line pass's placeholder (`<!--op` and a 12-digit hex nonce) is nowhere.
      expect(result.html, markdown).not.toMatch(/op[0-9a-f]{12}/);
      expect(result.text, markdown).not.toMatch(/op[0-9a-f]{12}/);
    }
    expect((await render('$$\n{% hint %}\nx\n')).text).toBe('{% hint %} x');
  });

  it('names the page in broken links', async () => {
    const result = await renderMarkdown('[x](nope.md)', {
      resolver: testResolver,
      currentPath: CURRENT_PATH,
      pageTitle: 'Install',
      highlighter: false,
    });
    expect(result.brokenLinks).toEqual([
      { target: 'nope.md', reason: 'no-page', line: 1, page: 'Install' },
    ]);
  });

  it('bounds include depth', async () => {
    const chain = Array.from({ length: 8 }, (_, i) => ({
      id: `c${i}`,
      path: `.gitbook/includes/c${i}.md`,
      markdown: `level ${i}\n\n{% include "c${i + 1}.md" %}\n`,
    }));
    const resolver = createTableResolver({ pages: [], files: [], reusableContents: chain });
    const result = await render('{% include "../.gitbook/includes/c0.md" %}', resolver);
    expect(result.html).toContain('level 4');
    expect(result.html).not.toContain('level 5');
    expect(result.warnings.map((w) => w.message)).toContain(
      'includes nested more than 5 deep: c5.md not included',
    );
  });

  it('bounds the number of includes and of warnings', async () => {
    const result = await render('{% include "../.gitbook/includes/snippet.md" %}\n\n'.repeat(300));
    expect(result.html.split('op-hint--info').length - 1).toBe(200);
    const warnings = await render('{% nope %}\n'.repeat(500));
    expect(warnings.warnings).toHaveLength(201);
    expect(warnings.warnings[200]?.message).toBe('300 more warnings not shown');
  });

  it('survives a resolver that throws', async () => {
    const throwing: Resolver = {
      page: () => {
        throw new Error('boom');
      },
      file: () => {
        throw new Error('boom');
      },
      reusableContent: () => {
        throw new Error('boom');
      },
    };
    const result = await render(
      '[a](x.md) ![b](y.png) {% include "../.gitbook/includes/x.md" %}\n\n{% include "../.gitbook/includes/x.md" %}',
      throwing,
    );
    expect(result.brokenLinks.map((b) => b.target)).toEqual([
      '../.gitbook/includes/x.md',
      'x.md',
      'y.png',
    ]);
  });

  it('extracts title, text and excerpt', async () => {
    const result = await render('# Title\n\nFirst **para**.\n\n```js\nlet x;\n```\n');
    expect(result.title).toBe('Title');
    expect(result.excerpt).toBe('First para.');
    expect(result.text).toBe('First para. let x;');
    expect(result.html).not.toContain('<h1');
  });

  it('keeps tags inside code literally', async () => {
    const result = await render('```\n{% hint %}\n{{ x }}\n{% endhint %}\n```\n\n`{% tabs %}`');
    expect(result.html).toContain('{% hint %}\n{{ x }}\n{% endhint %}');
    expect(result.html).toContain('<code>{% tabs %}</code>');
    expect(result.warnings).toEqual([]);
  });

  it('never leaks the content of one tab into another', async () => {
    const result = await render(
      '{% tabs %}\n{% tab title="A" %}\nalpha\n{% tab title="B" %}\nbeta\n{% endtab %}\n{% endtabs %}',
    );
    const panels = result.html.split('<section').slice(1);
    expect(panels).toHaveLength(1);
    expect(panels[0]).toContain('beta');
    expect(panels[0]).not.toContain('alpha');
  });

  // Found by the property suite: hast-util-raw 9.2 with parse5 8.1 threw on raw HTML that left a
  // comment open before the next element, and the whole page fell back to plain text.
  it('renders a block whose raw HTML leaves a comment open, rather than the page as text', async () => {
    for (const markdown of [
      '{% hint %}<td><!--\n\n\n<b>x\n{% endhint %}',
      '{% swagger method="get" %}<td><!--\n\n\n<a class="button primary" href="x.md">{%\n{% endswagger %}',
    ]) {
      const result = await render(markdown);
      expect(
        result.warnings.map((w) => w.message).filter((m) => m.includes('render failed')),
      ).toEqual([]);
      expect(result.html).not.toContain('op-render-error');
    }
  });
});

describe('highlighter', () => {
  it('caches by code and language, and can be measured', async () => {
    const highlighter = createCodeHighlighter({ cacheSize: 10 });
    const md = '```js\nconst a = 1;\n```\n\n```js\nconst a = 1;\n```\n\n```ts\nconst a = 1;\n```';
    const first = await renderMarkdown(md, {
      resolver: testResolver,
      currentPath: CURRENT_PATH,
      highlighter,
    });
    expect(highlighter.stats()).toEqual({ hits: 1, misses: 2, entries: 2 });
    const second = await renderMarkdown(md, {
      resolver: testResolver,
      currentPath: CURRENT_PATH,
      highlighter,
    });
    expect(highlighter.stats()).toEqual({ hits: 4, misses: 2, entries: 2 });
    expect(second.html).toBe(first.html);
    // Highlighted: the colours are classes the theme's stylesheet gives (token-classes.ts).
    expect(first.html).toContain('<span class="k">const</span><span class="n"> a</span>');
  });

  it("keeps Shiki's span around each line only where the theme numbers lines", async () => {
    const fence = '```js\nconst a = 1;\nlet b;\n```';
    const md = `${fence}\n\n{% code lineNumbers="true" %}\n${fence}\n{% endcode %}`;
    const { html } = await renderMarkdown(md, {
      resolver: testResolver,
      currentPath: CURRENT_PATH,
    });
    const [plain, numbered] = html.split('</figure>') as [string, string];
    // The same text and colours without an element a line: numbers are what `.line` is for.
    expect(plain).toContain(
      '<code><span class="k">const</span><span class="n"> a</span><span class="k"> =</span><span class="n"> 1</span>;\n<span class="k">let</span> b;</code>',
    );
    expect(numbered).toContain(
      '<code><span class="line"><span class="k">const</span><span class="n"> a</span><span class="k"> =</span><span class="n"> 1</span>;</span>\n<span class="line"><span class="k">let</span> b;</span></code>',
    );
  });

  it('can be turned off', async () => {
    const highlighter = createCodeHighlighter({ cacheSize: 0 });
    await renderMarkdown('```js\nx\n```\n\n```js\nx\n```', {
      resolver: testResolver,
      currentPath: CURRENT_PATH,
      highlighter,
    });
    expect(highlighter.stats()).toEqual({ hits: 0, misses: 2, entries: 0 });
  });
});

describe('a page too large to parse', () => {
  it('is shown as escaped text with a warning, without parsing megabytes of markdown', async () => {
    const paragraph = 'Text <script>alert(1)</script> & more.\n\n';
    const markdown = paragraph.repeat(Math.ceil((MAX_MARKDOWN_CHARS + 1) / paragraph.length));
    const result = await render(markdown);
    expect(result.warnings).toEqual([
      expect.objectContaining({
        message: `page of ${markdown.length} characters is larger than the ${MAX_MARKDOWN_CHARS} parsed as markdown; page shown as text`,
      }),
    ]);
    expect(result.html.startsWith('<pre class="op-render-error">Text &lt;script&gt;')).toBe(true);
    expect(result.html).not.toContain('<script>');
  });

  it('is parsed up to the limit', async () => {
    const result = await render(`# Title\n\n${'word '.repeat(1000)}`);
    expect(result.warnings).toEqual([]);
    expect(result.html).toContain('<p>word');
  });
});
