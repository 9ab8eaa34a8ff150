import { describe, expect, it } from 'vitest';
import type { SiteCustomization } from '../../src/api/schemas/customizations.ts';
import { announcementKey, chromeView, headScript, letterIcon } from '../../src/render/chrome.ts';
import { feedbackEndpoint } from '../../src/render/feedback-endpoint.ts';

/** A model stand-in: pages `/docs/…` by space id, `https:`/`mailto:` URLs, one known file. */
const model = {
  title: 'Acme Rockets Docs',
  resolveContentRef(ref: Record<string, unknown> | null | undefined) {
    if (!ref) return undefined;
    if (ref.kind === 'url' && typeof ref.url === 'string' && /^(https?:|mailto:)/i.test(ref.url))
      return { url: ref.url, external: true };
    if (ref.kind === 'space' && ref.space === 'api') return { url: '/docs/api/', external: false };
    return undefined;
  },
  resolveImageUrl(url: unknown) {
    if (url === 'http://127.0.0.1:1/files/logo.png') return '/docs/assets/abc/logo.png';
    return typeof url === 'string' && /^https:\/\//.test(url) ? url : undefined;
  },
};

function build(site: SiteCustomization) {
  const warnings: string[] = [];
  const view = chromeView(model, site, (message) => warnings.push(message));
  return { view, warnings };
}

describe('the site chrome view', () => {
  it('resolves header links, keeps dropdowns, and drops what cannot be resolved', () => {
    const { view, warnings } = build({
      header: {
        links: [
          { title: 'Status', to: { kind: 'url', url: 'https://status.example' } },
          { title: 'Evil', to: { kind: 'url', url: 'javascript:alert(1)' } },
          {
            title: 'More',
            to: null,
            links: [
              { title: 'API', to: { kind: 'space', space: 'api' } },
              { title: 'Gone', to: { kind: 'space', space: 'nope' } },
              { title: 'Data', to: { kind: 'url', url: 'data:text/html,<script>' } },
            ],
          },
          { title: 'Book', style: 'button-primary', to: { kind: 'url', url: 'https://b.example' } },
          { title: 'Odd', style: 'sparkly', to: { kind: 'url', url: 'https://o.example' } },
          { title: 'Empty', to: null, links: [{ title: 'x', to: null }] },
        ],
      },
    });
    expect(view.headerLinks).toEqual([
      { title: 'Status', url: 'https://status.example', external: true, style: 'link' },
      {
        title: 'More',
        external: false,
        style: 'link',
        links: [{ title: 'API', url: '/docs/api/', external: false }],
      },
      { title: 'Book', url: 'https://b.example', external: true, style: 'button-primary' },
      { title: 'Odd', url: 'https://o.example', external: true, style: 'link' },
    ]);
    expect(warnings.join('\n')).toMatch(/header\.links\[1\] "Evil"/);
    expect(warnings.join('\n')).toMatch(/header\.links\[2\]\.links\[1\] "Gone"/);
    expect(warnings.join('\n')).toMatch(/header\.links\[2\]\.links\[2\] "Data"/);
    expect(warnings.join('\n')).toMatch(/header\.links\[5\] "Empty"/);
  });

  it('takes logos from the snapshot or https only, and a single image when both are the same', () => {
    const { view, warnings } = build({
      header: {
        logo: { light: 'http://127.0.0.1:1/files/logo.png', dark: 'javascript:alert(1)' },
      },
      footer: { logo: { light: 'https://cdn.example/l.svg', dark: 'https://cdn.example/l.svg' } },
    });
    expect(view.logo).toEqual({ light: '/docs/assets/abc/logo.png' });
    expect(view.footer).toEqual({ logo: { light: 'https://cdn.example/l.svg' }, groups: [] });
    expect(warnings).toEqual([expect.stringMatching(/^header\.logo\.dark/)]);
    const none = build({ header: { logo: { light: 'http://plain.example/a.png' } } });
    expect(none.view.logo).toBeUndefined();
  });

  it('builds the footer from groups with resolvable links and a text copyright', () => {
    const { view } = build({
      footer: {
        groups: [
          { title: 'Product', links: [{ title: 'API', to: { kind: 'space', space: 'api' } }] },
          { title: 'Void', links: [{ title: 'x', to: { kind: 'url', url: 'vbscript:x' } }] },
        ],
        copyright: '<b>© Acme</b>',
      },
    });
    expect(view.footer).toEqual({
      groups: [{ title: 'Product', links: [{ title: 'API', url: '/docs/api/', external: false }] }],
      copyright: '<b>© Acme</b>',
    });
    expect(build({}).view.footer).toBeUndefined();
  });

  it('makes every announcement dismissible but danger, keyed by its message', () => {
    const info = build({
      announcement: {
        enabled: true,
        message: 'Hello',
        style: 'info',
        link: { title: 'More', to: { kind: 'url', url: 'https://x.example' } },
      },
    }).view.announcement;
    expect(info).toEqual({
      message: 'Hello',
      style: 'info',
      link: { title: 'More', url: 'https://x.example', external: true },
      dismissKey: announcementKey('Hello'),
    });
    expect(announcementKey('Hello')).not.toBe(announcementKey('Hello!'));
    const danger = build({ announcement: { enabled: true, message: 'Down', style: 'danger' } });
    expect(danger.view.announcement).toEqual({ message: 'Down', style: 'danger' });
    expect(danger.view.headScript).not.toContain('op-announcement');
    expect(build({ announcement: { enabled: false, message: 'x' } }).view.announcement).toBe(
      undefined,
    );
    const odd = build({ announcement: { message: 'x', style: 'loud' } }).view.announcement;
    expect(odd?.style).toBe('info');
  });

  it('uses the favicon pair, else a letter icon in the primary color', () => {
    const { view } = build({
      favicon: { icon: { light: 'https://cdn.example/f.png', dark: 'https://cdn.example/d.png' } },
    });
    expect(view.favicon).toEqual({
      light: 'https://cdn.example/f.png',
      dark: 'https://cdn.example/d.png',
    });
    const letter = build({ styling: { primaryColor: { light: '#E4572E', dark: '#FF7A50' } } });
    const svg = decodeURIComponent(letter.view.favicon.light.replace(/^data:image\/svg\+xml,/, ''));
    expect(svg).toContain('fill="#E4572E"');
    expect(svg).toContain('>A</text>');
    // An injected color or title stays inert.
    const hostile = decodeURIComponent(letterIcon('<script>', '"/><script>').light);
    expect(hostile).toContain('fill="#346DDB"');
    expect(hostile).toContain('>&lt;</text>');
    expect(hostile).not.toContain('<script');
  });

  it('draws favicon.emoji when there is no icon, from code points or the emoji itself', () => {
    const text = (site: Parameters<typeof build>[0]) => {
      const { view, warnings } = build(site);
      const svg = decodeURIComponent(view.favicon.light.replace(/^data:image\/svg\+xml,/, ''));
      return { text: /<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1], warnings };
    };
    expect(text({ favicon: { emoji: '1f680' } })).toEqual({ text: '🚀', warnings: [] });
    expect(text({ favicon: { emoji: '1f469-200d-1f680' } }).text).toBe('👩‍🚀');
    expect(text({ favicon: { emoji: '🛰️' } }).text).toBe('🛰️');
    // An icon wins; markup or words are not an emoji: the letter icon, with a warning.
    expect(
      build({ favicon: { emoji: '1f680', icon: { light: 'https://cdn.example/f.png' } } }).view
        .favicon.light,
    ).toBe('https://cdn.example/f.png');
    const hostile = text({ favicon: { emoji: '🚀</text><script>' } });
    expect(hostile.text).toBe('A');
    expect(hostile.warnings).toEqual(['favicon.emoji: not an emoji; left out']);
    expect(text({ favicon: { emoji: 'rocket' } }).text).toBe('A');
  });

  it('offers print and feedback only when enabled, feedback only with an endpoint; notes once', () => {
    const notes: string[] = [];
    const view = (site: SiteCustomization, feedbackUrl?: string) =>
      chromeView(model, site, () => {}, { feedbackUrl, note: (m) => notes.push(m) });
    expect(view({})).toMatchObject({ print: false });
    expect(view({}).feedbackUrl).toBeUndefined();
    expect(notes).toEqual([]);
    expect(view({ pdf: { enabled: true } }).print).toBe(true);
    const url = 'https://feedback.acme.example/hook';
    expect(view({ feedback: { enabled: true } }, url).feedbackUrl).toBe(url);
    expect(view({ feedback: { enabled: false } }, url).feedbackUrl).toBeUndefined();
    expect(notes).toEqual([]);
    expect(view({ feedback: { enabled: true } }).feedbackUrl).toBeUndefined();
    expect(notes).toEqual([expect.stringMatching(/^feedback\.enabled: .*--feedback-url/)]);
    notes.length = 0;
    view({ aiSearch: { enabled: true }, ai: { pageLinkSummaries: { enabled: true } } });
    expect(notes).toEqual([
      expect.stringMatching(/^aiSearch\.enabled: /),
      expect.stringMatching(/^ai\.pageLinkSummaries\.enabled: /),
    ]);
    expect(feedbackEndpoint('https://x.example/f')).toBe('https://x.example/f');
    expect(feedbackEndpoint('javascript:alert(1)')).toBeUndefined();
    expect(feedbackEndpoint('/relative')).toBeUndefined();
  });

  it('shows the theme toggle unless themes.toggeable is false', () => {
    expect(build({}).view.themeToggle).toBe(true);
    const off = build({ themes: { toggeable: false } }).view;
    expect(off.themeToggle).toBe(false);
    expect(off.headScript).toBe('');
  });
});

/** Runs the head script against a fake `<html>` and `localStorage`. */
function runHead(script: string, stored: Record<string, string>, initialTheme?: string) {
  const attributes = new Map<string, string>(initialTheme ? [['data-theme', initialTheme]] : []);
  const classes = new Set<string>();
  const html = {
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    removeAttribute: (name: string) => attributes.delete(name),
    classList: { add: (name: string) => classes.add(name) },
  };
  const storage = { getItem: (key: string) => stored[key] ?? null };
  new Function('document', 'localStorage', script)({ documentElement: html }, storage);
  return { theme: attributes.get('data-theme'), classes: [...classes] };
}

describe('the head script', () => {
  const key = announcementKey('Hello');
  const script = headScript({ themeToggle: true, dismissKey: key });

  it('applies the stored theme choice before first paint', () => {
    expect(runHead(script, { 'op-theme': 'dark' }).theme).toBe('dark');
    expect(runHead(script, { 'op-theme': 'light' }, 'dark').theme).toBe('light');
    expect(runHead(script, { 'op-theme': 'system' }, 'dark').theme).toBeUndefined();
    expect(runHead(script, {}, 'dark').theme).toBe('dark');
    expect(runHead(script, { 'op-theme': '"><x>' }).theme).toBeUndefined();
  });

  it('hides a dismissed announcement, and only that message', () => {
    expect(runHead(script, { [key]: '1' }).classes).toEqual(['op-announcement-dismissed']);
    expect(runHead(script, { [announcementKey('Other')]: '1' }).classes).toEqual([]);
  });

  it('survives a browser whose storage throws', () => {
    const denied = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    const html = { setAttribute() {}, removeAttribute() {}, classList: { add() {} } };
    expect(() =>
      new Function('document', 'localStorage', script)({ documentElement: html }, denied),
    ).not.toThrow();
  });
});
