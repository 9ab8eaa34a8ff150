/**
 * The last block plugin: any `opBlock` still in the tree (an unknown tag, or a known part out of
 * its place such as `{% tab %}` outside `{% tabs %}`) keeps its content inside
 * `div.op-block.op-block--NAME` and raises a warning. Content is never dropped.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { isKnownTag } from '../known-tags.ts';
import { el, mapBlocks, paragraph } from '../mdast.ts';

const PARENTS: Record<string, string> = {
  tab: 'tabs',
  step: 'stepper',
  column: 'columns',
  update: 'updates',
  else: 'if',
  elif: 'if',
  elsif: 'if',
  elseif: 'if',
  'swagger-description': 'swagger',
  'swagger-parameter': 'swagger',
  'swagger-response': 'swagger',
};

export function remarkOpUnknown() {
  return (tree: Root, file: VFile) => {
    mapBlocks(
      tree,
      () => true,
      (block) => {
        const name = block.tag.name;
        const parent = PARENTS[name];
        if (parent !== undefined) {
          file.message(`${block.tag.raw} outside {% ${parent} %}`, block);
        } else if (!isKnownTag(name)) {
          file.message(`unknown tag ${block.tag.raw}: its content is shown without it`, block);
        } else {
          file.message(`${block.tag.raw} could not be rendered`, block);
        }
        // A tag with no content degrades to its own text, so the reader still sees something.
        if (block.children.length === 0) return [paragraph(block.tag.raw)];
        const safe = name.replace(/[^a-z0-9-]/g, '-');
        const node = el('div', { className: ['op-block', `op-block--${safe}`] }, block.children);
        if (block.position) node.position = block.position;
        return node;
      },
    );
  };
}
