/**
 * Links resolve as the platform resolves them (issue #58): a group opens at its first page, a
 * page is found by its id before its path, a space of the organization the site does not show
 * leads to where the platform links it, and a link that stays broken says why.
 */
import { describe, expect, it } from 'vitest';
import {
  type PageReference,
  parseReference,
  type Resolver,
  renderMarkdown,
} from '../../src/markdown/index.ts';
import { brokenReason } from '../../src/markdown/resolve.ts';
import { buildSiteModel } from '../../src/site/index.ts';
import { doc, group, makeSite } from './helpers.ts';

const model = buildSiteModel({
  ...makeSite({
    base: '/docs/',
    spaces: [
      {
        id: 'guides',
        path: 'guides',
        default: true,
        pages: [
          doc('readme', 'Welcome', { git: { path: 'README.md' } }),
          group(
            'Integrations',
            [
              // A group whose first page is hidden: the link lands on the first visible one.
              doc('integrations/legacy', 'Legacy', { hidden: true }),
              doc('integrations/slack', 'Slack'),
            ],
            { id: 'g-integrations', path: 'integrations' },
          ),
          group(
            'Agent',
            [group('Setup', [doc('agent/setup/install', 'Install the agent')], { id: 'g-setup' })],
            { id: 'g-agent', path: 'agent' },
          ),
          group('Empty', [], { id: 'g-empty', path: 'empty' }),
          // A page that moved: its file is still at its old place, its path is new.
          doc('operations/countdown-procedure', 'Countdown', {
            id: 'p-countdown',
            git: { path: 'operations/countdown.md' },
          }),
        ],
      },
    ],
  }),
  linkedSpaces: {
    published: { title: 'Partners', published: 'https://partners.example/' },
    unpublished: { title: 'Planner', app: 'https://app.gitbook.com/o/acme/s/unpublished' },
  },
});

const FROM = 'guides:p-readme';
const resolver = model.resolverFor(FROM);

function href(url: string): string | undefined {
  const ref = parseReference(url, { currentPath: 'README.md' });
  if (ref.kind !== 'page') throw new Error(`${url} parsed as ${ref.kind}`);
  return model.hrefFor(FROM, ref);
}

const reason = (url: string, on: Resolver = resolver) =>
  brokenReason(parseReference(url, { currentPath: 'README.md' }), on);

describe('a link to a group', () => {
  it('goes to its first page, by any form that names it, keeping its anchor', () => {
    expect(href('https://app.gitbook.com/s/guides/integrations')).toBe('/docs/integrations/slack/');
    expect(href('/pages/g-integrations#webhooks')).toBe('/docs/integrations/slack/#webhooks');
    expect(href('integrations/')).toBe('/docs/integrations/slack/');
    expect(href('integrations.md#set-up')).toBe('/docs/integrations/slack/#set-up');
  });

  it('goes down through groups in groups, and names the page it lands on', () => {
    expect(href('https://app.gitbook.com/s/guides/agent')).toBe('/docs/agent/setup/install/');
    expect(resolver.page({ kind: 'page', pageId: 'g-agent', raw: '' })?.title).toBe(
      'Install the agent',
    );
  });

  it('stays broken when the group has no page', () => {
    expect(href('/pages/g-empty')).toBeUndefined();
    expect(reason('/pages/g-empty')).toBe('no-page');
  });

  it('is a live link in the HTML, not a struck-through one', async () => {
    const result = await renderMarkdown('See [integrations](integrations/).', {
      resolver,
      currentPath: 'README.md',
      highlighter: false,
    });
    expect(result.html).toContain('href="/docs/integrations/slack/"');
    expect(result.html).not.toContain('op-broken-link');
    expect(result.brokenLinks).toEqual([]);
  });
});

describe('a page named by its id and its path', () => {
  const both = (path: string): PageReference => ({
    kind: 'page',
    pageId: 'p-countdown',
    path,
    raw: '',
  });

  it('is found by the id when the path no longer matches (a moved page)', () => {
    expect(resolver.page(both('operations/old-countdown.md'))?.url).toBe(
      '/docs/operations/countdown-procedure/',
    );
    // The path alone, as the page's old path: not found.
    expect(href('https://app.gitbook.com/s/guides/operations/countdown')).toBeUndefined();
  });

  it('is found by the path when the id names no page', () => {
    expect(
      resolver.page({ kind: 'page', pageId: 'gone', path: 'operations/countdown.md', raw: '' })
        ?.url,
    ).toBe('/docs/operations/countdown-procedure/');
  });

  it('in a content-ref, by the id whichever of its two places holds it', async () => {
    const render = (markdown: string) =>
      renderMarkdown(markdown, { resolver, currentPath: 'README.md', highlighter: false });
    for (const markdown of [
      '{% content-ref url="operations/old-countdown.md" %}\n[Countdown](/pages/p-countdown)\n{% endcontent-ref %}',
      '{% content-ref url="/pages/p-countdown" %}\n[Countdown](operations/old-countdown.md)\n{% endcontent-ref %}',
    ]) {
      const result = await render(markdown);
      expect(result.html, markdown).toContain('href="/docs/operations/countdown-procedure/"');
      expect(result.brokenLinks, markdown).toEqual([]);
    }
  });
});

describe('a link into a space of the organization the site does not show', () => {
  it('goes to the URL the platform publishes it at, below it to the path named', () => {
    expect(href('https://app.gitbook.com/s/published/guides/x#y')).toBe(
      'https://partners.example/guides/x#y',
    );
    expect(href('/spaces/published/pages/some-id')).toBe('https://partners.example/');
  });

  it('goes to its app URL when it is published nowhere, as the platform links it', () => {
    expect(href('https://app.gitbook.com/s/unpublished/plans')).toBe(
      'https://app.gitbook.com/o/acme/s/unpublished/plans',
    );
    expect(model.resolveContentRef({ kind: 'space', space: 'unpublished' })).toEqual({
      url: 'https://app.gitbook.com/o/acme/s/unpublished',
      external: true,
    });
  });

  it('stays broken when the platform does not know the space, and says so', () => {
    expect(href('https://app.gitbook.com/s/nowhere/plans')).toBeUndefined();
    expect(reason('https://app.gitbook.com/s/nowhere/plans')).toBe('no-space');
    expect(reason('/spaces/guides/pages/nope')).toBe('no-page');
    expect(reason('/spaces/published/pages/x')).toBe('no-page');
  });
});

describe('the reason a reference is broken', () => {
  it('names what is missing: page, space, file or reusable content', async () => {
    const result = await renderMarkdown(
      [
        '[a](missing.md) [b](https://app.gitbook.com/s/nowhere/x) [c](/broken/pages/xyz)',
        '',
        '![d](.gitbook/assets/nope.png)',
        '',
        '{% include "/reusable-content/nope" %}',
      ].join('\n'),
      { resolver, currentPath: 'README.md', highlighter: false },
    );
    // The include is read before the page's links are resolved.
    expect(result.brokenLinks.map((b) => [b.target, b.reason])).toEqual([
      ['/reusable-content/nope', 'no-content'],
      ['missing.md', 'no-page'],
      ['https://app.gitbook.com/s/nowhere/x', 'no-space'],
      ['/broken/pages/xyz', 'no-page'],
      ['.gitbook/assets/nope.png', 'no-file'],
    ]);
  });

  it('takes every space as known when the resolver cannot tell', () => {
    const plain: Resolver = {
      page: () => undefined,
      file: () => undefined,
      reusableContent: () => undefined,
    };
    expect(reason('https://app.gitbook.com/s/nowhere/plans', plain)).toBe('no-page');
  });
});
