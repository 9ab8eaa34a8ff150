/**
 * Responsive images, after sanitizing (trusted output): an `img` whose file has variants
 * (`ResolvedFile.image`, recorded by the references plugin in `file.data.pictures` under the URL it
 * set) becomes
 *
 * ```html
 * <a class="op-image-link" href="ORIGINAL">
 *   <picture class="op-picture">
 *     <source type="image/webp" srcset="…480w-q80.webp 480w, … 1472w" sizes="…">
 *     <img src="ORIGINAL" width height alt loading decoding>
 *   </picture>
 * </a>
 * ```
 *
 * The browser takes the variant its layout needs (PDFs print a JPEG copy instead, which the PDF
 * stage puts in the `img`: src/pdf/assemble.ts); the original stays the fallback and what a
 * click opens (no link inside a link: an image that is already one keeps its own). `sizes`
 * follows the theme's layout: the 46rem content column, a card's cover, a column's share of the
 * page, a percentage or pixel width, or the whole window for a full-width image. An `img`
 * already inside a `picture` of the page is left as written.
 */
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import '../file-data.ts';
import { classes, h, hasClass, prop, setClasses, walkElements } from '../hast.ts';
import { widthSrcset } from '../srcset.ts';
import { schemeClasses } from './scheme-images.ts';

declare module 'vfile' {
  interface DataMap {
    /** The `id` of each responsive image the page shows (`MarkdownResult.images`). */
    shownImages: Set<string>;
  }
}

/** The content column (themes/default: `--op-content-width`) and the narrow layout's breakpoint. */
const COLUMN_REM = 46;
const NARROW = '(max-width: 48rem)';

export function rehypeOpPicture() {
  return (tree: Root, file: VFile) => {
    const images = file.data.pictures;
    if (!images || images.size === 0) return;
    walkElements(tree, (node, parent, index, ancestors) => {
      if (node.tagName !== 'img') return undefined;
      const src = prop(node, 'src');
      const found = src === undefined ? undefined : images.get(src);
      if (!found || src === undefined) return undefined;
      if (ancestors.some((a) => a.tagName === 'picture')) return undefined;
      const { image, name } = found;
      file.data.shownImages ??= new Set();
      file.data.shownImages.add(image.id);
      if (node.properties.width === undefined && node.properties.height === undefined) {
        node.properties.width = image.width;
        node.properties.height = image.height;
      }
      const srcset = widthSrcset(image.variants);
      const source = h(
        'source',
        { type: image.type, srcSet: srcset, sizes: sizesOf(node, ancestors, image.width) },
        [],
      );
      // A card's cover class goes to the picture, which takes the img's place in the card; which
      // scheme the image is for, to the outermost element (a hidden link would still be tabbed to).
      const own = classes(node);
      const cover = own.filter((c) => c === 'op-card__cover');
      const scheme = schemeClasses(node);
      if (cover.length + scheme.length > 0)
        setClasses(
          node,
          own.filter((c) => c !== 'op-card__cover' && !scheme.includes(c)),
        );
      // A card with a target is one link already (its target covers the card).
      const linked = ancestors.some((a) => a.tagName === 'a' || hasClass(a, 'op-card--link'));
      const picture = h(
        'picture',
        { className: ['op-picture', ...cover, ...(linked ? scheme : [])] },
        [source, node],
      );
      const alt = prop(node, 'alt') ?? '';
      parent.children[index] = linked
        ? picture
        : h(
            'a',
            {
              className: ['op-image-link', ...scheme],
              href: src,
              ...(alt ? {} : { ariaLabel: name }),
            },
            [picture],
          );
      return 'skip';
    });
  };
}

/** The width the theme shows the image at, as `sizes` says it. */
function sizesOf(img: Element, ancestors: readonly Element[], intrinsic: number): string {
  if (hasClass(img, 'op-full-width') || ancestors.some((a) => hasClass(a, 'op-full-width')))
    return '100vw';
  const percent = Number(prop(img, 'dataOpWidth'));
  const share = Number.isFinite(percent) && percent > 0 ? percent / 100 : 1;
  const width = Number(prop(img, 'width'));
  // A width in pixels narrower than the file: the author's display width.
  if (prop(img, 'dataOpWidth') === undefined && width > 0 && width < intrinsic)
    return `${NARROW} min(100vw, ${width}px), ${Math.min(width, COLUMN_REM * 16)}px`;
  const cards = ancestors.find((a) => hasClass(a, 'op-cards'));
  if (cards) return `${NARROW} 100vw, ${hasClass(cards, 'op-cards--large') ? 23 : 15}rem`;
  const column = [...ancestors].reverse().find((a) => hasClass(a, 'op-column'));
  const columnShare = column ? Number(prop(column, 'dataOpWidth') ?? 50) / 100 || 0.5 : 1;
  const rem = round(COLUMN_REM * share * columnShare);
  return `${NARROW} ${round(100 * share)}vw, ${rem}rem`;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
