import { describe, expect, it } from 'vitest';
import { assistantLinks } from '../../src/markdown/assistant-links.ts';
import { formatUpdated } from '../../src/render/dates.ts';
import { isPublicOrigin, mcpCommand, pageActionsView } from '../../src/render/page-actions.ts';

const PROMPT = 'Read {url} so I can ask questions about it.';

describe('page actions', () => {
  it('point at the page’s .md copy, and give assistants its public URL', () => {
    const view = pageActionsView({
      pageUrl: '/docs/guides/install/',
      base: '/docs/',
      origin: 'https://docs.example.com',
      noindex: false,
    });
    expect(view.markdownUrl).toBe('/docs/guides/install.md');
    expect(view.publicMarkdownUrl).toBe('https://docs.example.com/docs/guides/install.md');
    // The site's URL, for an assistant's MCP client.
    expect(view.mcpCommand).toBe('npx offprint mcp https://docs.example.com/docs/');
    const assistants = assistantLinks(view.publicMarkdownUrl as string, PROMPT);
    expect(assistants.map((a) => a.name)).toEqual(['chatgpt', 'claude']);
    for (const assistant of assistants) {
      const url = new URL(assistant.url);
      expect(url.protocol).toBe('https:');
      expect(url.searchParams.get('q')).toBe(
        'Read https://docs.example.com/docs/guides/install.md so I can ask questions about it.',
      );
    }
  });

  it('offer no assistant without a public origin or on a site that is not public', () => {
    const base = { pageUrl: '/', base: '/', noindex: false };
    expect(pageActionsView(base).publicMarkdownUrl).toBeUndefined();
    expect(
      pageActionsView({ ...base, origin: 'http://localhost:4321' }).publicMarkdownUrl,
    ).toBeUndefined();
    expect(
      pageActionsView({ ...base, origin: 'http://127.0.0.1:8080' }).publicMarkdownUrl,
    ).toBeUndefined();
    expect(
      pageActionsView({ ...base, origin: 'https://docs.example.com', noindex: true })
        .publicMarkdownUrl,
    ).toBeUndefined();
    // The MCP command is offered with the assistants, on the same terms.
    for (const origin of [undefined, 'http://localhost:4321', 'http://10.0.0.2'])
      expect(
        pageActionsView({ ...base, ...(origin ? { origin } : {}) }).mcpCommand,
      ).toBeUndefined();
    expect(
      pageActionsView({ ...base, origin: 'https://docs.example.com', noindex: true }).mcpCommand,
    ).toBeUndefined();
    expect(pageActionsView(base).markdownUrl).toBe('/index.md');
  });

  it('quote a site URL a shell would read into', () => {
    expect(mcpCommand('https://docs.example.com/')).toBe(
      'npx offprint mcp https://docs.example.com/',
    );
    expect(mcpCommand("https://docs.example.com/a&b/it's/")).toBe(
      `npx offprint mcp 'https://docs.example.com/a&b/it'\\''s/'`,
    );
  });

  it('tell public origins from local and private ones', () => {
    for (const origin of [
      'https://docs.example.com',
      'http://203.0.113.9',
      'https://[2001:db8::1]',
    ])
      expect(isPublicOrigin(origin), origin).toBe(true);
    for (const origin of [
      'http://localhost',
      'http://docs.localhost:3000',
      'http://intranet',
      'http://10.0.0.2',
      'http://172.20.1.1',
      'http://192.168.1.5',
      'http://169.254.1.1',
      'http://[::1]:8080',
      'http://[fd00::1]',
      'ftp://docs.example.com',
      'not a url',
    ])
      expect(isPublicOrigin(origin), origin).toBe(false);
  });
});

describe('last updated', () => {
  it('is the long date in the site’s language, in UTC', () => {
    expect(formatUpdated('2025-03-14T23:30:00Z', 'en')?.text).toBe('March 14, 2025');
    expect(formatUpdated('2025-03-14T23:30:00Z', 'fr')?.text).toBe('14 mars 2025');
    expect(formatUpdated('2025-03-14T23:30:00Z', 'de')?.text).toBe('14. März 2025');
    expect(formatUpdated('2025-03-14T23:30:00Z', 'en')?.iso).toBe('2025-03-14T23:30:00.000Z');
  });

  it('gives nothing for a date it cannot read', () => {
    expect(formatUpdated('yesterday', 'en')).toBeUndefined();
  });

  it('falls back to English for a language it cannot format, every time it is asked', () => {
    // The formatter is built once per language: the fallback must be kept for the next page too.
    expect(formatUpdated('2025-03-14T00:00:00Z', 'not a language!')?.text).toBe('March 14, 2025');
    expect(formatUpdated('2025-03-15T00:00:00Z', 'not a language!')?.text).toBe('March 15, 2025');
  });
});
