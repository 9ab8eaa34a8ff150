/**
 * References: every `a[href]`, `img[src]` and `source[srcset]` of the page (from markdown or
 * HTML, cards, tables, file and content-ref blocks) is parsed with `parseReference` and asked of
 * the resolver. Resolved ones get the site URL; page links keep their `#anchor`. A reference the
 * resolver does not know is reported as a broken link (page, line, target) and rendered as
 * `span.op-broken-link` (or `span.op-broken-image`) holding its text. Mentions, in markdown
 * (`[x](page.md "mention")`) or in HTML (`<a data-mention href="page.md">`, as Git Sync writes
 * them inside tables and cards), show the page's emoji or icon and its title. Same-page
 * `#anchor` links are left as written.
 *
 * Content from an include is resolved against the include's path and reported on its line
 * (`div.op-include[data-op-base][data-op-line]`); the wrappers are removed here.
 */
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { addReference, pictures } from '../file-data.ts';
import { addClass, h, hasClass, prop, t, unwrapElements, walkElements } from '../hast.ts';
import { iconName } from '../mdast.ts';
import { resolveUrl } from '../resolve.ts';
import { srcsetCandidates } from '../srcset.ts';
import type { MarkdownOptions, ResolvedFile, ResolvedPage } from '../types.ts';
import { isSafeUrl } from '../url-scheme.ts';
import { schemeClasses } from './scheme-images.ts';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

/** `application/pdf` → `PDF`; else the file extension in capitals. */
export function fileType(name: string, contentType: string | undefined): string | undefined {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1];
  if (ext) return ext.toUpperCase();
  const sub = contentType?.split(';')[0]?.split('/')[1];
  return sub && /^[a-z0-9.+-]{1,30}$/i.test(sub) ? sub.toUpperCase() : undefined;
}

/** A mention's content: the target's emoji, else its icon (filled after sanitizing), then its title. */
function mentionContent(found: ResolvedPage): ElementContent[] {
  const title = t(found.title);
  if (found.emoji) {
    return [h('span', { className: ['op-emoji'], ariaHidden: 'true' }, [t(found.emoji)]), title];
  }
  if (found.icon) {
    const name = iconName(found.icon);
    if (name) {
      return [
        h('span', { className: ['op-mention__icon'], dataOpIcon: name, ariaHidden: 'true' }, []),
        title,
      ];
    }
  }
  return [title];
}

interface Scope {
  base: string;
  line: number | undefined;
}

/** What references resolve against: the page's path, the site's resolver, the app's origins. */
export type ReferencesOptions = Pick<MarkdownOptions, 'resolver' | 'currentPath' | 'appOrigins'>;

export function rehypeOpReferences(options: ReferencesOptions) {
  return (tree: Root, file: VFile) => resolveReferences(tree, file, options);
}

function resolveReferences(tree: Root, file: VFile, options: ReferencesOptions): void {
  const { resolver, appOrigins } = options;
  const origins = appOrigins ? { appOrigins } : {};

  /** A message on the page's line `line` (an include's content is reported on the include). */
  const report = (reason: string, line: number | undefined) =>
    file.message(reason, line === undefined ? undefined : { line, column: 1 });

  const scopeOf = (node: Element, ancestors: readonly Element[]): Scope => {
    let base = options.currentPath;
    let line: number | undefined;
    for (const a of ancestors) {
      if (a.tagName === 'div' && hasClass(a, 'op-include')) {
        base = prop(a, 'dataOpBase') ?? base;
        const l = Number(prop(a, 'dataOpLine'));
        if (line === undefined && Number.isInteger(l) && l > 0) line = l;
      }
    }
    return { base, line: line ?? node.position?.start.line };
  };

  /** Resolves a file-like source; returns the URL to use, or `undefined` when broken. */
  const source = (value: string, scope: Scope): { url?: string; file?: ResolvedFile } => {
    const resolution = resolveUrl(
      value,
      { currentPath: scope.base, as: 'file', ...origins },
      resolver,
    );
    const { ref } = resolution;
    if (ref.kind === 'url') {
      if (!isSafeUrl(ref.url)) {
        report(`unsafe source removed: ${value.slice(0, 80)}`, scope.line);
        return {};
      }
      addReference(file, ref, scope.line, true);
      return { url: ref.url };
    }
    if ('file' in resolution) {
      const found = resolution.file;
      if (found) {
        addReference(file, ref, scope.line, true);
        return { url: found.url, file: found };
      }
      if (resolution.ref.url) {
        addReference(file, ref, scope.line, true);
        return { url: resolution.ref.url };
      }
      addReference(file, ref, scope.line, false);
      return {};
    }
    addReference(file, ref, scope.line, false);
    return {};
  };

  const broken = (node: Element, className: string) => {
    node.tagName = 'span';
    node.properties = { className: [className] };
  };

  const fillFile = (node: Element, found: ResolvedFile) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (hasClass(child, 'op-file__name')) child.children = [t(found.name)];
      if (hasClass(child, 'op-file__meta')) {
        const meta: ElementContent[] = [];
        if (found.size !== undefined && Number.isFinite(found.size)) {
          meta.push(h('span', { className: ['op-file__size'] }, [t(formatSize(found.size))]));
        }
        const type = fileType(found.name, found.contentType);
        if (type) meta.push(h('span', { className: ['op-file__type'] }, [t(type)]));
        child.children = meta;
      }
    }
  };

  /** An embed of a file the site holds names the file, not the platform's download URL. */
  const fillEmbed = (node: Element, found: ResolvedFile) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (hasClass(child, 'op-embed__host'))
        child.children = [t(fileType(found.name, found.contentType) ?? 'File')];
      if (hasClass(child, 'op-embed__url')) child.children = [t(found.name)];
    }
  };

  const link = (node: Element, href: string, scope: Scope) => {
    const fill = prop(node, 'dataOpFill');
    delete node.properties.dataOpFill;
    const titled = prop(node, 'title') === 'mention';
    const mention = titled || prop(node, 'dataMention') !== undefined;
    delete node.properties.dataMention;
    if (mention) {
      if (titled) delete node.properties.title;
      addClass(node, 'op-mention');
    }
    if (href.startsWith('#')) return;
    const as = fill === 'file' || fill === 'file-name' || fill === 'embed' ? 'file' : 'link';
    const resolution = resolveUrl(href, { currentPath: scope.base, as, ...origins }, resolver);
    const { ref } = resolution;
    switch (ref.kind) {
      case 'url': {
        if (!isSafeUrl(ref.url)) {
          report(`unsafe link removed: ${href.slice(0, 80)}`, scope.line);
          delete node.properties.href;
          return;
        }
        addReference(file, ref, scope.line, true);
        return;
      }
      case 'page': {
        const found = 'page' in resolution ? resolution.page : undefined;
        addReference(file, ref, scope.line, found !== undefined);
        if (!found) {
          broken(node, 'op-broken-link');
          return;
        }
        node.properties.href = ref.anchor
          ? `${found.url}#${encodeURIComponent(ref.anchor)}`
          : found.url;
        if (mention) node.children = mentionContent(found);
        else if (fill === 'title') node.children = [t(found.title)];
        if (fill === 'content-ref') {
          for (const child of node.children) {
            if (child.type === 'element' && hasClass(child, 'op-content-ref__title'))
              child.children = [t(found.title)];
          }
        }
        return;
      }
      case 'file': {
        const found = 'file' in resolution ? resolution.file : undefined;
        if (!found && ref.url) {
          addReference(file, ref, scope.line, true);
          return;
        }
        addReference(file, ref, scope.line, found !== undefined);
        if (!found) {
          broken(node, 'op-broken-link');
          return;
        }
        node.properties.href = found.url;
        if (fill === 'file') fillFile(node, found);
        if (fill === 'embed') fillEmbed(node, found);
        if (fill === 'file-name' || mention) node.children = [t(found.name)];
        return;
      }
      default:
        addReference(file, ref, scope.line, false);
        broken(node, 'op-broken-link');
    }
  };

  walkElements(tree, (node, parent, index, ancestors) => {
    if (node.tagName === 'a') {
      const href = prop(node, 'href');
      if (href !== undefined) link(node, href, scopeOf(node, ancestors));
      return undefined;
    }
    if (node.tagName === 'img') {
      const srcset = prop(node, 'srcSet');
      delete node.properties.srcSet;
      const src = prop(node, 'src');
      if (src === undefined) return undefined;
      const scope = scopeOf(node, ancestors);
      // An image shows its `src` alone (variants are made of it); the other candidates of its
      // `srcset` (a dark image's, scheme-images.ts) are still checked, as a source's are.
      for (const { url } of srcsetCandidates(srcset ?? '')) if (url !== src) source(url, scope);
      const { url, file: found } = source(src, scope);
      if (url === undefined) {
        const alt = prop(node, 'alt') ?? '';
        // One of a light/dark pair stays shown in its scheme alone.
        const scheme = schemeClasses(node);
        parent.children[index] = h(
          'span',
          { className: ['op-broken-image', ...scheme] },
          alt ? [t(alt)] : [],
        );
        return 'skip';
      }
      node.properties.src = url;
      if (found?.image) pictures(file).set(url, { image: found.image, name: found.name });
      // Intrinsic size from the file, so the page does not jump while images load.
      const width = node.properties.width;
      if (
        found?.width &&
        found.height &&
        node.properties.height === undefined &&
        node.properties.dataOpWidth === undefined
      ) {
        if (width === undefined) {
          node.properties.width = found.width;
          node.properties.height = found.height;
        } else if (Number(width) > 0) {
          node.properties.height = Math.round((Number(width) * found.height) / found.width);
        }
      }
      return undefined;
    }
    if (node.tagName === 'source') {
      const srcset = prop(node, 'srcSet');
      delete node.properties.src;
      if (srcset === undefined) return undefined;
      const scope = scopeOf(node, ancestors);
      const candidates: string[] = [];
      for (const { url: value, descriptors } of srcsetCandidates(srcset)) {
        const { url } = source(value, scope);
        if (url !== undefined && !/[\s,]/.test(url)) {
          const d = descriptors.filter((x) => /^\d+(?:\.\d+)?[wx]$/.test(x));
          candidates.push([url, ...d].join(' '));
        }
      }
      if (candidates.length === 0) {
        parent.children[index] = t('');
        return 'skip';
      }
      node.properties.srcSet = candidates.join(', ');
      return undefined;
    }
    return undefined;
  });

  // Remove the include wrappers (and their internal attributes), keeping their content.
  unwrapElements(tree, (node) => node.tagName === 'div' && hasClass(node, 'op-include'));
}
