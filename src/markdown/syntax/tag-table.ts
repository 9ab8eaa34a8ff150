/**
 * The `{% %}` tags the platform writes, and how the pairing transform (`pair.ts`) matches each.
 * This module imports nothing, so the parser, the blocks and their tests can all read it without
 * importing one another; `test/markdown/syntax.test.ts` holds it to the tags the blocks render.
 */

/**
 * - `container`: needs its `{% endname %}`; unclosed or misordered, it degrades to text.
 * - `optional`: a container when its end follows, else a void tag (`{% embed %}`, `{% file %}`).
 * - `void`: never has content (`{% include %}`).
 * - `separator`: splits the content of its parent (`{% else %}` inside `{% if %}`).
 */
export type TagKind = 'container' | 'optional' | 'void' | 'separator';

export const TAG_KINDS: Readonly<Record<string, TagKind>> = {
  include: 'void',
  code: 'container',
  hint: 'container',
  tabs: 'container',
  tab: 'container',
  stepper: 'container',
  step: 'container',
  columns: 'container',
  column: 'container',
  updates: 'container',
  update: 'container',
  embed: 'optional',
  'content-ref': 'container',
  file: 'optional',
  openapi: 'optional',
  'openapi-operation': 'optional',
  'openapi-schemas': 'optional',
  'openapi-webhook': 'optional',
  swagger: 'container',
  'swagger-description': 'container',
  'swagger-parameter': 'container',
  'swagger-response': 'container',
  if: 'container',
  else: 'separator',
  elif: 'separator',
  elsif: 'separator',
  elseif: 'separator',
  prompt: 'container',
};

/** How a tag that is not a closing tag pairs; tags of no block are `optional`. */
export function tagKindOf(name: string): TagKind {
  return Object.hasOwn(TAG_KINDS, name) ? (TAG_KINDS[name] as TagKind) : 'optional';
}
