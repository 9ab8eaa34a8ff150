/**
 * The parse's steps, in order: remark-parse and the syntax extensions that make the parser
 * `parse.ts` parses a page and each include with. They open the pipeline's one list
 * (`blocks.ts`), which starts with them; they sit apart so that what only parses (the pull's
 * OpenAPI scan and the `.md` copies read the tags with `parse.ts`) loads none of the blocks
 * (Shiki among them: some 250 modules, 0.2 s).
 */
import type { Root } from 'mdast';
import remarkFrontmatter, { type Options as FrontMatterOptions } from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { type Pluggable, type Processor, unified } from 'unified';
import { remarkOpSyntax } from './syntax/index.ts';
import { remarkUrlSpans } from './url-spans.ts';

/** A plugin as a step names it: a plugin or a preset, its options apart. */
export type StepPlugin = Exclude<Pluggable, readonly unknown[]>;

export interface ParseStep {
  /** The package's name, or the module's path from `src/markdown` (without `.ts`). */
  name: string;
  tree: 'parse';
  plugin: StepPlugin;
  options?: readonly unknown[];
}

/**
 * YAML front matter: between `---` lines at the very start, or closed by `...` (YAML's end of a
 * document) when no `---` closes it. The parse drops its node (parse.ts).
 */
const FRONT_MATTER: FrontMatterOptions = [
  'yaml',
  { type: 'yaml', fence: { open: '---', close: '...' } },
];

export const PARSE_STEPS: readonly ParseStep[] = [
  { name: 'remark-parse', tree: 'parse', plugin: remarkParse },
  { name: 'remark-frontmatter', tree: 'parse', plugin: remarkFrontmatter, options: [FRONT_MATTER] },
  { name: 'remark-gfm', tree: 'parse', plugin: remarkGfm },
  {
    name: 'remark-math',
    tree: 'parse',
    plugin: remarkMath,
    options: [{ singleDollarTextMath: false }],
  },
  // Paired by parse.ts, after the depth guards and the long lines' paragraphs.
  { name: 'syntax/index', tree: 'parse', plugin: remarkOpSyntax, options: [{ pair: false }] },
  { name: 'url-spans', tree: 'parse', plugin: remarkUrlSpans },
];

/**
 * The parser of the steps. Its tree is mdast's `Root`: remark-parse, the first step, makes it
 * (unified's types cannot follow a plugin given in a list).
 */
export function createParser(): Processor<Root> {
  const plugins = PARSE_STEPS.map(({ plugin, options = [] }) => [plugin, ...options] as Pluggable);
  return unified().use(plugins).freeze() as unknown as Processor<Root>;
}
