/**
 * The URL scanner for markdown no render parsed (local pages, `.md` copies, the local platform's
 * link rewriting): URLs by their exact offsets, and the render's parser guards, so that a
 * hostile page costs it no more than it costs the render.
 */
import { describe, expect, it } from 'vitest';
import { MAX_MARKDOWN_CHARS } from '../../src/markdown/limits.ts';
import { LONG_LINE, MAX_CONTAINERS } from '../../src/markdown/preprocess.ts';
import { markdownUrls } from '../../src/markdown/source-urls.ts';

const urls = (markdown: string) =>
  markdownUrls(markdown).map(({ start, end, url }) => {
    expect(markdown.slice(start, end)).toBe(url);
    return url;
  });

describe('markdownUrls', () => {
  it('reads a file name with spaces and parentheses whole', () => {
    expect(urls('![shot](<.gitbook/assets/image (1).png>) and [x](a.md)\n')).toEqual([
      '.gitbook/assets/image (1).png',
      'a.md',
    ]);
  });

  it('finds a link past the render’s container limit, as the render shows it', () => {
    const deep = `${'> '.repeat(MAX_CONTAINERS + 8)}see [the guide](guide.md)`;
    expect(urls(`${deep}\n\n[after](after.md)\n`)).toEqual(['guide.md', 'after.md']);
    // Thousands of nested markers (quadratic for micromark): the rest of the page still read.
    const hostile = `${'- '.repeat(9_000)}list [x](x.md)`;
    expect(hostile.length).toBeLessThan(LONG_LINE);
    expect(urls(`${hostile}\n\n[after](after.md)\n`)).toEqual(['x.md', 'after.md']);
  });

  it('reads no URL on a line the render shows as text, and every other line’s', () => {
    const long = `[cut](cut.md) ${'*'.repeat(LONG_LINE)}`;
    expect(urls(`[before](before.md)\n\n${long}\n\n[after](after.md)\n`)).toEqual([
      'before.md',
      'after.md',
    ]);
  });

  it('reads no markdown URL in a page larger than the render parses', () => {
    const page = `[a](a.md)\n\n${'word '.repeat(MAX_MARKDOWN_CHARS / 5 + 1)}`;
    expect(urls(page)).toEqual([]);
  });
});

describe('markdownUrls in {% %} tags', () => {
  it('reads the arguments of the tags the render reads, and of no other', () => {
    const markdown = [
      '{% file src="a (1).pdf" %}Caption{% endfile %}',
      '',
      '> <div>',
      '> {% embed url="https://example.com/v" %}',
      '> </div>',
      '',
      '```',
      '{% file src="sample.pdf" %}',
      '```',
      '',
      'Text {% file src="mid.pdf" %} `{% file src="code.pdf" %}`',
      '',
      '{% content-ref url="guide.md" %}[guide.md](guide.md){% endcontent-ref %}',
      '',
    ].join('\n');
    expect(
      markdownUrls(markdown).map(({ start, end, url, as, tag, attribute }) => {
        expect(markdown.slice(start, end)).toBe(url);
        return [url, as, tag, attribute];
      }),
    ).toEqual([
      ['a (1).pdf', 'file', 'file', 'src'],
      ['https://example.com/v', 'file', 'embed', 'url'],
      ['guide.md', 'link', 'content-ref', 'url'],
      ['guide.md', 'link', undefined, undefined],
    ]);
  });
});
