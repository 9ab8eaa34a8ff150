/**
 * Adaptive content: `{% if EXPR %}…{% elif EXPR %}…{% else %}…{% endif %}` → a marked region
 * `div.op-condition[data-op-condition] > div.op-condition__branch[data-op-if=EXPR][hidden]`
 * (`data-op-elif`, `data-op-else` for the other branches). The expression text is kept as an
 * attribute (escaped when written); a later stage decides which branch to show. `{% if %}`
 * with `condition="…"` is accepted too.
 */
import type { Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { el, mapBlocks } from '../mdast.ts';
import { attr, type BlockTags, type TagToken } from '../tags.ts';

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = {
  if: 'container',
  else: 'separator',
  elif: 'separator',
  elsif: 'separator',
  elseif: 'separator',
} as const satisfies BlockTags;

const IF = new Set(['if']);
const SEPARATORS = new Set(
  Object.entries(TAGS).flatMap(([name, kind]) => (kind === 'separator' ? [name] : [])),
);

function expression(tag: TagToken): string {
  return (attr(tag, 'condition') ?? tag.args).trim();
}

export function remarkOpConditions() {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, IF, (block) => {
      const branches: { kind: 'if' | 'elif' | 'else'; expr: string; children: RootContent[] }[] = [
        { kind: 'if', expr: expression(block.tag), children: [] },
      ];
      for (const child of block.children) {
        if (child.type === 'opBlock' && SEPARATORS.has(child.tag.name)) {
          const kind = child.tag.name === 'else' ? 'else' : 'elif';
          if (branches[branches.length - 1]?.kind === 'else') {
            file.message(`${child.tag.raw} after {% else %}`, child);
          }
          branches.push({ kind, expr: kind === 'else' ? '' : expression(child.tag), children: [] });
          continue;
        }
        (branches[branches.length - 1] as { children: RootContent[] }).children.push(child);
      }
      if (branches[0]?.expr === '') file.message(`${block.tag.raw} has no condition`, block);
      const node = el(
        'div',
        { className: ['op-condition'], dataOpCondition: '' },
        branches.map((branch) =>
          el(
            'div',
            {
              className: ['op-condition__branch'],
              ...(branch.kind === 'if'
                ? { dataOpIf: branch.expr }
                : branch.kind === 'elif'
                  ? { dataOpElif: branch.expr }
                  : { dataOpElse: '' }),
              hidden: true,
            },
            branch.children,
          ),
        ),
      );
      if (block.position) node.position = block.position;
      return node;
    });
  };
}
