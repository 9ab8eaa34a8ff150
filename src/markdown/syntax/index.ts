/**
 * `remarkOpSyntax`: the platform's `{% tag args %}` … `{% endtag %}` syntax for remark, as
 * remark-gfm adds GFM's: the micromark extension (`tokenize.ts`) and the mdast utility
 * (`from-markdown.ts`) go on the processor's data, and the transform (`pair.ts`) matches the
 * tags into `opBlock` containers. `docs/markdown.md` describes the syntax.
 *
 *     unified().use(remarkParse).use(remarkOpSyntax)
 */
import type { Root } from 'mdast';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { opTagFromMarkdown } from './from-markdown.ts';
import { type PairOptions, pairTags } from './pair.ts';
import { opTagSyntax } from './tokenize.ts';

export type { OpTag } from './from-markdown.ts';
export { opTagFromMarkdown } from './from-markdown.ts';
export { MAX_TAG_DEPTH, type PairOptions, pairTags, tagToken } from './pair.ts';
export { TAG_KINDS, type TagKind, tagKindOf } from './tag-table.ts';
export { opTagSyntax } from './tokenize.ts';

export interface OpSyntaxOptions extends PairOptions {
  /** Leave the tags as `opTag` siblings, unpaired (default `true`: pair them). */
  pair?: boolean;
}

export function remarkOpSyntax(this: Processor, options: OpSyntaxOptions = {}) {
  const data = this.data();
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), opTagSyntax()];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), opTagFromMarkdown()];
  if (options.pair === false) return undefined;
  return (tree: Root, file: VFile) => pairTags(tree, file, options);
}
