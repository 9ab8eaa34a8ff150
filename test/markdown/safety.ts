/**
 * The safety check shared by the XSS and property tests: parses rendered HTML back with
 * hast-util-from-html (parse5, as a browser would) and lists everything executable in the tree.
 * URL schemes are judged by the site's one rule (`src/markdown/url-scheme.ts`), which
 * `test/markdown/url-scheme.test.ts` holds to the hostile vectors.
 */
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { isSafeUrl } from '../../src/markdown/url-scheme.ts';

const FORBIDDEN = new Set([
  'script',
  'style',
  'object',
  'embed',
  'applet',
  'base',
  'link',
  'meta',
  'form',
  'frame',
  'frameset',
  'template',
  'noscript',
  'foreignobject',
  'use',
  'animate',
  'set',
  'animatetransform',
  'animatemotion',
  'isindex',
  'textarea',
  'select',
  'portal',
]);
const IFRAME_ORIGINS = [
  'https://www.youtube-nocookie.com/embed/',
  'https://player.vimeo.com/video/',
  'https://www.loom.com/embed/',
  'https://www.dailymotion.com/embed/video/',
];
const URL_PROPERTIES = new Set([
  'href',
  'src',
  'srcSet',
  'action',
  'formAction',
  'poster',
  'data',
  'cite',
  'background',
  'xLinkHref',
  'codeBase',
  'longDesc',
  'ping',
  'manifest',
  'dynsrc',
  'lowsrc',
  'icon',
  'profile',
  'usemap',
  'archive',
]);

/** Problems found in `html`; empty when it is safe. */
export function violations(html: string): string[] {
  return violationsIn(fromHtml(html, { fragment: true }));
}

/** The same, in HTML already parsed as a fragment (by a caller that also reads its parse errors). */
export function violationsIn(tree: Root): string[] {
  const found: string[] = [];
  const stack: RootContent[] = [...tree.children];
  while (stack.length > 0) {
    const node = stack.pop() as RootContent;
    if (node.type !== 'element') continue;
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (FORBIDDEN.has(tag)) found.push(`element <${tag}>`);
    if (tag === 'iframe') {
      const src = String(el.properties.src ?? '');
      if (!IFRAME_ORIGINS.some((o) => src.startsWith(o))) found.push(`iframe src=${src}`);
      if (el.properties.sandbox === undefined) found.push('iframe without sandbox');
      if (el.properties.srcDoc !== undefined) found.push('iframe srcdoc');
    }
    for (const [key, value] of Object.entries(el.properties)) {
      if (/^on/i.test(key)) found.push(`<${tag}> handler ${key}`);
      if (key === 'srcDoc' || key === 'formAction') found.push(`<${tag}> ${key}`);
      const values = Array.isArray(value) ? value.map(String) : [String(value)];
      if (URL_PROPERTIES.has(key)) {
        const urls =
          key === 'srcSet'
            ? values
                .join(',')
                .split(',')
                .map((c) => c.trim().split(/\s+/)[0] ?? '')
            : values;
        for (const url of urls) {
          if (!isSafeUrl(url)) found.push(`<${tag}> ${key}=${url}`);
        }
      }
      if (key === 'style') {
        const style = values.join(' ').toLowerCase().replace(/\s+/g, '');
        if (/url\(|expression\(|javascript:|@import|behavior:|-moz-binding/.test(style)) {
          found.push(`<${tag}> style=${style}`);
        }
      }
    }
    stack.push(...el.children);
    if (el.content) stack.push(...el.content.children);
  }
  return found;
}
