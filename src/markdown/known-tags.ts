/**
 * The tag reader's table: every `{% %}` tag a block of the pipeline renders (`blocks.ts`), with
 * how the structure plugin pairs it. Read on first use: the block modules import this one.
 */
import { pipelineSteps } from './blocks.ts';
import type { TagKind } from './tags.ts';

let known: Map<string, TagKind> | undefined;

function table(): Map<string, TagKind> {
  known ??= new Map(pipelineSteps().flatMap((step) => Object.entries(step.tags ?? {})));
  return known;
}

export function isKnownTag(name: string): boolean {
  return table().has(name);
}

/** Kind of a tag name that is not a closing tag; unknown tags are `optional`. */
export function tagKind(name: string): TagKind {
  return table().get(name) ?? 'optional';
}
