/**
 * The last step, after every trusted plugin: walks the final tree and removes anything
 * executable that could have slipped through — script-like elements, iframes other than the
 * allow-listed video players, event handler attributes, and URL attributes whose scheme is not
 * allowed by `url-scheme.ts`. It should never
 * find anything; it is there so that a mistake in a plugin cannot become a hole.
 */
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { prop, t, walkElements } from '../hast.ts';
import { cleanInput } from '../preprocess.ts';
import { isSafeUrl } from '../url-scheme.ts';
import { EMBED_ORIGINS } from './embeds.ts';

const FORBIDDEN = new Set([
  'script',
  'style',
  'object',
  'embed',
  'applet',
  'frame',
  'frameset',
  'base',
  'link',
  'meta',
  'form',
  'template',
  'noscript',
  'foreignobject',
  'use',
  'animate',
  'set',
  'animatetransform',
  'animatemotion',
  'handler',
  'listener',
]);
const URL_PROPERTIES = new Set([
  'href',
  'src',
  'srcSet',
  'action',
  'formAction',
  'poster',
  'cite',
  'background',
  'longDesc',
  'ping',
  'data',
  'codeBase',
  'xLinkHref',
  'manifest',
  'dynsrc',
  'lowsrc',
]);

/** Event handler attributes (`onclick`, `onLoad`…), checked without a regular expression. */
function isHandler(key: string): boolean {
  const o = key.charCodeAt(0) | 0x20;
  const n = key.charCodeAt(1) | 0x20;
  return o === 0x6f && n === 0x6e;
}

/**
 * Text from the resolver (titles, names) never went through the input cleaning: an element's
 * text children and string properties are cleaned here, in the guard's walk, before its checks.
 */
function clean(node: Root | Element): void {
  for (const child of node.children)
    if (child.type === 'text') child.value = cleanInput(child.value);
  if (node.type === 'root') return;
  const properties = node.properties;
  for (const key in properties) {
    const value = properties[key];
    if (typeof value === 'string') properties[key] = cleanInput(value);
  }
}

export function rehypeOpGuard() {
  return (tree: Root, file: VFile) => {
    clean(tree);
    walkElements(tree, (node, parent, index) => {
      clean(node);
      const tag = node.tagName.toLowerCase();
      const iframeOk =
        tag === 'iframe' &&
        EMBED_ORIGINS.some((origin) => (prop(node, 'src') ?? '').startsWith(origin));
      if (FORBIDDEN.has(tag) || (tag === 'iframe' && !iframeOk)) {
        file.message(`removed <${tag}> from the output`, node);
        parent.children[index] = t('');
        return 'skip';
      }
      const properties = node.properties;
      const className = properties.className;
      if (Array.isArray(className) && className.length === 0) delete properties.className;
      for (const key in properties) {
        const value = properties[key];
        if (isHandler(key)) delete properties[key];
        else if (URL_PROPERTIES.has(key)) {
          const values =
            key === 'srcSet'
              ? String(value)
                  .split(',')
                  .map((c) => c.trim().split(/\s+/)[0] ?? '')
              : [String(value)];
          if (!values.every((url) => isSafeUrl(url))) delete properties[key];
        } else if (
          key === 'style' &&
          /expression\s*\(|url\s*\(|javascript:|@import|behavior\s*:/i.test(String(value))
        ) {
          delete properties[key];
        }
      }
      return undefined;
    });
  };
}
