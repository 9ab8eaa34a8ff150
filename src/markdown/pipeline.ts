/**
 * `renderMarkdown`: the whole pipeline for one page. The markdown is parsed once (`parse.ts`: the
 * line pass, the parse steps that open the list of `blocks.ts`, the pairing of the tags), then runs
 * through the list's other steps, in the order written there, each given the options
 * `blocks.ts` builds from the render's context; what they find is read back from the file.
 */
import type { Root as HastRoot } from 'hast';
import type { Processor } from 'unified';
import { VFile } from 'vfile';
import { createRenderer } from './blocks.ts';
import { bodyBlocks, documentBlocks, type RenderedDocument } from './changes.ts';
import { MarkdownContext } from './context.ts';
import { copyLinks } from './copy-links.ts';
import { MAX_MARKDOWN_CHARS } from './limits.ts';
import { type ParsedDocument, parseDocument } from './parse.ts';
import { brokenReason } from './resolve.ts';
import type {
  MarkdownFeatures,
  MarkdownOptions,
  MarkdownResult,
  RenderedReference,
} from './types.ts';

class PageTooLarge extends Error {}

/** A reference the HTML resolved to a page or a stored file of the site. */
function leadsIntoSite({ ref, resolved }: RenderedReference): boolean {
  return resolved && (ref.kind === 'page' || (ref.kind === 'file' && ref.url === undefined));
}

/** The page's references, and those its copy's links were resolved from that it lacks. */
function withCopyReferences(
  references: RenderedReference[],
  copy: RenderedReference[],
): RenderedReference[] {
  if (copy.length === 0) return references;
  // What a reference resolves to does not depend on how it was spelled.
  const key = (ref: RenderedReference['ref']) => JSON.stringify({ ...ref, raw: '' });
  const known = new Set(references.map(({ ref }) => key(ref)));
  return [...references, ...copy.filter(({ ref }) => !known.has(key(ref)))];
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A document's markdown parsed and run through every step but the stringifier, on `ctx`; with
 * `keepBlocks`, its top-level blocks are kept (`file.data.blocks`) before the steps change them.
 */
async function run(
  markdown: string,
  ctx: MarkdownContext,
  keepBlocks: boolean,
  onParsed: (parsed: ParsedDocument) => void = () => {},
): Promise<{ hast: HastRoot; processor: Processor }> {
  const { file } = ctx;
  if (markdown.length > MAX_MARKDOWN_CHARS) {
    throw new PageTooLarge(
      `page of ${markdown.length} characters is larger than the ${MAX_MARKDOWN_CHARS} parsed as markdown`,
    );
  }
  const parsed = parseDocument(markdown, file);
  onParsed(parsed);
  if (keepBlocks) file.data.blocks = documentBlocks(parsed.tree, parsed.pre);
  const processor = createRenderer(ctx);
  const hast = (await processor.run(parsed.tree as never, file)) as unknown as HastRoot;
  return { hast, processor };
}

/** What the previous markdown's render gives the page's: its tree, blocks, features, images. */
interface PreviousRender {
  document: RenderedDocument;
  features: MarkdownFeatures;
  images: ReadonlySet<string>;
}

/**
 * The previous markdown (`MarkdownOptions.previous`) through the same pipeline, on its own file:
 * its references, warnings, text and outline stay its own. `undefined` when it cannot render.
 */
async function renderPrevious(
  markdown: string,
  { previous: _, ...options }: MarkdownOptions,
): Promise<PreviousRender | undefined> {
  const file = new VFile();
  const ctx = new MarkdownContext(options, file);
  try {
    const { hast } = await run(markdown, ctx, true);
    return {
      document: { tree: hast, blocks: bodyBlocks(file) },
      features: ctx.features,
      images: file.data.shownImages ?? new Set(),
    };
  } catch (error) {
    if (process.env.OP_DEBUG) console.error(error);
    return undefined;
  }
}

/**
 * Renders one page's markdown (Git Sync flavour) to sanitized HTML with its outline, text,
 * references, broken links, warnings and features. Never throws for any markdown: should the
 * pipeline itself fail, the page is shown as escaped text with a warning.
 */
export async function renderMarkdown(
  markdown: string,
  options: MarkdownOptions,
): Promise<MarkdownResult> {
  const previous =
    options.previous === undefined ? undefined : await renderPrevious(options.previous, options);
  const file = new VFile();
  const ctx = new MarkdownContext(options, file, previous?.document);
  let html: string;
  // What the copy's links need of the parse (not its tree, which the plugins change).
  let parsed: Pick<ParsedDocument, 'pre' | 'spans' | 'cards'> | undefined;
  try {
    const { hast, processor } = await run(markdown, ctx, previous !== undefined, (done) => {
      parsed = { pre: done.pre, spans: done.spans, cards: done.cards };
    });
    html = processor.stringify(hast as never) as string;
  } catch (error) {
    if (process.env.OP_DEBUG) console.error(error);
    file.message(
      error instanceof PageTooLarge
        ? `${error.message}; page shown as text`
        : `render failed (${error instanceof Error ? error.message : String(error)}); page shown as text`,
    );
    html = `<pre class="op-render-error">${escapeHtml(markdown)}</pre>`;
    delete file.data.shownImages;
    delete file.data.changes;
    file.data.text = {
      text: markdown.replace(/\s+/g, ' ').trim(),
      excerpt: file.data.text?.excerpt ?? '',
    };
    file.data.outline = [];
  }
  if (options.previous !== undefined && !previous) {
    file.message('the previous revision of the page could not be rendered: changes not shown');
  }
  const changes = file.data.changes;
  if (changes && previous) {
    // Its blocks are either the page's too or shown as removed: what they need, the page needs.
    const features = ctx.features;
    features.mermaid ||= previous.features.mermaid;
    features.math ||= previous.features.math;
    features.tabs ||= previous.features.tabs;
    file.data.shownImages = new Set([...(file.data.shownImages ?? []), ...previous.images]);
  }
  const references = file.data.references ?? [];
  const page = options.pageTitle ?? options.currentPath;
  // A page too large to parse keeps its copy as written; so does one whose HTML leads to no
  // page or file of the site (most links then are to other sites): nothing to resolve.
  const copy =
    parsed === undefined || !references.some(leadsIntoSite)
      ? { links: [], references: [] }
      : copyLinks(markdown, parsed, options);
  const { text = { text: '', excerpt: '' }, outline = [], title } = file.data;
  return {
    html,
    outline,
    text: text.text,
    excerpt: text.excerpt,
    ...(title !== undefined ? { title } : {}),
    references: withCopyReferences(references, copy.references),
    brokenLinks: references.flatMap(({ ref, line, resolved }) => {
      if (resolved) return [];
      const reason = brokenReason(ref, options.resolver);
      return [
        line === undefined
          ? { target: ref.raw, reason, page }
          : { target: ref.raw, reason, line, page },
      ];
    }),
    warnings: ctx.finish(),
    features: ctx.features,
    copyLinks: copy.links,
    images: [...(file.data.shownImages ?? [])],
    ...(file.data.iconStandIns ? { iconStandIns: file.data.iconStandIns } : {}),
    ...(changes ? { changes } : {}),
  };
}
