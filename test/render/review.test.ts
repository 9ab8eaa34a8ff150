import { describe, expect, it } from 'vitest';
import {
  changesJson,
  changesPageView,
  changesSummary,
  pageReview,
} from '../../src/render/stages/review.ts';
import type { ReviewModel } from '../../src/site/index.ts';
import { englishStrings, LOCALES } from '../../src/view/i18n/index.ts';

const english = { lang: 'en', strings: englishStrings };

const review = (overrides: Partial<ReviewModel> = {}): ReviewModel => ({
  changeRequest: { id: 'cr', number: 7, subject: '<b>Bold</b> move', status: 'open' },
  spaceId: 'space',
  url: '/docs/_changes/',
  outputFile: '_changes/index.html',
  entries: [
    {
      change: 'edited',
      title: 'Install <script>x</script>',
      path: 'install',
      edited: true,
      url: '/docs/install/',
      pageKey: 's:install',
    },
    {
      change: 'moved',
      title: 'Setup',
      path: 'start/setup',
      previousPath: 'setup',
      previousTitle: 'Set <i>up</i>',
      edited: true,
      url: '/docs/start/setup/',
      pageKey: 's:setup',
    },
    {
      change: 'removed',
      title: 'Old',
      path: 'old',
      edited: false,
      url: '/docs/_changes/removed/old/',
    },
  ],
  outdated: false,
  liveSince: [],
  ...overrides,
});

const site: Parameters<typeof changesPageView>[0] = { chrome: {}, lang: 'en', dir: 'ltr' };
const blocks = new Map([
  ['s:install', { added: 2, removed: 1, changed: 1 }],
  ['s:setup', { added: 0, removed: 0, changed: 1 }],
]);

describe("a change request's review pages", () => {
  it('lists the pages by kind, titles as text, with block counts and old paths', () => {
    const view = changesPageView(site, english, review(), blocks);
    expect(view.html).toContain('Install &#x3C;script>x&#x3C;/script>');
    expect(view.html).not.toContain('<script>');
    // Each count in its own plural form, the zeros left out.
    expect(view.html).toContain('2 blocks added, 1 block removed, and 1 block changed');
    expect(view.html).toContain(
      'Moved from setup · Renamed from “Set &#x3C;i>up&#x3C;/i>” · 1 block changed',
    );
    expect(view.html).not.toContain('<i>');
    expect(view.outline.map((entry) => entry.text)).toEqual([
      'Edited (1)',
      'Moved (1)',
      'Removed (1)',
    ]);
    expect(view.indexable).toBe(false);
    expect(view.robotsNoIndex).toBe(true);
    expect(view.changeRequest).toEqual({
      number: 7,
      subject: '<b>Bold</b> move',
      changesUrl: '/docs/_changes/',
    });
    expect(view.html).not.toContain('The live space has changed');
  });

  it("counts blocks in the site's language", () => {
    const french = LOCALES.fr as (typeof LOCALES)[string];
    const view = changesPageView(site, french, review(), blocks);
    expect(view.html).toContain('2 blocs ajoutés, 1 bloc supprimé et 1 bloc modifié');
    expect(view.html).toContain('Renommée depuis « Set &#x3C;i>up&#x3C;/i> »');
  });

  it('says when the live space has moved on, and which pages changed there since', () => {
    const view = changesPageView(
      site,
      english,
      review({
        outdated: true,
        liveSince: [
          { change: 'edited', title: 'Errors', path: 'errors', url: '/docs/errors/' },
          { change: 'removed', title: 'Gone', path: 'gone' },
        ],
      }),
      blocks,
    );
    expect(view.html).toContain('The live space has changed since this change request started');
    expect(view.html).toContain('<a href="/docs/errors/">Errors</a>');
    expect(view.html).toMatch(/Gone <code>gone<\/code> \(Removed\)/);
  });

  it('says nothing changed when nothing did', () => {
    const view = changesPageView(site, english, review({ entries: [] }), new Map());
    expect(view.html).toContain('This change request changes no page.');
  });

  it('gives each changed page its note, and counts only where the markdown changed', () => {
    expect(pageReview(review(), 's:install', blocks.get('s:install'))).toEqual({
      change: 'edited',
      blocks: { added: 2, removed: 1, changed: 1 },
      changesUrl: '/docs/_changes/',
    });
    expect(pageReview(review(), 's:setup', blocks.get('s:setup'))).toEqual({
      change: 'moved',
      previousPath: 'setup',
      previousTitle: 'Set <i>up</i>',
      blocks: { added: 0, removed: 0, changed: 1 },
      changesUrl: '/docs/_changes/',
    });
    expect(pageReview(review(), 's:other', undefined)).toBeUndefined();
    expect(pageReview(undefined, 's:install', undefined)).toBeUndefined();
  });

  it('writes changes.json with absolute URLs, and a summary line per page', () => {
    const json = changesJson(review({ outdated: true }), blocks, 'https://docs.example');
    expect(json.changesPage).toBe('https://docs.example/docs/_changes/');
    expect(json.pages[0]).toEqual({
      url: 'https://docs.example/docs/install/',
      title: 'Install <script>x</script>',
      change: 'edited',
      path: 'install',
      blocksAdded: 3,
      blocksRemoved: 2,
    });
    expect(json.pages[1]).toMatchObject({
      previousPath: 'setup',
      previousTitle: 'Set <i>up</i>',
      blocksAdded: 1,
      blocksRemoved: 1,
    });
    expect(json.pages[2]).toMatchObject({ change: 'removed', blocksAdded: 0, blocksRemoved: 0 });
    expect(changesSummary(json)).toEqual([
      'change request #7: 0 added, 1 edited, 1 moved, 1 removed (the live space has moved on since it started)',
      '  edited  install  https://docs.example/docs/install/',
      '  moved   start/setup (from setup) (title "Setup", was "Set <i>up</i>")  https://docs.example/docs/start/setup/',
      '  removed old  https://docs.example/docs/_changes/removed/old/',
    ]);
    expect(changesJson(review(), blocks, undefined).pages[0]?.url).toBe('/docs/install/');
  });
});
