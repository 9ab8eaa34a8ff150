import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { testResolver } from './test-resolver.ts';

describe('task-list checkboxes', () => {
  it("are named after their item's own text, nested lists left out", async () => {
    const { html } = await renderMarkdown(
      '- [x] Charge the *battery* pack\n- [ ] Sign the manifest\n  - [ ] Witness signs too\n',
      { resolver: testResolver, currentPath: 'a.md', highlighter: false },
    );
    const labels: (string | undefined)[] = [];
    const visit = (node: ReturnType<typeof fromHtml>['children'][number]) => {
      if (node.type !== 'element') return;
      if (node.tagName === 'input') labels.push(node.properties.ariaLabel as string | undefined);
      for (const child of node.children) visit(child as never);
    };
    for (const node of fromHtml(html, { fragment: true }).children) visit(node);
    expect(labels).toEqual(['Charge the battery pack', 'Sign the manifest', 'Witness signs too']);
  });
});
