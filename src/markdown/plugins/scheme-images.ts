/**
 * An image with a version for dark mode, as Git Sync writes it and a card with a dark cover
 * makes: `<picture><source srcset="DARK" media="(prefers-color-scheme: dark)"><img src="LIGHT">`.
 * A media query follows the system's scheme alone, so a reader who chose dark with the theme's
 * toggle was shown the light image. The picture becomes two images, `op-scheme-light` and
 * `op-scheme-dark` (the picture's classes on each), of which the theme shows the one of the
 * page's scheme, as for the logo's pair; each then goes the way of any image (resolved, given
 * variants, lazy: the hidden one is never fetched). Other pictures are left as written.
 * The theme hides only the image not shown and leaves the shown one its own `display`, so an
 * icon inside a sentence stays in its line in both schemes (docs/images.md, "Light and dark
 * images"): one picture would keep its box too, but only for the system's scheme.
 */
import type { Element, Root } from 'hast';
import { addClass, classes, h, isElement, prop, replaceAt, walkElements } from '../hast.ts';
import { srcsetCandidates } from '../srcset.ts';

const DARK = /^\(\s*prefers-color-scheme\s*:\s*dark\s*\)$/i;

/** The classes that say which scheme one of a pair is for (the theme's `.op-scheme-*` rules). */
const SCHEMES = ['op-scheme-light', 'op-scheme-dark'] as const;

/** Which scheme `node` is shown in, if it is one of a pair: its `op-scheme-*` class, or none. */
export function schemeClasses(node: Element): string[] {
  return classes(node).filter((name) => (SCHEMES as readonly string[]).includes(name));
}

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
      addClass(light, ...classes(node), SCHEMES[0]);
      addClass(dark, ...classes(node), SCHEMES[1]);
      replaceAt(parent, index, [light, dark]);
      return 'skip';
    });
  };
}

/** The URL of a `srcset`'s largest candidate (by its `2x` or `800w` descriptor; first on a tie). */
function largestCandidate(srcset: string): string | undefined {
  let best: { url: string; size: number } | undefined;
  for (const { url, descriptors } of srcsetCandidates(srcset)) {
    const size = Number.parseFloat(descriptors[0] ?? '1x') || 1;
    if (!best || size > best.size) best = { url, size };
  }
  return best?.url;
}
