/**
 * The links of a page's `.md` copy (src/hosting/markdown-copy.ts): the copy is the page's own
 * markdown, whose links are written for the platform (`../guides/install.md`, `README.md`, an
 * app URL `https://app…/s/SPACE/path`, `/files/ID`) and lead nowhere once the copy sits beside
 * the page on the site. Every link and source of the markdown, found where it is written by the
 * render's own parse of the page (`url-spans.ts`), is resolved here as the references plugin
 * resolves the HTML's; the hosting phase only puts each target in its place. Done in the render
 * (a worker, and the markdown cache) because the render has already read the page: the hosting
 * phase need not, and the page is parsed once.
 */
import { OPENAPI_TAGS } from './openapi-block.ts';
import { pageUrls } from './page-urls.ts';
import type { ParsedDocument } from './parse.ts';
import { resolveUrl } from './resolve.ts';
import { sourceOffsets } from './source-offsets.ts';
import type { CopyLink, Reference, RenderedReference, Resolver } from './types.ts';

export interface CopyLinksOptions {
  resolver: Resolver;
  currentPath: string;
  appOrigins?: readonly string[];
}

export interface CopyLinks {
  links: CopyLink[];
  /** What each link was resolved from: the markdown cache checks they still resolve alike. */
  references: RenderedReference[];
}

/**
 * The copy's links, from the render's own parse of the page (`parsed`, from `parseDocument`):
 * where each URL is written, and where the HTML leads it.
 */
export function copyLinks(
  markdown: string,
  parsed: Pick<ParsedDocument, 'pre' | 'spans' | 'cards'>,
  options: CopyLinksOptions,
): CopyLinks {
  const links: CopyLink[] = [];
  const references: RenderedReference[] = [];
  const context = {
    currentPath: options.currentPath,
    ...(options.appOrigins ? { appOrigins: options.appOrigins } : {}),
  };
  const seen = new Set<string>();
  const used = (ref: Reference, resolved: boolean) => {
    const key = `${ref.raw}\0${ref.kind}`;
    if (seen.has(key)) return;
    seen.add(key);
    references.push({ ref, resolved });
  };
  const cards = cardsIn(markdown, parsed);
  for (const { start, end, url, as, tag, attribute } of pageUrls(markdown, parsed)) {
    // A same-page anchor leads where it did.
    if (url === '' || url.startsWith('#')) continue;
    if (tag !== undefined && !linksIn(tag, attribute ?? '')) continue;
    const card = cards.find((c) => c.start <= start && end <= c.end);
    // The link inside a card is its title: it leads where the card leads, as the card shows it
    // (a card names its page by id, its link by a path the page may have left).
    const target =
      card?.target && tag === undefined
        ? card.target
        : resolveLink(url, as, context, options.resolver, used);
    if (card && tag === 'content-ref' && target?.page) card.target = target;
    if (target) links.push({ start, end, ...target });
  }
  return { links, references };
}

interface Card {
  start: number;
  end: number;
  /** Where the card's own `url` leads, once read. */
  target?: Target;
}

/** The page's content-ref blocks, where the markdown writes them. */
function cardsIn(markdown: string, parsed: Pick<ParsedDocument, 'pre' | 'cards'>): Card[] {
  if (parsed.cards.length === 0) return [];
  const toSource = sourceOffsets(markdown, parsed.pre);
  return parsed.cards.map(({ start, end }) => ({ start: toSource(start), end: toSource(end) }));
}

/** A tag's URL the page links to: `url`, `src` or `href`, or the first value of an embed or card. */
function linksIn(tag: string, attribute: string): boolean {
  // An OpenAPI block's spec is read from its tag when the copy is made.
  if (OPENAPI_TAGS.has(tag)) return false;
  if (attribute === '') return tag === 'embed' || tag === 'content-ref';
  return attribute === 'url' || attribute === 'src' || attribute === 'href';
}

type Target = Omit<CopyLink, 'start' | 'end'>;

function resolveLink(
  url: string,
  as: 'link' | 'file',
  context: { currentPath: string; appOrigins?: readonly string[] },
  resolver: Resolver,
  used: (ref: Reference, resolved: boolean) => void,
): Target | undefined {
  const resolution = resolveUrl(url, { ...context, as }, resolver);
  if ('page' in resolution) {
    const { ref, page: found } = resolution;
    used(ref, found !== undefined);
    if (!found) return undefined;
    return { url: found.url, page: true, ...(ref.anchor ? { anchor: ref.anchor } : {}) };
  }
  // A file by its absolute URL is left to the hosting phase, which knows the platform's file
  // hosts (src/hosting/copy-urls.ts): the render made the URLs it knows stable (`/files/ID`).
  if (!('file' in resolution) || resolution.ref.url !== undefined) return undefined;
  const { ref, file: found } = resolution;
  used(ref, found !== undefined);
  return found ? { url: found.url } : undefined;
}
