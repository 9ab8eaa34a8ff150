import { describe, expect, it } from 'vitest';
import { SiteFolderError } from '../../src/local-platform/errors.ts';
import { parseLink, parseSummary, type SummaryItem } from '../../src/local-platform/summary.ts';

/** The tree as `title` / `title > child` lines, to compare shapes at a glance. */
function outline(items: SummaryItem[], depth = 0): string[] {
  return items.flatMap((item) => [
    `${'  '.repeat(depth)}${item.kind}:${item.title}${item.kind === 'page' ? ` (${item.file})` : item.kind === 'link' ? ` <${item.url}>` : ''}`,
    ...('children' in item ? outline(item.children, depth + 1) : []),
  ]);
}

describe('parseSummary', () => {
  it('nests by indentation, makes groups of ## headings and link pages of URLs', () => {
    const tree = parseSummary(
      [
        '# Table of contents',
        '',
        '* [Welcome](README.md)',
        '* [Quickstart](getting-started/quickstart.md)',
        '  * [Install](getting-started/install.md)',
        '    * [Linux](getting-started/install/linux.md)',
        '  * [Configure](getting-started/configure.md)',
        '* [Concepts](concepts/)',
        '',
        '## API reference',
        '',
        '* [Authentication](api/auth.md)',
        '  * [Tokens](api/tokens.md)',
        '* [Status page](https://status.acme.example)',
        '',
        '## More',
        '- [FAQ](faq.md)',
      ].join('\n'),
    );
    expect(outline(tree)).toEqual([
      'page:Welcome (README.md)',
      'page:Quickstart (getting-started/quickstart.md)',
      '  page:Install (getting-started/install.md)',
      '    page:Linux (getting-started/install/linux.md)',
      '  page:Configure (getting-started/configure.md)',
      'page:Concepts (concepts/README.md)',
      'group:API reference',
      '  page:Authentication (api/auth.md)',
      '    page:Tokens (api/tokens.md)',
      '  link:Status page <https://status.acme.example>',
      'group:More',
      '  page:FAQ (faq.md)',
    ]);
    expect(tree[0]?.line).toBe(3);
  });

  it('reads tabs, numbered items, escaped titles, angle-bracket and %-encoded paths, and skips comments', () => {
    const tree = parseSummary(
      [
        '1. [A \\[draft\\] page](<my notes/a b.md>)',
        '\t* [Child](my%20notes/child.md "Title attribute")',
        '<!-- * [Parked](parked.md)',
        '     still parked -->',
        '2. [Mail us](mailto:docs@acme.example)',
      ].join('\n'),
    );
    expect(outline(tree)).toEqual([
      'page:A [draft] page (my notes/a b.md)',
      '  page:Child (my notes/child.md)',
      'link:Mail us <mailto:docs@acme.example>',
    ]);
  });

  it('normalizes paths and drops anchors', () => {
    const [page] = parseSummary('* [A](./guides/../guides/a.md#intro)');
    expect(page?.kind === 'page' && page.file).toBe('guides/a.md');
  });

  it.each([
    ['* Just text', /line 1: expected a link like "\* \[Title\]\(page.md\)"/],
    ['[Home](README.md)', /line 1: missing list bullet/],
    ['* [Up](../other/README.md)', /points outside the space/],
    ['* [Image](.gitbook/assets/a.png)', /is not a markdown \(.md\) page/],
    [
      '* [Site](https://acme.example)\n  * [Child](child.md)',
      /line 2: "Site" is an external link and cannot have child pages/,
    ],
    ['* [](README.md)', /the link text \(page title\) is empty/],
  ])('rejects %j with a message naming the file and line', (text, message) => {
    const error = (() => {
      try {
        parseSummary(text, 'spaces/x/SUMMARY.md');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(SiteFolderError);
    expect((error as Error).message).toMatch(/^spaces\/x\/SUMMARY\.md: /);
    expect((error as Error).message).toMatch(message);
  });
});

describe('parseLink', () => {
  it('keeps nested brackets in the title and strips a link title', () => {
    expect(parseLink("[The [beta] API](api.md 'x')")).toEqual({
      title: 'The [beta] API',
      destination: 'api.md',
    });
    expect(parseLink('not a link')).toBeUndefined();
    expect(parseLink('[a](b c)')).toBeUndefined();
  });
});
