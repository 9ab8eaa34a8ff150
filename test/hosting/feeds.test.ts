/**
 * A page's updates as feed items (src/hosting/feed-items.ts) and those items as RSS 2.0 and
 * Atom (src/hosting/feeds.ts), from markdown rendered as the render renders it, `{% if %}`
 * regions prepared as its after-markdown step prepares them; each feed parsed back by a feed
 * parser. The built site's feeds are test/hosting/feeds.integration.test.ts's.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { prepareRegions } from '../../src/adaptive/index.ts';
import { type FeedItem, pageUpdates } from '../../src/hosting/feed-items.ts';
import { atomXml, feedFiles, feedUrls, type PageFeed, rssXml } from '../../src/hosting/feeds.ts';
import { llmsTxt } from '../../src/hosting/llms.ts';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { parseLlmsTxt } from '../../src/mcp/llms-index.ts';
import { CURRENT_PATH, testResolver } from '../markdown/test-resolver.ts';

const PAGE_URL = 'https://docs.example/guides/page/';
const NO_CLAIMS = { unsigned: {} };

const CHANGELOG = `# Changelog

{% updates format="full" %}
{% update date="2025-01-15" tags="fix, cli" %}
## Older, written first

See [the install guide](install.md), [a heading](#newest) and [elsewhere](https://other.example/x).
{% endupdate %}

{% update date="2025-06-30T09:30:00Z" %}
## Newest

<img src="https://cdn.example/chart.png" alt="A chart">

{% if visitor.claims.unsigned.plan == "pro" %}
Pro readers only.
{% elif !visitor.claims.unsigned.beta %}
Readers outside the beta.
{% else %}
Beta readers.
{% endif %}

{% if process.exit() %}
Refused: nobody.
{% endif %}
{% endupdate %}

{% update date="2025-03-01" %}
No heading, so no title: left out, as the platform leaves it out.
{% endupdate %}

{% update date="someday" %}
## Undated

No date a feed can give.
{% endupdate %}

{% update date="2025-01-15" %}
## Same day, written second

Ties keep the page's order.
{% endupdate %}
{% endupdates %}
`;

/** The page's HTML as the render hands it on: rendered, then its regions prepared. */
async function pageHtml(markdown: string): Promise<string> {
  const rendered = await renderMarkdown(markdown, {
    resolver: testResolver,
    currentPath: CURRENT_PATH,
    highlighter: false,
  });
  return prepareRegions(rendered.html, () => {}).html;
}

function feedOf(items: FeedItem[]): PageFeed {
  return {
    pageUrl: PAGE_URL,
    title: 'Changelog | Docs',
    description: 'What changed.',
    lang: 'en',
    site: { title: 'Docs', url: 'https://docs.example/' },
    urls: feedUrls(PAGE_URL),
    items,
  };
}

describe('pageUpdates', () => {
  it('gives the updates with a heading and a date, newest first, titled and anchored by their heading', async () => {
    const html = await pageHtml(CHANGELOG);
    const { items, warnings } = pageUpdates(html, PAGE_URL, NO_CLAIMS);
    expect(items.map((item) => [item.date, item.title, item.anchor, item.tags])).toEqual([
      ['2025-06-30T09:30:00Z', 'Newest', 'newest', []],
      ['2025-01-15', 'Older, written first', 'older-written-first', ['fix', 'cli']],
      ['2025-01-15', 'Same day, written second', 'same-day-written-second', []],
    ]);
    for (const item of items) expect(html).toContain(`id="${item.anchor}"`);
    expect(warnings).toEqual([
      `update "Undated": no date a feed can give (date="someday"): left out of the page's feeds`,
    ]);
  });

  it("makes the content's links and images absolute, and leaves out the heading, ids and classes", async () => {
    const { items } = pageUpdates(await pageHtml(CHANGELOG), PAGE_URL, NO_CLAIMS);
    const older = items[1]?.html ?? '';
    expect(older).toContain('<a href="https://docs.example/guides/install/">the install guide</a>');
    expect(older).toContain('<a href="https://docs.example/guides/page/#newest">a heading</a>');
    expect(older).toContain('<a href="https://other.example/x">elsewhere</a>');
    expect(older).not.toMatch(/<h\d|Older, written first| class=| id=/);
    expect(items[0]?.html).toContain('<img src="https://cdn.example/chart.png" alt="A chart">');
  });

  it('shows of each {% if %} what a reader without claims sees, and nothing of a refused one', async () => {
    const html = await pageHtml(CHANGELOG);
    const newest = (claims: Record<string, unknown>) =>
      pageUpdates(html, PAGE_URL, claims).items[0]?.html ?? '';
    const anonymous = newest(NO_CLAIMS);
    expect(anonymous).toContain('Readers outside the beta.');
    expect(anonymous).not.toMatch(/Pro readers|Beta readers|Refused/);
    // The claims decide: a pro reader's branch is another.
    expect(newest({ unsigned: { plan: 'pro' } })).toContain('Pro readers only.');
    expect(newest({ unsigned: { beta: true } })).toContain('Beta readers.');
  });

  it('strips what sanitizing strips, and the icons and controls of the page', () => {
    const html =
      '<div class="op-updates"><article class="op-update"><header class="op-update__header"><time class="op-update__date" datetime="2025-02-01">2025-02-01</time></header>' +
      '<div class="op-update__body"><h2 id="x"><span class="op-icon-slot" aria-hidden="true"><svg><path d="M0"/></svg></span> Title</h2>' +
      '<p style="color:red" onclick="alert(1)">Text<button type="button">Copy</button></p>' +
      '<picture class="op-picture"><source srcset="/a/800w.webp 800w"><img class="op-scheme-light" src="/a/light.png" alt="light"></picture>' +
      '<img class="op-scheme-dark" src="/a/dark.png" alt="dark"><a href="javascript:alert(1)">bad</a></div></article></div>';
    const [item] = pageUpdates(html, PAGE_URL, NO_CLAIMS).items;
    expect(item?.title).toBe('Title');
    expect(item?.html).toBe(
      '<p>Text</p><img src="https://docs.example/a/light.png" alt="light"><a>bad</a>',
    );
  });

  it('gives nothing for a page without updates', () => {
    expect(pageUpdates('<p>No updates.</p>', PAGE_URL, NO_CLAIMS)).toEqual({
      items: [],
      warnings: [],
    });
  });
});

describe('the feeds', () => {
  it('read back as RSS 2.0: titles, links, dates and content, newest first, dated by the newest item', async () => {
    const { items } = pageUpdates(await pageHtml(CHANGELOG), PAGE_URL, NO_CLAIMS);
    const xml = rssXml(feedOf(items));
    const feed = parseFeed(xml);
    expect(feed.meta).toMatchObject({ type: 'rss', version: '2.0' });
    expect(feed).toMatchObject({
      title: 'Changelog | Docs',
      description: 'What changed.',
      url: PAGE_URL,
      self: 'https://docs.example/guides/page/rss.xml',
      language: 'en',
    });
    // No clock: the feed's date is its newest item's.
    expect(xml).toContain('<lastBuildDate>Mon, 30 Jun 2025 09:30:00 GMT</lastBuildDate>');
    expect(feed.items.map((item) => [item.title, item.url, item.published?.toISOString()])).toEqual(
      [
        ['Newest', `${PAGE_URL}#newest`, '2025-06-30T09:30:00.000Z'],
        ['Older, written first', `${PAGE_URL}#older-written-first`, '2025-01-15T00:00:00.000Z'],
        [
          'Same day, written second',
          `${PAGE_URL}#same-day-written-second`,
          '2025-01-15T00:00:00.000Z',
        ],
      ],
    );
    expect(feed.items[1]?.description).toContain('https://docs.example/guides/install/');
    expect(feed.items[1]?.categories.map((category) => category.term)).toEqual(['fix', 'cli']);
  });

  it('read back as Atom 1.0, with its author, self link and updated date', async () => {
    const { items } = pageUpdates(await pageHtml(CHANGELOG), PAGE_URL, NO_CLAIMS);
    const feed = parseFeed(atomXml(feedOf(items)));
    expect(feed.meta).toMatchObject({ type: 'atom', version: '1.0' });
    expect(feed).toMatchObject({
      title: 'Changelog | Docs',
      url: PAGE_URL,
      self: 'https://docs.example/guides/page/atom.xml',
    });
    expect(feed.updated?.toISOString()).toBe('2025-06-30T09:30:00.000Z');
    expect(feed.authors.map((author) => author.name)).toEqual(['Docs']);
    expect(feed.items.map((item) => [item.id, item.updated?.toISOString()])).toEqual([
      [`${PAGE_URL}#newest`, '2025-06-30T09:30:00.000Z'],
      [`${PAGE_URL}#older-written-first`, '2025-01-15T00:00:00.000Z'],
      [`${PAGE_URL}#same-day-written-second`, '2025-01-15T00:00:00.000Z'],
    ]);
    expect(feed.items[0]?.content).toContain('Readers outside the beta.');
  });

  it('keep markup out of titles and a CDATA end out of the content', () => {
    const item: FeedItem = {
      title: 'A <b>bold</b> & "quoted" ]]> title',
      anchor: 'a',
      date: '2025-02-01',
      html: '<p>x ]]> y</p>',
      tags: [],
    };
    for (const xml of [rssXml(feedOf([item])), atomXml(feedOf([item]))]) {
      const [parsed] = parseFeed(xml).items;
      expect(parsed?.title, xml).toBe('A <b>bold</b> & "quoted" ]]> title');
      // The parser may decode the `&gt;`: either way the section did not end early.
      expect(parsed?.content ?? parsed?.description, xml).toMatch(/^<p>x \]\](>|&gt;) y<\/p>$/);
    }
  });

  it('are the same bytes every time', () => {
    const item: FeedItem = {
      title: 'T',
      anchor: 't',
      date: '2025-02-01',
      html: '<p>x</p>',
      tags: [],
    };
    expect(rssXml(feedOf([item]))).toBe(rssXml(feedOf([item])));
    expect(atomXml(feedOf([item]))).toBe(atomXml(feedOf([item])));
  });

  it('sit beside the page: its folder, or the root for the home page', () => {
    expect(feedFiles('guides/page/index.html')).toEqual({
      rss: 'guides/page/rss.xml',
      atom: 'guides/page/atom.xml',
    });
    expect(feedFiles('index.html')).toEqual({ rss: 'rss.xml', atom: 'atom.xml' });
    expect(feedUrls('https://docs.example/docs/')).toEqual({
      rss: 'https://docs.example/docs/rss.xml',
      atom: 'https://docs.example/docs/atom.xml',
    });
  });
});

describe('llms.txt', () => {
  it("lists a page's feeds under it, where the page list's reader passes over them", () => {
    const text = llmsTxt({
      title: 'Docs',
      sections: [
        {
          title: 'Guides',
          pages: [
            {
              title: 'Changelog',
              url: 'https://docs.example/changelog.md',
              feeds: feedUrls('https://docs.example/changelog/'),
            },
            { title: 'Install', url: 'https://docs.example/install.md' },
          ],
        },
      ],
    });
    expect(text).toContain(
      '- [Changelog](https://docs.example/changelog.md)\n' +
        '  - Its updates as a feed: [RSS 2.0](https://docs.example/changelog/rss.xml), [Atom](https://docs.example/changelog/atom.xml)\n' +
        '- [Install](https://docs.example/install.md)\n',
    );
    expect(parseLlmsTxt(text).pages.map((page) => page.url)).toEqual([
      'https://docs.example/changelog.md',
      'https://docs.example/install.md',
    ]);
  });
});
