import type { Root as HastRoot } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { remarkOpHint } from '../../src/markdown/plugins/hint.ts';
import { remarkOpInclude } from '../../src/markdown/plugins/include.ts';
import { rehypeOpReferences } from '../../src/markdown/plugins/references.ts';
import { rehypeOpTabsAria } from '../../src/markdown/plugins/tabs-aria.ts';
import { remarkOpSyntax } from '../../src/markdown/syntax/index.ts';
import { CURRENT_PATH, testResolver } from './test-resolver.ts';

/**
 * A block plugin is a plain unified plugin: with remark-parse and the `{% %}` syntax it runs
 * alone, given only its own options (blocks.ts builds them for the page's render).
 */

describe('block plugins run alone', () => {
  it('hint', async () => {
    const html = await unified()
      .use(remarkParse)
      .use(remarkOpSyntax)
      .use(remarkOpHint)
      .use(remarkRehype)
      .use(rehypeStringify)
      .process('{% hint style="success" %}\nAll **on** one line.\n{% endhint %}\n');
    expect(String(html)).toBe(
      '<div class="op-hint op-hint--success" role="note"><span class="op-hint__icon" data-op-icon="circle-check" aria-hidden="true"></span><div class="op-hint__body"><p>All <strong>on</strong> one line.</p></div></div>',
    );
  });

  it('include, given the resolver', async () => {
    const file = await unified()
      .use(remarkParse)
      .use(remarkOpSyntax)
      .use(remarkOpInclude, { resolver: testResolver, currentPath: CURRENT_PATH })
      .use(remarkOpHint)
      .use(remarkRehype)
      .use(rehypeStringify)
      .process('Before.\n\n{% include "../.gitbook/includes/snippet.md" %}\n');
    expect(file.messages.map(String)).toEqual([]);
    expect(String(file)).toContain(
      '<div class="op-include" data-op-base=".gitbook/includes/snippet.md" data-op-line="3"><div class="op-hint op-hint--info"',
    );
    expect(String(file)).toContain(
      'Shared <strong>snippet</strong> with a <a href="../../guides/install.md">link</a>.',
    );
  });

  it('references, given the resolver', async () => {
    const file = await unified()
      .use(remarkParse)
      .use(remarkRehype)
      .use(rehypeOpReferences, { resolver: testResolver, currentPath: CURRENT_PATH })
      .use(rehypeStringify)
      .process('[Install](install.md#setup) and [gone](nowhere.md).\n');
    expect(String(file)).toBe(
      '<p><a href="/guides/install/#setup">Install</a> and <span class="op-broken-link">gone</span>.</p>',
    );
    expect(file.data.references?.map(({ ref, resolved }) => [ref.raw, resolved])).toEqual([
      ['install.md#setup', true],
      ['nowhere.md', false],
    ]);
  });

  it('tabs-aria, given nothing: each tree’s tablists numbered from 1', async () => {
    const tabs = fromHtml(
      '<div class="op-tabs"><section class="op-tabs__panel"><div class="op-tabs__title">A</div></section></div>',
      { fragment: true },
    );
    const processor = unified().use(rehypeOpTabsAria).use(rehypeStringify).freeze();
    const render = async () =>
      processor.stringify((await processor.run(structuredClone(tabs))) as HastRoot);
    const first = await render();
    expect(first).toContain(
      '<button type="button" role="tab" class="op-tabs__tab" id="op-tabs-1-tab-1"',
    );
    expect(first).toContain('<section class="op-tabs__panel" id="op-tabs-1-panel-1"');
    expect(await render()).toBe(first);
  });
});
