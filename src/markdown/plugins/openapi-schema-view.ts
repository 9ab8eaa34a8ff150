/**
 * Schemas as fields a reader unfolds (`src/openapi` views → mdast): an object's properties as a
 * list, nested levels, array items, variants and other properties in closed `<details>`, and
 * spec descriptions parsed as markdown (sanitized with the page). Part of `openapi-view.ts`.
 */
import type { RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { VFile } from 'vfile';
import type { SchemaNode } from '../../openapi/types.ts';
import { limitTreeDepth } from '../guards.ts';
import { el, text } from '../mdast.ts';
import { type ContentStrings, fill, fillNodes } from '../strings.ts';

/** What a spec's views are drawn with: the page's labels, its file (warnings, features). */
export interface ViewContext {
  strings: ContentStrings;
  file: VFile;
  /** Whether an operation gets its console (`MarkdownOptions.tryIt`). */
  tryIt: boolean;
}

const descriptionParser = unified().use(remarkParse).use(remarkGfm).freeze();

/** The longest description parsed as markdown; a longer one is shown as text. */
const MAX_DESCRIPTION_CHARS = 50_000;

/** A schema's body: its fields when it is an object, else its own line. */
export function schemaBody(node: SchemaNode, ctx: ViewContext): RootContent {
  if (node.properties && !node.circular) return fields(node.properties, ctx, node);
  return fields([node], ctx);
}

export function fields(nodes: SchemaNode[], ctx: ViewContext, parent?: SchemaNode): RootContent {
  const children: RootContent[] = [];
  if (parent) {
    const extra = [
      ...(parent.variants ? [variants(parent.variants, ctx)] : []),
      ...(parent.additional ? [additional(parent.additional, ctx)] : []),
    ];
    children.push(...extra);
  }
  return el('div', { className: ['op-openapi__schema'] }, [
    el(
      'ul',
      { className: ['op-openapi__fields'] },
      nodes.map((n) => field(n, ctx)),
    ),
    ...children,
  ]);
}

/** A field's flags: the class names them in English, the label is the site's language. */
const FLAGS = [
  ['required', 'flagRequired'],
  ['nullable', 'flagNullable'],
  ['read-only', 'flagReadOnly'],
  ['write-only', 'flagWriteOnly'],
  ['deprecated', 'flagDeprecated'],
] as const satisfies readonly (readonly [string, keyof ContentStrings])[];

function field(node: SchemaNode, ctx: ViewContext): RootContent {
  const s = ctx.strings;
  const head: RootContent[] = [];
  if (node.name !== undefined)
    head.push(el('code', { className: ['op-openapi__field-name'] }, [text(node.name)]), text(' '));
  head.push(el('span', { className: ['op-openapi__type'] }, [text(node.type)]));
  const set = {
    required: node.required,
    nullable: node.nullable,
    'read-only': node.readOnly,
    'write-only': node.writeOnly,
    deprecated: node.deprecated,
  };
  for (const [flag, label] of FLAGS)
    if (set[flag])
      head.push(
        text(' '),
        el('span', { className: ['op-openapi__flag', `op-openapi__flag--${flag}`] }, [
          text(s[label]),
        ]),
      );
  const body: RootContent[] = [el('div', { className: ['op-openapi__field-head'] }, head)];
  if (node.title && node.title !== node.type && !node.name)
    body.push(el('p', {}, [el('strong', {}, [text(node.title)])]));
  if (node.description)
    body.push(markdownBlock(node.description, 'op-openapi__field-description', ctx));
  const meta: RootContent[] = [];
  const addMeta = (label: string, value: string) => {
    if (meta.length > 0) meta.push(text(' · '));
    meta.push(...fillNodes(label, { value: el('code', {}, [text(value)]) }));
  };
  if (node.default !== undefined) addMeta(s.defaultValue, node.default);
  if (node.const !== undefined) addMeta(s.constantValue, node.const);
  if (node.example !== undefined) addMeta(s.exampleValue, node.example);
  for (const c of node.constraints ?? []) {
    if (meta.length > 0) meta.push(text(' · '));
    meta.push(text(c));
  }
  if (meta.length > 0) body.push(el('p', { className: ['op-openapi__field-meta'] }, meta));
  if (node.enum) {
    body.push(
      el('div', { className: ['op-openapi__enum'] }, [
        el('p', { className: ['op-openapi__label'] }, [text(s.possibleValues)]),
        el(
          'ul',
          {},
          node.enum.map((e) =>
            el('li', {}, [
              el('code', {}, [text(e.value)]),
              ...(e.description ? [text(`: ${e.description}`)] : []),
            ]),
          ),
        ),
      ]),
    );
  }
  if (node.circular || node.items?.circular)
    body.push(
      el('p', { className: ['op-openapi__circular'] }, [
        text(fill(s.circular, { type: (node.circular ? node.type : node.items?.type) ?? '' })),
      ]),
    );
  if (node.truncated)
    body.push(el('p', { className: ['op-openapi__circular'] }, [text(s.truncated)]));
  const nested = nestedOf(node, s);
  if (nested) {
    body.push(
      el('details', { className: ['op-openapi__children'] }, [
        el('summary', {}, [text(nested.label)]),
        fields(nested.fields, ctx, nested.parent),
      ]),
    );
  } else if (node.variants || node.additional) {
    if (node.variants) body.push(variants(node.variants, ctx));
    if (node.additional) body.push(additional(node.additional, ctx));
  }
  return el('li', { className: ['op-openapi__field'] }, body);
}

/** What a field unfolds to: its properties, or its array items' properties. */
function nestedOf(
  node: SchemaNode,
  s: ContentStrings,
): { label: string; fields: SchemaNode[]; parent: SchemaNode } | undefined {
  if (node.properties) return { label: s.showProperties, fields: node.properties, parent: node };
  const items = node.items;
  if (items?.properties && !items.circular)
    return { label: s.showItemProperties, fields: items.properties, parent: items };
  if (items && (items.variants || items.additional))
    return { label: s.showItems, fields: [], parent: items };
  return undefined;
}

function variants(v: NonNullable<SchemaNode['variants']>, ctx: ViewContext): RootContent {
  const s = ctx.strings;
  const label = text(v.kind === 'oneOf' ? s.oneOf : v.kind === 'anyOf' ? s.anyOf : s.allOf);
  return el('details', { className: ['op-openapi__variants'] }, [
    el(
      'summary',
      {},
      v.discriminator
        ? fillNodes(s.discriminatedBy, {
            variants: label,
            property: el('code', {}, [text(v.discriminator)]),
          })
        : [label],
    ),
    ...v.options.flatMap((option) => [
      el('p', { className: ['op-openapi__variant'] }, [
        text(option.refName ?? option.title ?? option.type),
      ]),
      schemaBody(option, ctx),
    ]),
  ]);
}

function additional(node: SchemaNode, ctx: ViewContext): RootContent {
  return el('div', { className: ['op-openapi__additional'] }, [
    el('p', { className: ['op-openapi__label'] }, [text(ctx.strings.otherProperties)]),
    fields([{ ...node, name: '*' }], ctx),
  ]);
}

/** Spec markdown, parsed like a page's (raw HTML in it is sanitized with the page). */
export function markdownBlock(markdown: string, className: string, ctx: ViewContext): RootContent {
  // Too long to parse, or text the parser would give back as it is.
  if (markdown.length > MAX_DESCRIPTION_CHARS || isPlainText(markdown))
    return el('div', { className: [className] }, [
      { type: 'paragraph', children: [text(markdown)] },
    ]);
  const tree = descriptionParser.parse(markdown);
  limitTreeDepth(tree, ctx.file);
  stripPositions(tree);
  return el('div', { className: [className] }, tree.children);
}

/**
 * One line that CommonMark and GFM read as a paragraph of exactly its text: it starts with a
 * letter (no list, heading or quote marker), holds no character that starts inline syntax
 * (`` ` * _ [ ] < > & \ ~ | $ # @ / ``, so no code, emphasis, link, HTML, entity, escape or
 * autolink), no `www.` and no trailing space. Most spec descriptions are such a sentence, and
 * the parser costs most for the least: micromark combines its extensions again for every
 * document it parses, which for a sentence is most of its time.
 */
const PLAIN_TEXT = /^\p{L}[\p{L}\p{N} ,.;:'"()?!%=+-]*$/u;

export function isPlainText(markdown: string): boolean {
  return PLAIN_TEXT.test(markdown) && !markdown.endsWith(' ') && !/www\./i.test(markdown);
}

/** Positions in a description are of the description, not the page: warnings use the block's. */
function stripPositions(node: { position?: unknown; children?: unknown[] }): void {
  delete node.position;
  for (const child of node.children ?? []) stripPositions(child as { position?: unknown });
}
