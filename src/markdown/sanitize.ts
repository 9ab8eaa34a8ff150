/**
 * The sanitize schema: rehype-sanitize's default (GitHub's rules) extended only as the blocks
 * need. What is added, and why:
 *
 * - elements `figure`, `figcaption`, `mark`, `time`, `header`, `article`, `caption`, `u`, `abbr`
 *   (semantic markup of the blocks and of the platform's HTML);
 * - one `class` rule for every element: only `op-*` classes (ours), `language-*`, and the few
 *   classes GFM footnotes, task lists, math and mermaid use;
 * - `role` with a short list of values, `aria-hidden`, `aria-label`, `hidden`;
 * - the `data-op-*` attributes our blocks pass to the post-sanitize plugins (listed below);
 * - `img` `loading`, `decoding`; `a` `download`; `source` `media`, `type`; `time` `datetime`.
 *
 * Removed from the default: `action` and the other form attributes on every element, and every
 * element-specific `class` rule (replaced by the one rule). Elements whose content is code or
 * markup rather than text (`script`, `style`, `iframe`, `object`…) are dropped with their content.
 * `id` and `name` keep the default `user-content-` prefix (DOM clobbering); our own ids are set
 * after sanitizing.
 */
import { defaultSchema } from 'hast-util-sanitize';
import type { Options as Schema } from 'rehype-sanitize';
import { LINK_SCHEMES, SOURCE_SCHEMES } from './url-scheme.ts';

type Definition = NonNullable<NonNullable<Schema['attributes']>[string]>[number];

const CLASS: Definition = [
  'className',
  /^op-[a-z0-9_-]{1,64}$/,
  /^language-[a-z0-9_+#.-]{1,40}$/,
  'math-inline',
  'math-display',
  'mermaid',
  'task-list-item',
  'contains-task-list',
  'footnotes',
  'sr-only',
  'data-footnote-backref',
];

const ROLE: Definition = [
  'role',
  'note',
  'tablist',
  'tab',
  'tabpanel',
  'img',
  'list',
  'listitem',
  'presentation',
  'none',
  'region',
  'group',
  'separator',
];

const FORM_ATTRIBUTES = new Set(['action', 'accept', 'acceptCharset', 'encType', 'method']);

function nameOf(definition: Definition): string {
  return Array.isArray(definition) ? String(definition[0]) : String(definition);
}

function withoutClass(list: readonly Definition[] | undefined): Definition[] {
  return (list ?? []).filter((d) => nameOf(d) !== 'className');
}

const baseAttributes = defaultSchema.attributes ?? {};
const attributes: Record<string, Definition[]> = {};
for (const [tag, list] of Object.entries(baseAttributes)) attributes[tag] = withoutClass(list);

const extend = (tag: string, ...defs: Definition[]) => {
  attributes[tag] = [...(attributes[tag] ?? []), ...defs];
};

attributes['*'] = [
  ...withoutClass(baseAttributes['*']).filter((d) => !FORM_ATTRIBUTES.has(nameOf(d))),
  CLASS,
  ROLE,
  'ariaHidden',
  'ariaLabel',
  'hidden',
];
extend('a', 'download');
extend('img', 'loading', 'decoding', 'alt', 'title', 'width', 'height', 'dataOpWidth');
extend('source', 'media', 'type');
extend('time', 'dateTime');
extend('code', 'dataOpExpr');
extend('figure', 'dataLang', 'dataOpCode');
// A mermaid diagram's line, for the warning should it not parse (src/diagrams).
extend('pre', 'dataOpLine');
extend(
  'div',
  'dataOpTabs',
  'dataOpCondition',
  'dataOpIf',
  'dataOpElif',
  'dataOpElse',
  'dataOpWidth',
  'dataOpExpanded',
);
// An operation's "Test it" slot: an index into the render's own list (plugins/openapi-console.ts).
extend('span', 'dataOpIcon', 'dataOpIconStyle', ['dataOpTry', /^\d{1,6}$/]);
for (const h of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) extend(h, 'dataOpAnchor');

export const STRIPPED = [
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'noscript',
  'noembed',
  'noframes',
  'object',
  'embed',
  'applet',
  'title',
  'xmp',
  'plaintext',
];

export const schema: Schema = {
  ...defaultSchema,
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    'figure',
    'figcaption',
    'mark',
    'time',
    'header',
    'article',
    'caption',
    'u',
    'abbr',
  ],
  attributes,
  protocols: {
    ...defaultSchema.protocols,
    href: [...LINK_SCHEMES],
    src: [...SOURCE_SCHEMES],
    srcSet: [...SOURCE_SCHEMES],
  },
  strip: STRIPPED,
};
