/**
 * `MarkdownOptions.previous`: the page's top-level blocks marked against the previous markdown's
 * (added and changed ones `data-change="added"`, removed ones shown in place, without ids), and
 * nothing else of the result changed by it.
 */
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { describe, expect, it } from 'vitest';
import { diffBlocks, MAX_BLOCK_EDITS } from '../../src/markdown/changes.ts';
import { createTableResolver, renderMarkdown } from '../../src/markdown/index.ts';
import { MAX_MARKDOWN_CHARS } from '../../src/markdown/limits.ts';
import { loadSpec } from '../../src/openapi/load.ts';
import type { SpecProvider } from '../../src/openapi/types.ts';
import { fixtureReader } from '../openapi/helpers.ts';
import { violations } from './safety.ts';
import { CURRENT_PATH, testResolver } from './test-resolver.ts';

const render = (markdown: string, previous?: string) =>
  renderMarkdown(markdown, {
    resolver: testResolver,
    currentPath: CURRENT_PATH,
    highlighter: false,
    ...(previous !== undefined ? { previous } : {}),
  });

const REMOVED = '<div class="op-change-removed" data-change="removed" data-pagefind-ignore="all">';

/** The page's top-level elements as the marks see them: `+` added, `-` removed, ` ` kept. */
function marked(html: string): string[] {
  return fromHtml(html, { fragment: true }).children.flatMap((node) => {
    if (node.type !== 'element') return [];
    const change = node.properties.dataChange;
    const sign = change === 'added' ? '+' : change === 'removed' ? '-' : ' ';
    const inner =
      change === 'removed' ? (node.children.find((c) => c.type === 'element') as Element) : node;
    return [`${sign}${inner.tagName}`];
  });
}

describe('changes against the previous markdown', () => {
  it('marks an added paragraph', async () => {
    const result = await render('A.\n\nB.\n\nC.\n', 'A.\n\nC.\n');
    expect(result.html).toBe('<p>A.</p>\n<p data-change="added">B.</p>\n<p>C.</p>');
    expect(result.changes).toEqual({ added: 1, removed: 0, changed: 0 });
  });

  it('shows a removed paragraph where it was', async () => {
    const result = await render('A.\n\nC.\n', 'A.\n\nB.\n\nC.\n');
    expect(result.html).toBe(`<p>A.</p>\n${REMOVED}<p>B.</p></div>\n<p>C.</p>`);
    expect(result.changes).toEqual({ added: 0, removed: 1, changed: 0 });
  });

  it('shows an edited paragraph as changed: the old one removed, the new one added', async () => {
    const result = await render('A.\n\nB, edited.\n\nC.\n', 'A.\n\nB.\n\nC.\n');
    expect(result.html).toBe(
      `<p>A.</p>\n${REMOVED}<p>B.</p></div>\n<p data-change="added">B, edited.</p>\n<p>C.</p>`,
    );
    expect(result.changes).toEqual({ added: 0, removed: 0, changed: 1 });
  });

  it('puts removed blocks at the start and at the end of the page', async () => {
    const result = await render('B.\n', 'A.\n\nB.\n\nC.\n');
    expect(result.html).toBe(`${REMOVED}<p>A.</p></div>\n<p>B.</p>\n${REMOVED}<p>C.</p></div>`);
    expect(result.changes).toEqual({ added: 0, removed: 2, changed: 0 });
  });

  it('marks a changed heading and list; the removed heading keeps no id', async () => {
    const previous = '## Setup\n\nIntro.\n\n- one\n- two\n\nEnd.\n';
    const page = '## Set up\n\nIntro.\n\n- one\n- two\n- three\n\nEnd.\n';
    const result = await render(page, previous);
    expect(result.html).toBe(
      [
        `${REMOVED}<h2>Setup</h2></div>`,
        '<h2 id="set-up" data-change="added">Set up</h2>',
        '<p>Intro.</p>',
        `${REMOVED}<ul>\n<li>one</li>\n<li>two</li>\n</ul></div>`,
        '<ul data-change="added">\n<li>one</li>\n<li>two</li>\n<li>three</li>\n</ul>',
        '<p>End.</p>',
      ].join('\n'),
    );
    expect(result.changes).toEqual({ added: 0, removed: 0, changed: 2 });
    expect(result.outline).toEqual([{ depth: 2, id: 'set-up', text: 'Set up' }]);
  });

  it('marks an edited hint block as a whole', async () => {
    const hint = (body: string) => `{% hint style="warning" %}\n${body}\n{% endhint %}`;
    const result = await render(
      `Intro.\n\n${hint('Mind **the gap**.')}\n`,
      `Intro.\n\n${hint('Mind the gap.')}\n`,
    );
    expect(marked(result.html)).toEqual([' p', '-div', '+div']);
    const tree = fromHtml(result.html, { fragment: true });
    expect(select('[data-change=added].op-hint.op-hint--warning strong', tree)).toBeDefined();
    expect(select('.op-change-removed > .op-hint.op-hint--warning', tree)).toBeDefined();
    expect(result.changes).toEqual({ added: 0, removed: 0, changed: 1 });
  });

  it('marks a whole block when a tag inside it changed, and not when only the nonce did', async () => {
    const page = '{% hint style="info" %}\nSame.\n{% endhint %}\n\nText.\n';
    expect((await render(page, page)).changes).toEqual({ added: 0, removed: 0, changed: 0 });
    const styled = await render(page.replace('info', 'danger'), page);
    expect(marked(styled.html)).toEqual(['-div', '+div', ' p']);
  });

  it('shows moved blocks as removed where they were and added where they are', async () => {
    const result = await render('A.\n\nC.\n\nD.\n\nB.\n', 'A.\n\nB.\n\nC.\n\nD.\n');
    expect(result.html).toBe(
      `<p>A.</p>\n${REMOVED}<p>B.</p></div>\n<p>C.</p>\n<p>D.</p>\n<p data-change="added">B.</p>`,
    );
    expect(result.changes).toEqual({ added: 1, removed: 1, changed: 0 });
  });

  it('groups consecutive removed blocks in one wrapper', async () => {
    const result = await render('A.\n\nD.\n', 'A.\n\nB.\n\nC.\n\nD.\n');
    expect(result.html).toBe(`<p>A.</p>\n${REMOVED}<p>B.</p>\n<p>C.</p></div>\n<p>D.</p>`);
  });

  it('counts blocks: pairs of removed and added are changed, the rest added or removed', async () => {
    const result = await render(
      'A.\n\nX.\n\nY.\n\nZ.\n\nD.\n\nE.\n',
      'A.\n\nB.\n\nD.\n\nF.\n\nG.\n',
    );
    // B → X, Y, Z: one changed, two added; F, G → E: one changed, one removed.
    expect(result.changes).toEqual({ added: 2, removed: 1, changed: 2 });
  });

  it('leaves the HTML as it is without changes, and says so', async () => {
    const page =
      '# Title\n\nIntro [link](install.md).\n\n{% tabs %}\n{% tab title="a" %}\nA\n{% endtab %}\n{% endtabs %}\n\n## More\n';
    const plain = await render(page);
    const same = await render(page, page);
    expect(same.html).toBe(plain.html);
    expect(same.changes).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(plain.changes).toBeUndefined();
    // The title is not part of the body: a new title changes no block.
    const retitled = await render(page, page.replace('# Title', '# Old title'));
    expect(retitled.html).toBe(plain.html);
    expect(retitled.changes).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(retitled.title).toBe('Title');
    // Nor is the front matter, nor whitespace inside a block.
    const spaced = await render(
      page,
      `---\ndescription: x\n---\n${page.replace('Intro [link]', 'Intro   [link]')}`,
    );
    expect(spaced.html).toBe(plain.html);
  });

  it('keeps the page its own: text, outline, references, warnings and links', async () => {
    const previous =
      '## Old heading\n\nSee [a missing page](nowhere.md) and {% frobnicate %}.\n\n[Install](install.md)\n';
    const page = '## New heading\n\nSee [auth](../api/auth.md).\n\n[Install](install.md)\n';
    const plain = await render(page);
    const result = await render(page, previous);
    expect(result.html).not.toBe(plain.html);
    expect(result.html).toContain('<span class="op-broken-link">a missing page</span>');
    const { html: _h, changes: _c, ...rest } = result;
    const { html: _p, ...plainRest } = plain;
    expect(rest).toEqual(plainRest);
    expect(result.text).toBe('New heading See auth. Install');
    expect(result.brokenLinks).toEqual([]);
  });

  it('shows removed content without ids, kept out of search', async () => {
    const tabs = (title: string) =>
      `{% tabs %}\n{% tab title="${title}" %}\n## In a tab\n\nText[^1]\n{% endtab %}\n{% endtabs %}`;
    const previous = `## Heading\n\n${tabs('npm')}\n\n<a id="anchor"></a>Anchored.\n\n[^1]: Note.\n`;
    const page = `## Heading 2\n\n${tabs('pnpm')}\n\nKept.\n\n[^1]: Note.\n`;
    const result = await render(page, previous);
    const tree = fromHtml(result.html, { fragment: true });
    // The heading, the tabs and the paragraph: one run of removed blocks, before the new ones.
    const removed = selectAll('.op-change-removed', tree);
    expect(removed).toHaveLength(1);
    expect(marked(result.html)).toEqual(['-h2', '+h2', '+div', '+p', ' section']);
    for (const wrapper of removed) {
      expect(wrapper.properties.dataPagefindIgnore).toBe('all');
      expect(
        selectAll('[id], [name], [aria-controls], [aria-labelledby], [data-op-tabs]', wrapper),
      ).toEqual([]);
    }
    // The page's own ids stay, each once.
    const ids = selectAll('[id]', tree).map((e) => String(e.properties.id));
    expect(ids).toContain('heading-2');
    expect(ids).toContain('op-tabs-1-panel-1');
    expect(new Set(ids).size).toBe(ids.length);
    // The footnotes section belongs to no block: never marked, always last.
    expect(result.features.tabs).toBe(true);
  });

  it('marks the common kinds of block', async () => {
    const blocks: Record<string, [string, string]> = {
      paragraph: ['Some *text*.', 'Some *texts*.'],
      heading: ['### A heading', '### A new heading'],
      list: ['1. first\n2. second', '1. first\n2. second\n3. third'],
      code: ['```js\nconst x = 1;\n```', '```js\nconst x = 2;\n```'],
      htmlCode: [
        '<pre class="language-js" data-title="a.js"><code>let y</code></pre>',
        '<pre class="language-js" data-title="a.js"><code>let z</code></pre>',
      ],
      table: ['| a | b |\n|---|---|\n| 1 | 2 |', '| a | b |\n|---|---|\n| 1 | 3 |'],
      hint: [
        '{% hint style="info" %}\nHint.\n{% endhint %}',
        '{% hint style="info" %}\nHint!\n{% endhint %}',
      ],
      tabs: [
        '{% tabs %}\n{% tab title="one" %}\nOne.\n{% endtab %}\n{% endtabs %}',
        '{% tabs %}\n{% tab title="one" %}\nUne.\n{% endtab %}\n{% endtabs %}',
      ],
      image: ['![logo](../.gitbook/assets/logo.png)', '![Logo](../.gitbook/assets/logo.png)'],
      figure: [
        '<figure><img src="../.gitbook/assets/logo.png" alt="logo"><figcaption>Cap</figcaption></figure>',
        '<figure><img src="../.gitbook/assets/logo.png" alt="logo"><figcaption>Caption</figcaption></figure>',
      ],
      math: ['$$\nx^2\n$$', '$$\nx^3\n$$'],
      mermaid: ['```mermaid\ngraph TD; A-->B\n```', '```mermaid\ngraph TD; A-->C\n```'],
      quote: ['> Quoted.', '> Quoted, twice.'],
      embed: ['{% embed url="https://example.com/x" %}', '{% embed url="https://example.com/y" %}'],
      contentRef: [
        '{% content-ref url="install.md" %}\n[install.md](install.md)\n{% endcontent-ref %}',
        '{% content-ref url="../api/auth.md" %}\n[auth.md](../api/auth.md)\n{% endcontent-ref %}',
      ],
      stepper: [
        '{% stepper %}\n{% step %}\nStep.\n{% endstep %}\n{% endstepper %}',
        '{% stepper %}\n{% step %}\nStep one.\n{% endstep %}\n{% endstepper %}',
      ],
      openapi: [
        '{% openapi src="x.yaml" path="/pets" method="get" %}\n[x.yaml](x.yaml)\n{% endopenapi %}',
        '{% openapi src="x.yaml" path="/pets" method="post" %}\n[x.yaml](x.yaml)\n{% endopenapi %}',
      ],
      details: [
        '<details><summary>More</summary>\n\nInside.\n\n</details>',
        '<details><summary>More</summary>\n\nInside, more.\n\n</details>',
      ],
    };
    for (const [kind, [before, after]] of Object.entries(blocks)) {
      const previous = `Before.\n\n${before}\n\nAfter.\n`;
      const result = await render(`Before.\n\n${after}\n\nAfter.\n`, previous);
      expect(result.changes, kind).toEqual({ added: 0, removed: 0, changed: 1 });
      expect(marked(result.html), kind).toEqual([
        ' p',
        expect.stringMatching(/^-/),
        expect.stringMatching(/^\+/),
        ' p',
      ]);
      expect(violations(result.html), kind).toEqual([]);
    }
  });

  it('marks an OpenAPI operation drawn from its spec', async () => {
    const openapi: SpecProvider = {
      async get(key) {
        const loaded = await loadSpec(key.slice(4), fixtureReader);
        return loaded.ok
          ? { ok: true, document: loaded.document, unresolved: loaded.unresolved }
          : { ok: false, reason: loaded.reason };
      },
    };
    const block = (method: string) =>
      `{% openapi src="https://specs.test/fleet.yaml" path="/vehicles/{vehicleId}" method="${method}" %}\n[fleet.yaml](https://specs.test/fleet.yaml)\n{% endopenapi %}`;
    const options = {
      resolver: { page: () => undefined, file: () => undefined, reusableContent: () => undefined },
      currentPath: 'reference/vehicles.md',
      openapi,
      highlighter: false as const,
    };
    const page = `Intro.\n\n${block('get')}\n`;
    const plain = await renderMarkdown(page, options);
    const result = await renderMarkdown(page, {
      ...options,
      previous: `Intro.\n\n${block('patch')}\n`,
    });
    expect(plain.warnings).toEqual([]);
    expect(marked(result.html)).toEqual([' p', '-div', '+div']);
    expect(result.outline).toEqual(plain.outline);
    const tree = fromHtml(result.html, { fragment: true });
    const removed = select('.op-change-removed', tree) as Element;
    expect(select('.op-openapi__title', removed)).toBeDefined();
    expect(selectAll('[id]', removed)).toEqual([]);
  });

  it('shows hostile previous content exactly as a normal render sanitizes it', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      'An <img src=x onerror=alert(1)> image.',
      '[click](javascript:alert(1)) and <a href="javascript:alert(2)">this</a>',
      '<div onclick="alert(3)" style="background:url(javascript:alert(4))">Div</div>',
      '<iframe src="https://evil.example/"></iframe>',
      '<svg><script>alert(5)</script></svg>',
    ].join('\n\n');
    const alone = await render(hostile);
    const result = await render('Kept.\n', `${hostile}\n\nKept.\n`);
    expect(violations(result.html)).toEqual([]);
    expect(result.html.replace(/="[^"]*"/g, '=""').toLowerCase()).not.toContain('<script');
    const inner = result.html.slice(REMOVED.length, result.html.indexOf('</div>\n<p>Kept.</p>'));
    expect(inner).toBe(alone.html.trim());
    expect(result.warnings).toEqual([]);
  });

  it('needs what the removed blocks need: their features and responsive images', async () => {
    const resolver = createTableResolver({
      pages: [],
      files: [
        {
          id: 'shot',
          path: 'shot.png',
          url: '/assets/shot.png',
          name: 'shot.png',
          width: 1600,
          height: 900,
          image: {
            id: 'img1',
            width: 1600,
            height: 900,
            type: 'image/webp',
            variants: [{ url: '/assets/shot-800.webp', width: 800 }],
          },
        },
      ],
    });
    const previous = 'Kept.\n\n$$\nx^2\n$$\n\n![A shot](shot.png)\n';
    const options = { resolver, currentPath: 'page.md', highlighter: false as const };
    const plain = await renderMarkdown('Kept.\n', options);
    const result = await renderMarkdown('Kept.\n', { ...options, previous });
    expect(plain.features.math).toBe(false);
    expect(plain.images).toEqual([]);
    expect(result.features.math).toBe(true);
    expect(result.images).toEqual(['img1']);
    expect(result.html).toContain('<picture class="op-picture">');
  });

  it('marks everything against empty markdown, and shows everything removed from a page emptied', async () => {
    const added = await render('A.\n\nB.\n', '');
    expect(added.html).toBe('<p data-change="added">A.</p>\n<p data-change="added">B.</p>');
    expect(added.changes).toEqual({ added: 2, removed: 0, changed: 0 });
    const emptied = await render('', 'A.\n\nB.\n');
    expect(emptied.html).toBe(`${REMOVED}<p>A.</p>\n<p>B.</p></div>`);
    expect(emptied.changes).toEqual({ added: 0, removed: 2, changed: 0 });
    expect(emptied.text).toBe('');
  });

  it('renders the page without marks, with a warning, when the previous markdown cannot render', async () => {
    const plain = await render('A.\n');
    const result = await render('A.\n', 'x'.repeat(MAX_MARKDOWN_CHARS + 1));
    expect(result.html).toBe(plain.html);
    expect(result.changes).toBeUndefined();
    expect(result.warnings).toEqual([
      { message: 'the previous revision of the page could not be rendered: changes not shown' },
    ]);
  });

  it('diffs a big page in about linear time', async () => {
    const paragraphs = Array.from({ length: 2000 }, (_, i) => `Paragraph number ${i}.`);
    const previous = paragraphs.join('\n\n');
    paragraphs[1234] = 'Paragraph number 1234, edited.';
    const result = await render(paragraphs.join('\n\n'), previous);
    expect(result.changes).toEqual({ added: 0, removed: 0, changed: 1 });
    expect(result.html.match(/data-change="added"/g)).toHaveLength(1);
    expect(result.html.match(/data-change="removed"/g)).toHaveLength(1);
    expect(result.html).toContain(
      `${REMOVED}<p>Paragraph number 1234.</p></div>\n<p data-change="added">Paragraph number 1234, edited.</p>`,
    );
  });

  it('takes a page rewritten past the edit limit as changed between its common start and end', () => {
    const n = MAX_BLOCK_EDITS;
    const previous = ['same', ...Array.from({ length: n }, (_, i) => `old ${i}`), 'end'];
    const page = ['same', ...Array.from({ length: n }, (_, i) => `new ${i}`), 'end'];
    const diff = diffBlocks(previous, page);
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: n });
    expect(diff.added[0]).toBe(false);
    expect(diff.added.at(-1)).toBe(false);
    expect(diff.removed.slice(1, -1).every(Boolean)).toBe(true);
    expect(new Set(diff.after.slice(1, -1))).toEqual(new Set([0]));
  });
});
