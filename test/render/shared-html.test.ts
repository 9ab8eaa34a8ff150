import { describe, expect, it } from 'vitest';
import { keepSharedHtml, sharedHtml } from '../../src/render/shared-html.ts';

describe('HTML shared between pages', () => {
  it('gives back what was kept for a key, in that scope only', () => {
    const site = {};
    const other = {};
    expect(sharedHtml(site, 'Header docs')).toBeUndefined();
    expect(keepSharedHtml(site, 'Header docs', '<header>docs</header>')).toBe(
      '<header>docs</header>',
    );
    expect(sharedHtml(site, 'Header docs')).toBe('<header>docs</header>');
    expect(sharedHtml(site, 'Header api')).toBeUndefined();
    expect(sharedHtml(other, 'Header docs')).toBeUndefined();
  });

  it('does not keep HTML holding a script Astro bundled', () => {
    const site = {};
    const html = '<div></div><script type="module" src="/_astro/x.js"></script>';
    expect(keepSharedHtml(site, 'Footer', html)).toBe(html);
    expect(sharedHtml(site, 'Footer')).toBeUndefined();
    // An inline script is the page's own text: kept.
    keepSharedHtml(site, 'Announcement', '<div></div> <script>void 0</script>');
    expect(sharedHtml(site, 'Announcement')).toBe('<div></div> <script>void 0</script>');
  });
});
