/**
 * The last step, after every trusted plugin: walks the final tree and removes anything
 * executable that could have slipped through — script-like elements, iframes other than the
 * allow-listed video players, event handler attributes, and URL attributes whose scheme is not
 * allowed by `url-scheme.ts`. It should never
 * find anything; it is there so that a mistake in a plugin cannot become a hole.
 */
import type { Root, RootContent } from 'hast';
import type { RenderContext } from '../context.ts';
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

/** Text from the resolver (titles, names) never went through the input cleaning: clean it here. */
function cleanText(tree: Root): void {
  const stack: RootContent[] = [...tree.children];
  while (stack.length > 0) {
    const node = stack.pop() as RootContent;
    if (node.type === 'text') node.value = cleanInput(node.value);
    else if (node.type === 'element') {
      stack.push(...node.children);
      for (const [key, value] of Object.entries(node.properties)) {
        if (typeof value === 'string') node.properties[key] = cleanInput(value);
      }
    }
  }
}

export function rehypeOpGuard(ctx: RenderContext) {
  return (tree: Root) => {
    cleanText(tree);
    walkElements(tree, (node, parent, index) => {
      const tag = node.tagName.toLowerCase();
      const iframeOk =
        tag === 'iframe' &&
        EMBED_ORIGINS.some((origin) => (prop(node, 'src') ?? '').startsWith(origin));
      if (FORBIDDEN.has(tag) || (tag === 'iframe' && !iframeOk)) {
        ctx.warn(`removed <${tag}> from the output`, node);
        parent.children[index] = t('');
        return 'skip';
      }
      const className = node.properties.className;
      if (Array.isArray(className) && className.length === 0) delete node.properties.className;
      for (const key of Object.keys(node.properties)) {
        const value = node.properties[key];
        if (/^on/i.test(key)) delete node.properties[key];
        else if (URL_PROPERTIES.has(key)) {
          const values =
            key === 'srcSet'
              ? String(value)
                  .split(',')
                  .map((c) => c.trim().split(/\s+/)[0] ?? '')
              : [String(value)];
          if (!values.every((url) => isSafeUrl(url))) delete node.properties[key];
        } else if (
          key === 'style' &&
          /expression\s*\(|url\s*\(|javascript:|@import|behavior\s*:/i.test(String(value))
        ) {
          delete node.properties[key];
        }
      }
      return undefined;
    });
  };
}
