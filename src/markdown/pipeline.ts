/**
 * `renderMarkdown`: the whole pipeline for one page.
 *
 * markdown ─ line pass (tags → placeholders) ─ remark-parse + GFM + math ─ structure (opBlocks)
 *   ─ title, include, code, hint, tabs, stepper, columns, updates, embed, content-ref, file,
 *     openapi, conditions, prompt, unknown, emoji (one plugin per block family)
 *   ─ remark-rehype ─ rehype-raw
 *   ─ html-anchors, html-code, custom-inline, cards, tables, buttons, icon-markup, marks,
 *     images, references (resolver)
 *   ─ rehype-sanitize (explicit schema)
 *   ─ text ─ tabs-aria, task-labels, heading-ids, embeds, styles, math (KaTeX), highlight (Shiki), icons
 *     (trusted output, inputs taken from text) ─ guard ─ rehype-stringify
 */
import type { Nodes as HastNodes, Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { MarkdownContext } from './context.ts';
import { copyLinks } from './copy-links.ts';
import { getDefaultHighlighter } from './highlighter.ts';
import { opElementToHast } from './mdast.ts';
import { type ParsedDocument, parseDocument } from './parse.ts';
import { rehypeOpButtons } from './plugins/buttons.ts';
import { rehypeOpCards } from './plugins/cards.ts';
import { remarkOpCode } from './plugins/code.ts';
import { remarkOpColumns } from './plugins/columns.ts';
import { remarkOpComponentTags } from './plugins/component-tags.ts';
import { remarkOpConditions } from './plugins/conditions.ts';
import { remarkOpContentRef } from './plugins/content-ref.ts';
import { rehypeOpCustomInline } from './plugins/custom-inline.ts';
import { remarkOpEmbed } from './plugins/embed.ts';
import { rehypeOpEmbeds } from './plugins/embeds.ts';
import { remarkOpEmoji } from './plugins/emoji-shortcodes.ts';
import { remarkOpFile } from './plugins/file.ts';
import { rehypeOpGuard } from './plugins/guard.ts';
import { rehypeOpHeadingIds } from './plugins/heading-ids.ts';
import { rehypeOpHighlight } from './plugins/highlight.ts';
import { remarkOpHint } from './plugins/hint.ts';
import { rehypeOpHtmlAnchors } from './plugins/html-anchors.ts';
import { rehypeOpHtmlCode } from './plugins/html-code.ts';
import { rehypeOpIconMarkup } from './plugins/icon-markup.ts';
import { rehypeOpIcons } from './plugins/icons.ts';
import { rehypeOpImages } from './plugins/images.ts';
import { expandIncludes } from './plugins/include.ts';
import { rehypeOpMarks } from './plugins/marks.ts';
import { rehypeOpMath } from './plugins/math.ts';
import { remarkOpOpenapi } from './plugins/openapi.ts';
import { rehypeOpOpenapiConsole } from './plugins/openapi-console.ts';
import { rehypeOpPicture } from './plugins/picture.ts';
import { remarkOpPrompt } from './plugins/prompt.ts';
import { rehypeOpReferences } from './plugins/references.ts';
import { remarkOpStepper } from './plugins/stepper.ts';
import { rehypeOpStyles } from './plugins/styles.ts';
import { rehypeOpTables } from './plugins/tables.ts';
import { remarkOpTabs } from './plugins/tabs.ts';
import { rehypeOpTabsAria } from './plugins/tabs-aria.ts';
import { rehypeOpTaskLabels } from './plugins/task-labels.ts';
import { rehypeOpText, type TextOutput } from './plugins/text.ts';
import { remarkOpTitle } from './plugins/title.ts';
import { remarkOpUnknown } from './plugins/unknown.ts';
import { remarkOpUpdates } from './plugins/updates.ts';
import { schema } from './sanitize.ts';
import type { MarkdownOptions, MarkdownResult, OutlineEntry, RenderedReference } from './types.ts';

function remarkOpInclude(ctx: MarkdownContext) {
  return (tree: Root) => expandIncludes(tree, ctx, ctx.options.currentPath);
}

/** rehype-raw, skipped for pages without raw HTML (re-parsing with parse5 costs ~1 ms a page). */
function rehypeRawWhenNeeded() {
  const transform = rehypeRaw();
  return (tree: HastRoot, file: VFile) => {
    const stack: HastNodes[] = [tree];
    while (stack.length > 0) {
      const node = stack.pop() as HastNodes;
      if (node.type === 'raw') return transform(tree, file);
      if ('children' in node) for (const child of node.children) stack.push(child);
    }
    return tree;
  };
}

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
 * The largest page parsed as markdown, in characters. Parsing costs several seconds per MB,
 * so a hostile page of many megabytes would hold the build for minutes; a larger page is shown
 * as plain text with a warning instead. Real documentation pages are well under 200 KB.
 */
export const MAX_MARKDOWN_CHARS = 1024 * 1024;

/**
 * Renders one page's markdown (Git Sync flavour) to sanitized HTML with its outline, text,
 * references, broken links, warnings and features. Never throws for any markdown: should the
 * pipeline itself fail, the page is shown as escaped text with a warning.
 */
export async function renderMarkdown(
  markdown: string,
  options: MarkdownOptions,
): Promise<MarkdownResult> {
  const file = new VFile();
  const ctx = new MarkdownContext(options, file);
  const outline: OutlineEntry[] = [];
  const text: TextOutput = { text: '', excerpt: '' };
  const highlighter =
    options.highlighter === undefined ? getDefaultHighlighter() : options.highlighter;
  let html: string;
  // What the copy's links need of the parse (not its tree, which the plugins change).
  let parsed: Pick<ParsedDocument, 'pre' | 'spans'> | undefined;
  try {
    if (markdown.length > MAX_MARKDOWN_CHARS) {
      throw new PageTooLarge(
        `page of ${markdown.length} characters is larger than the ${MAX_MARKDOWN_CHARS} parsed as markdown`,
      );
    }
    const { tree, pre, spans } = parseDocument(markdown, ctx, true);
    parsed = { pre, spans };
    const processor = unified()
      .use(remarkOpTitle, ctx)
      .use(remarkOpInclude, ctx)
      .use(remarkOpCode, { lineOf: (node) => ctx.lineOf(node) })
      .use(remarkOpHint)
      .use(remarkOpTabs, ctx.strings)
      .use(remarkOpStepper)
      .use(remarkOpColumns)
      .use(remarkOpUpdates)
      .use(remarkOpEmbed)
      .use(remarkOpContentRef)
      .use(remarkOpFile)
      .use(remarkOpOpenapi, ctx)
      .use(remarkOpConditions)
      .use(remarkOpPrompt, ctx.strings)
      .use(remarkOpUnknown)
      .use(remarkOpEmoji)
      .use(remarkOpComponentTags)
      .use(remarkRehype, {
        allowDangerousHtml: true,
        clobberPrefix: '',
        handlers: { opElement: opElementToHast },
      })
      .use(rehypeRawWhenNeeded)
      .use(rehypeOpHtmlAnchors)
      .use(rehypeOpHtmlCode, { lineOf: (node) => ctx.lineOf(node) })
      .use(rehypeOpCustomInline)
      .use(rehypeOpCards)
      .use(rehypeOpTables, ctx.strings)
      .use(rehypeOpButtons)
      .use(rehypeOpIconMarkup)
      .use(rehypeOpMarks)
      .use(rehypeOpImages)
      .use(rehypeOpReferences, ctx)
      .use(rehypeSanitize, schema)
      .use(rehypeOpText, text)
      .use(rehypeOpTabsAria, ctx)
      .use(rehypeOpOpenapiConsole, ctx)
      .use(rehypeOpTaskLabels)
      .use(rehypeOpHeadingIds, ctx, outline)
      .use(rehypeOpEmbeds, ctx.strings)
      .use(rehypeOpPicture, ctx)
      .use(rehypeOpStyles)
      .use(rehypeOpMath)
      .use(rehypeOpHighlight, highlighter)
      .use(rehypeOpIcons, { iconStyle: options.iconStyle })
      .use(rehypeOpGuard)
      .use(rehypeStringify);
    const hast = (await processor.run(tree, file)) as unknown as HastRoot;
    html = processor.stringify(hast as never);
  } catch (error) {
    if (process.env.OP_DEBUG) console.error(error);
    ctx.warn(
      error instanceof PageTooLarge
        ? `${error.message}; page shown as text`
        : `render failed (${error instanceof Error ? error.message : String(error)}); page shown as text`,
    );
    html = `<pre class="op-render-error">${escapeHtml(markdown)}</pre>`;
    delete file.data.shownImages;
    text.text = markdown.replace(/\s+/g, ' ').trim();
    outline.length = 0;
  }
  const page = options.pageTitle ?? options.currentPath;
  // A page too large to parse keeps its copy as written; so does one whose HTML leads to no
  // page or file of the site (most links then are to other sites): nothing to resolve.
  const copy =
    parsed === undefined || !ctx.references.some(leadsIntoSite)
      ? { links: [], references: [] }
      : copyLinks(markdown, parsed, options);
  return {
    html,
    outline,
    text: text.text,
    excerpt: text.excerpt,
    ...(ctx.title !== undefined ? { title: ctx.title } : {}),
    references: withCopyReferences(ctx.references, copy.references),
    brokenLinks: ctx.brokenLinks.map((b) => ({ ...b, page })),
    warnings: ctx.finish(),
    features: ctx.features,
    copyLinks: copy.links,
    images: [...(file.data.shownImages ?? [])],
  };
}
