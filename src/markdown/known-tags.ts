/**
 * The tag reader's table: every `{% %}` tag a block of the pipeline renders, with how it pairs.
 * The table itself is `syntax/tag-table.ts`, a module that imports nothing;
 * test/markdown/syntax.test.ts holds it to the tags of the steps of `blocks.ts`.
 */
import { TAG_KINDS, type TagKind, tagKindOf } from './syntax/tag-table.ts';

export function isKnownTag(name: string): boolean {
  return Object.hasOwn(TAG_KINDS, name);
}

/** Kind of a tag name that is not a closing tag; unknown tags are `optional`. */
export function tagKind(name: string): TagKind {
  return tagKindOf(name);
}
