/**
 * An image with a version for dark mode, as Git Sync writes it and a card with a dark cover
 * makes: `<picture><source srcset="DARK" media="(prefers-color-scheme: dark)"><img src="LIGHT">`.
 * A media query follows the system's scheme alone, so a reader who chose dark with the theme's
 * toggle was shown the light image. The picture becomes two images, `op-scheme-light` and
 * `op-scheme-dark` (the picture's classes on each), of which the theme shows the one of the
 * page's scheme, as for the logo's pair; each then goes the way of any image (resolved, given
 * variants, lazy: the hidden one is never fetched). Other pictures are left as written.
 */
import type { Element, Root } from 'hast';
import { addClass, classes, h, isElement, prop, replaceAt, walkElements } from '../hast.ts';

const DARK = /^\(\s*prefers-color-scheme\s*:\s*dark\s*\)$/i;

export function rehypeOpSchemeImages() {
  return (tree: Root) => {
    walkElements(tree, (node, parent, index) => {
      if (node.tagName !== 'picture') return undefined;
      const elements = node.children.filter((child) => isElement(child)) as Element[];
      const [source, img] = elements;
      if (elements.length !== 2 || !isElement(source, 'source') || !isElement(img, 'img'))
        return undefined;
      if (!DARK.test(prop(source, 'media')?.trim() ?? '')) return undefined;
      const best = largestCandidate(prop(source, 'srcSet') ?? '');
      if (!best) return undefined;
      const light: Element = { ...img, properties: { ...img.properties } };
      // One `src`, as for any image: the largest candidate, of which variants are made (the
      // others are checked as references still).
      const dark = h('img', { ...img.properties, src: best, srcSet: prop(source, 'srcSet') });
      dark.position = source.position ?? node.position;
      for (const [image, scheme] of [
        [light, 'op-scheme-light'],
        [dark, 'op-scheme-dark'],
      ] as const) {
        addClass(image, ...classes(node), scheme);
      }
      replaceAt(parent, index, [light, dark]);
      return 'skip';
    });
  };
}

/** The URL of a `srcset`'s largest candidate (by its `2x` or `800w` descriptor; first on a tie). */
function largestCandidate(srcset: string): string | undefined {
  let best: { url: string; size: number } | undefined;
  for (const candidate of srcset.split(',')) {
    const [url, descriptor = '1x'] = candidate.trim().split(/\s+/);
    if (!url) continue;
    const size = Number.parseFloat(descriptor) || 1;
    if (!best || size > best.size) best = { url, size };
  }
  return best?.url;
}
