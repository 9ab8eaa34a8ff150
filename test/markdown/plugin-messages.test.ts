/**
 * The markdown plugins that report through `vfile` are plain unified plugins: each runs here
 * alone, on a small fixture, and what it could not render is a message of the file, on the
 * line of the node it names (the renderer maps those lines to the page's; fixtures.test.ts
 * checks the whole pipeline).
 */
import { fromHtml } from 'hast-util-from-html';
import type { Root as MdastRoot } from 'mdast';
import { type Plugin, unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/markdown/parse.ts';
import { rehypeOpCards } from '../../src/markdown/plugins/cards.ts';
import { remarkOpCode } from '../../src/markdown/plugins/code.ts';
import { remarkOpColumns } from '../../src/markdown/plugins/columns.ts';
import { remarkOpConditions } from '../../src/markdown/plugins/conditions.ts';
import { remarkOpContentRef } from '../../src/markdown/plugins/content-ref.ts';
import { rehypeOpCustomInline } from '../../src/markdown/plugins/custom-inline.ts';
import { remarkOpEmbed } from '../../src/markdown/plugins/embed.ts';
import { remarkOpFile } from '../../src/markdown/plugins/file.ts';
import { rehypeOpGuard } from '../../src/markdown/plugins/guard.ts';
import { rehypeOpHighlight } from '../../src/markdown/plugins/highlight.ts';
import { remarkOpHint } from '../../src/markdown/plugins/hint.ts';
import { isIconWarning, rehypeOpIcons } from '../../src/markdown/plugins/icons.ts';
import { rehypeOpMath } from '../../src/markdown/plugins/math.ts';
import { remarkOpPrompt } from '../../src/markdown/plugins/prompt.ts';
import { remarkOpStepper } from '../../src/markdown/plugins/stepper.ts';
import { remarkOpTabs } from '../../src/markdown/plugins/tabs.ts';
import { remarkOpUnknown } from '../../src/markdown/plugins/unknown.ts';
import { remarkOpUpdates } from '../../src/markdown/plugins/updates.ts';
import type { CodeHighlighter } from '../../src/markdown/types.ts';

/** A plugin of the table: each is called with its own options, so they are typed loosely here. */
type AnyPlugin = unknown;

/** `markdown` parsed as a page is (tags as blocks), then `plugin` alone: its messages. */
async function remarkMessages(
  plugin: AnyPlugin,
  markdown: string,
  ...options: unknown[]
): Promise<string[]> {
  return (await runOn(plugin, parsed(markdown), ...options)).messages;
}

function parsed(markdown: string) {
  return parseDocument(markdown, new VFile()).tree;
}

/** `html` as a hast fragment, then `plugin` alone (with `options`): its messages. */
async function rehypeMessages(plugin: AnyPlugin, html: string, ...options: unknown[]) {
  return run(plugin, fromHtml(html, { fragment: true }), ...options);
}

async function run(plugin: AnyPlugin, tree: unknown, ...options: unknown[]): Promise<string[]> {
  return (await runOn(plugin, tree, ...options)).messages;
}

/** `plugin` alone on `tree`: the file's messages (`line: reason`) and the features it marked. */
async function runOn(plugin: AnyPlugin, tree: unknown, ...options: unknown[]) {
  const file = new VFile();
  await unified()
    .use(plugin as Plugin<unknown[]>, ...options)
    .run(tree as MdastRoot, file);
  return {
    messages: file.messages.map((m) => `${m.line ?? '-'}: ${m.reason}`),
    features: file.data.features,
  };
}

describe('remark plugins report with file.message', () => {
  const cases: [string, AnyPlugin, string, string[]][] = [
    [
      'hint',
      remarkOpHint,
      'Intro\n\n{% hint style="tip" %}\nBody\n{% endhint %}\n',
      ['3: unknown hint style "tip"; using info'],
    ],
    [
      'columns',
      remarkOpColumns,
      '{% columns %}\nStray\n{% column width="wide" %}\nA\n{% endcolumn %}\n{% endcolumns %}\n',
      [
        '2: content in {% columns %} outside any {% column %}',
        '3: column width "wide" is not a percentage; ignored',
      ],
    ],
    [
      'conditions',
      remarkOpConditions,
      '{% if %}\nA\n{% else %}\nB\n{% elseif visitor.x %}\nC\n{% endif %}\n',
      ['5: {% elseif visitor.x %} after {% else %}', '1: {% if %} has no condition'],
    ],
    [
      'content-ref',
      remarkOpContentRef,
      'Text\n\n{% content-ref %}\n{% endcontent-ref %}\n',
      ['3: {% content-ref %} has no url'],
    ],
    ['embed', remarkOpEmbed, '{% embed %}\n', ['1: {% embed %} has no url']],
    ['file', remarkOpFile, '\n{% file %}\n', ['2: {% file %} has no src']],
    [
      'stepper',
      remarkOpStepper,
      '{% stepper %}\nStray\n{% step %}\nOne\n{% endstep %}\n{% endstepper %}\n',
      ['2: content in {% stepper %} outside any {% step %}'],
    ],
    [
      'unknown',
      remarkOpUnknown,
      '{% sparkle %}\nA\n{% endsparkle %}\n\n{% step %}\nB\n{% endstep %}\n',
      [
        '1: unknown tag {% sparkle %}: its content is shown without it',
        '5: {% step %} outside {% stepper %}',
      ],
    ],
    [
      'updates',
      remarkOpUpdates,
      '{% updates %}\nStray\n{% update date="2024-01-01" %}\nNews\n{% endupdate %}\n{% endupdates %}\n',
      ['2: content in {% updates %} outside any {% update %}'],
    ],
  ];
  for (const [name, plugin, markdown, expected] of cases) {
    it(name, async () => {
      expect(await remarkMessages(plugin, markdown)).toEqual(expected);
    });
  }
});

describe('rehype plugins report with file.message', () => {
  it('cards', async () => {
    const html = '<p>x</p>\n<table data-view="cards"><tbody><tr><td>A</td></tr></tbody></table>';
    expect(await rehypeMessages(rehypeOpCards, html)).toEqual([
      '2: cards table without a header row',
    ]);
  });

  it('custom-inline', async () => {
    const html = '<p><span data-gb-custom-inline data-tag="sparkle">s</span></p>';
    expect(await rehypeMessages(rehypeOpCustomInline, html)).toEqual([
      '1: unknown inline node "sparkle": its content is shown without it',
    ]);
  });

  it('guard', async () => {
    const html =
      '<p>ok</p>\n<p><script>alert(1)</script><iframe src="https://evil.example"></iframe></p>';
    expect(await rehypeMessages(rehypeOpGuard, html)).toEqual([
      '2: removed <script> from the output',
      '2: removed <iframe> from the output',
    ]);
  });

  it('highlight', async () => {
    // A highlighter that fails: the block stays as it is, and the file says why.
    const failing: CodeHighlighter = {
      highlight: () => Promise.reject(new Error('no grammar')),
    } as unknown as CodeHighlighter;
    const html = '<figure class="op-code" data-lang="js"><pre><code>1</code></pre></figure>';
    expect(await rehypeMessages(rehypeOpHighlight, html, failing)).toEqual([
      '1: code could not be highlighted: no grammar',
    ]);
  });
});

describe('plugins with options report with file.message and mark features in file.data', () => {
  it('prompt', async () => {
    const markdown = '{% prompt defaultExpanded="sideways" %}\nAsk\n{% endprompt %}\n';
    expect(await remarkMessages(remarkOpPrompt, markdown)).toEqual([
      '1: {% prompt defaultExpanded="sideways" %}: defaultExpanded "sideways" is not full, partial or hidden; shown full',
    ]);
  });

  it('tabs', async () => {
    const empty = await runOn(remarkOpTabs, parsed('{% tabs %}\nStray\n{% endtabs %}\n'));
    expect(empty.messages).toEqual([
      '2: content in {% tabs %} outside any {% tab %}',
      '1: {% tabs %} has no {% tab %}',
    ]);
    expect(empty.features).toBeUndefined();
    const one = await runOn(
      remarkOpTabs,
      parsed('{% tabs %}\n{% tab title="A" %}\nA\n{% endtab %}\n{% endtabs %}\n'),
    );
    expect(one).toEqual({ messages: [], features: { mermaid: false, math: false, tabs: true } });
  });

  it('code', async () => {
    const lineOf = (node: { position?: { start: { line: number } } }) => node.position?.start.line;
    const result = await runOn(
      remarkOpCode,
      parsed('{% code %}\nNo code here\n{% endcode %}\n\n```mermaid\ngraph TD\n```\n'),
      { lineOf },
    );
    expect(result.messages).toEqual(['1: {% code %} holds no code block']);
    expect(result.features?.mermaid).toBe(true);
  });

  it('math', async () => {
    const html = '<p>x</p>\n<pre><code class="language-math math-display">\\frac{1}{</code></pre>';
    const result = await runOn(rehypeOpMath, fromHtml(html, { fragment: true }));
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatch(/^2: math could not be typeset: /);
    expect(result.features?.math).toBe(true);
  });

  it('icons', async () => {
    const html = '<p><i class="op-icon" data-op-icon="made-up-name"></i></p>';
    expect(await rehypeMessages(rehypeOpIcons, html, { iconStyle: 'solid' })).toEqual([
      '1: icon "made-up-name" is not in any icon set; shown as "circle-dot"',
    ]);
  });

  it('icons: a Pro icon is a stand-in on the page, not a message; any other name a warning', async () => {
    const html =
      '<p><i class="op-icon" data-op-icon="sparkle"></i><i class="op-icon" data-op-icon="sparkel"></i><i class="op-icon" data-op-icon="sparkle"></i><i class="op-icon" data-op-icon="claude"></i></p>';
    const file = new VFile();
    await unified()
      .use(rehypeOpIcons, { iconStyle: 'solid' })
      .run(fromHtml(html, { fragment: true }), file);
    expect(file.messages.map((message) => message.reason)).toEqual([
      'icon "sparkel" is not in any icon set; shown as "circle-dot"',
    ]);
    expect(file.data.iconStandIns).toEqual([{ name: 'sparkle', shownAs: 'mdi:star-four-points' }]);
    expect(isIconWarning(file.messages[0]?.reason ?? '')).toBe(true);
    expect(isIconWarning('icon "x" is a Pro icon')).toBe(false);
  });
});
