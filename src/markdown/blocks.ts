/**
 * The markdown pipeline, in order: one list, written once. It opens with the `parse` steps,
 * remark-parse and its syntax extensions (`parse-steps.ts`: `parse.ts` parses with them, and
 * loads no block); the `mdast` and `hast` steps then run on the parsed tree ({@link
 * createRenderer}, which `pipeline.ts` runs). The tag table (`syntax/tag-table.ts`) agrees with
 * the list (test/markdown/syntax.test.ts), and `README.md`'s table shows it
 * (test/markdown/blocks.test.ts holds the table and the plugins/ folder to it). A step is a block module of `plugins/` (its plugin, and the tags it renders when
 * it has any), a module of the syntax, or one of unified's own.
 *
 * Each plugin takes options of its own, never the render's `MarkdownContext`: this file builds
 * them from the context, in the list, and is the only module that reads both.
 *
 * Two steps of a page run after the list, in the render (src/render/stages/after-markdown.ts),
 * and stay there: the mermaid diagrams need the render's state (one Chromium for all its pages,
 * and a cache of drawings of their own), and the `{% if %}` regions run after the markdown cache,
 * which keeps what this list gives (compiling them costs less than a lookup). Both come from
 * stages above this one (`src/diagrams`, `src/adaptive`: docs/architecture.md), which it may not
 * import.
 */
import type { Nodes as HastNodes, Root as HastRoot } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { type Pluggable, type Processor, unified } from 'unified';
import type { VFile } from 'vfile';
import type { MarkdownContext } from './context.ts';
import { getDefaultHighlighter } from './highlighter.ts';
import { PARSE_STEPS, type StepPlugin } from './parse-steps.ts';
import * as buttons from './plugins/buttons.ts';
import * as cards from './plugins/cards.ts';
import * as changes from './plugins/changes.ts';
import * as code from './plugins/code.ts';
import * as columns from './plugins/columns.ts';
import * as componentTags from './plugins/component-tags.ts';
import * as conditions from './plugins/conditions.ts';
import * as contentRef from './plugins/content-ref.ts';
import * as customInline from './plugins/custom-inline.ts';
import * as embed from './plugins/embed.ts';
import * as embeds from './plugins/embeds.ts';
import * as emoji from './plugins/emoji-shortcodes.ts';
import * as file from './plugins/file.ts';
import * as guard from './plugins/guard.ts';
import * as headingIds from './plugins/heading-ids.ts';
import * as highlight from './plugins/highlight.ts';
import * as hint from './plugins/hint.ts';
import * as htmlAnchors from './plugins/html-anchors.ts';
import * as htmlCode from './plugins/html-code.ts';
import * as iconMarkup from './plugins/icon-markup.ts';
import * as icons from './plugins/icons.ts';
import * as images from './plugins/images.ts';
import * as include from './plugins/include.ts';
import * as marks from './plugins/marks.ts';
import * as math from './plugins/math.ts';
import * as openapi from './plugins/openapi.ts';
import * as openapiConsole from './plugins/openapi-console.ts';
import * as picture from './plugins/picture.ts';
import * as prompt from './plugins/prompt.ts';
import * as references from './plugins/references.ts';
import * as schemeImages from './plugins/scheme-images.ts';
import * as stepper from './plugins/stepper.ts';
import * as styles from './plugins/styles.ts';
import * as tables from './plugins/tables.ts';
import * as tabs from './plugins/tabs.ts';
import * as tabsAria from './plugins/tabs-aria.ts';
import * as taskLabels from './plugins/task-labels.ts';
import * as text from './plugins/text.ts';
import * as title from './plugins/title.ts';
import * as unknown from './plugins/unknown.ts';
import * as updates from './plugins/updates.ts';
import { unfinishedMarkupAt } from './raw-html.ts';
import { schema } from './sanitize.ts';
import type { BlockTags } from './tags.ts';
import type { MarkdownOptions } from './types.ts';

export interface PipelineStep {
  /**
   * The block module's file name under `plugins/` (without `.ts`); for a `parse` step, the
   * module's path from here (without `.ts`); or the package's name.
   */
  name: string;
  /** `parse` steps make the parser; `mdast` steps run before remark-rehype, `hast` after it. */
  tree: 'parse' | 'mdast' | 'hast';
  plugin: StepPlugin;
  /** The plugin's options: the same for every page, or built from the page's render. */
  options?: readonly unknown[] | ((ctx: MarkdownContext) => unknown[]);
  tags?: BlockTags;
}

/** What a step that resolves links needs of the render: include, openapi and references. */
function linkOptions(
  options: MarkdownOptions,
): Pick<MarkdownOptions, 'resolver' | 'currentPath' | 'appOrigins'> {
  return {
    resolver: options.resolver,
    currentPath: options.currentPath,
    ...(options.appOrigins ? { appOrigins: options.appOrigins } : {}),
  };
}

const STEPS: readonly PipelineStep[] = [
  ...PARSE_STEPS,
  { name: 'title', tree: 'mdast', plugin: title.remarkOpTitle },
  {
    name: 'include',
    tree: 'mdast',
    plugin: include.remarkOpInclude,
    options: ({ options }) => [linkOptions(options) satisfies include.IncludeOptions],
    tags: include.TAGS,
  },
  {
    name: 'code',
    tree: 'mdast',
    plugin: code.remarkOpCode,
    options: (ctx) => [{ lineOf: ctx.lineOf.bind(ctx) }],
    tags: code.TAGS,
  },
  { name: 'hint', tree: 'mdast', plugin: hint.remarkOpHint, tags: hint.TAGS },
  {
    name: 'tabs',
    tree: 'mdast',
    plugin: tabs.remarkOpTabs,
    options: (ctx) => [ctx.strings],
    tags: tabs.TAGS,
  },
  { name: 'stepper', tree: 'mdast', plugin: stepper.remarkOpStepper, tags: stepper.TAGS },
  { name: 'columns', tree: 'mdast', plugin: columns.remarkOpColumns, tags: columns.TAGS },
  { name: 'updates', tree: 'mdast', plugin: updates.remarkOpUpdates, tags: updates.TAGS },
  { name: 'embed', tree: 'mdast', plugin: embed.remarkOpEmbed, tags: embed.TAGS },
  {
    name: 'content-ref',
    tree: 'mdast',
    plugin: contentRef.remarkOpContentRef,
    tags: contentRef.TAGS,
  },
  { name: 'file', tree: 'mdast', plugin: file.remarkOpFile, tags: file.TAGS },
  {
    name: 'openapi',
    tree: 'mdast',
    plugin: openapi.remarkOpOpenapi,
    options: ({ options, strings }) => [
      {
        ...linkOptions(options),
        ...(options.openapi ? { openapi: options.openapi } : {}),
        ...(options.tryIt !== undefined ? { tryIt: options.tryIt } : {}),
        strings,
      } satisfies openapi.OpenapiOptions,
    ],
    tags: openapi.TAGS,
  },
  {
    name: 'conditions',
    tree: 'mdast',
    plugin: conditions.remarkOpConditions,
    tags: conditions.TAGS,
  },
  {
    name: 'prompt',
    tree: 'mdast',
    plugin: prompt.remarkOpPrompt,
    options: (ctx) => [ctx.strings],
    tags: prompt.TAGS,
  },
  { name: 'unknown', tree: 'mdast', plugin: unknown.remarkOpUnknown },
  { name: 'emoji-shortcodes', tree: 'mdast', plugin: emoji.remarkOpEmoji },
  { name: 'component-tags', tree: 'mdast', plugin: componentTags.remarkOpComponentTags },
  {
    name: 'remark-rehype',
    tree: 'hast',
    plugin: remarkRehype,
    options: [{ allowDangerousHtml: true, clobberPrefix: '' }],
  },
  { name: 'rehype-raw', tree: 'hast', plugin: rehypeRawWhenNeeded },
  { name: 'html-anchors', tree: 'hast', plugin: htmlAnchors.rehypeOpHtmlAnchors },
  {
    name: 'html-code',
    tree: 'hast',
    plugin: htmlCode.rehypeOpHtmlCode,
    options: (ctx) => [{ lineOf: ctx.lineOf.bind(ctx) }],
  },
  { name: 'custom-inline', tree: 'hast', plugin: customInline.rehypeOpCustomInline },
  { name: 'cards', tree: 'hast', plugin: cards.rehypeOpCards },
  {
    name: 'tables',
    tree: 'hast',
    plugin: tables.rehypeOpTables,
    options: (ctx) => [ctx.strings],
  },
  { name: 'buttons', tree: 'hast', plugin: buttons.rehypeOpButtons },
  { name: 'icon-markup', tree: 'hast', plugin: iconMarkup.rehypeOpIconMarkup },
  { name: 'marks', tree: 'hast', plugin: marks.rehypeOpMarks },
  { name: 'scheme-images', tree: 'hast', plugin: schemeImages.rehypeOpSchemeImages },
  { name: 'images', tree: 'hast', plugin: images.rehypeOpImages },
  {
    name: 'references',
    tree: 'hast',
    plugin: references.rehypeOpReferences,
    options: ({ options }) => [linkOptions(options) satisfies references.ReferencesOptions],
  },
  { name: 'rehype-sanitize', tree: 'hast', plugin: rehypeSanitize, options: [schema] },
  { name: 'text', tree: 'hast', plugin: text.rehypeOpText },
  { name: 'tabs-aria', tree: 'hast', plugin: tabsAria.rehypeOpTabsAria },
  {
    name: 'openapi-console',
    tree: 'hast',
    plugin: openapiConsole.rehypeOpOpenapiConsole,
    options: (ctx) => [ctx.strings],
  },
  { name: 'task-labels', tree: 'hast', plugin: taskLabels.rehypeOpTaskLabels },
  { name: 'heading-ids', tree: 'hast', plugin: headingIds.rehypeOpHeadingIds },
  {
    name: 'embeds',
    tree: 'hast',
    plugin: embeds.rehypeOpEmbeds,
    options: (ctx) => [ctx.strings],
  },
  { name: 'picture', tree: 'hast', plugin: picture.rehypeOpPicture },
  { name: 'styles', tree: 'hast', plugin: styles.rehypeOpStyles },
  { name: 'math', tree: 'hast', plugin: math.rehypeOpMath },
  {
    name: 'highlight',
    tree: 'hast',
    plugin: highlight.rehypeOpHighlight,
    options: ({ options }) => [
      options.highlighter === undefined ? getDefaultHighlighter() : options.highlighter,
    ],
  },
  {
    name: 'icons',
    tree: 'hast',
    plugin: icons.rehypeOpIcons,
    options: ({ options }) => [{ iconStyle: options.iconStyle }],
  },
  { name: 'guard', tree: 'hast', plugin: guard.rehypeOpGuard },
  {
    name: 'changes',
    tree: 'hast',
    plugin: changes.rehypeOpChanges,
    options: (ctx) => [{ previous: ctx.previous } satisfies changes.ChangesOptions],
  },
  { name: 'rehype-stringify', tree: 'hast', plugin: rehypeStringify },
];

/** The pipeline's steps, in the order they run. */
export function pipelineSteps(): readonly PipelineStep[] {
  return STEPS;
}

/** A step's plugin with its options, as `use` takes it. */
function pluggable(step: PipelineStep, ctx: MarkdownContext): Pluggable {
  const { options = [] } = step;
  const given = typeof options === 'function' ? options(ctx) : options;
  return [step.plugin, ...given] as Pluggable;
}

/** The processor of the `mdast` and `hast` steps for one render, each given its options. */
export function createRenderer(ctx: MarkdownContext): Processor {
  const steps = STEPS.filter((step) => step.tree !== 'parse');
  return unified().use(steps.map((step) => pluggable(step, ctx)));
}

/**
 * rehype-raw, skipped for pages without raw HTML (re-parsing with parse5 costs ~1 ms a page).
 * Markup a raw node leaves unfinished is cut off first, with a warning (raw-html.ts says why).
 */
function rehypeRawWhenNeeded() {
  const transform = rehypeRaw();
  return (tree: HastRoot, file: VFile) => {
    let hasRaw = false;
    const stack: HastNodes[] = [tree];
    while (stack.length > 0) {
      const node = stack.pop() as HastNodes;
      if (node.type === 'raw') {
        hasRaw = true;
        const cut = unfinishedMarkupAt(node.value);
        if (cut !== undefined) {
          file.message(
            `HTML \`${node.value.slice(cut, cut + 40).split('\n')[0]}\` is not finished before a blank line or the end of its block; left out`,
            node,
          );
          node.value = node.value.slice(0, cut);
        }
      }
      if ('children' in node) for (const child of node.children) stack.push(child);
    }
    return hasRaw ? transform(tree, file) : tree;
  };
}
