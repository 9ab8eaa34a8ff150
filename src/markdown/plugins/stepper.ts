/**
 * `{% stepper %}{% step %}…{% endstep %}{% endstepper %}` →
 * `ol.op-stepper > li.op-step > div.op-step__body`. Content between steps joins the step before
 * it (or opens one) with a warning.
 */
import type { Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { el, mapBlocks, type OpElement } from '../mdast.ts';
import type { BlockTags } from '../tags.ts';

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { stepper: 'container', step: 'container' } as const satisfies BlockTags;

const STEPPER = new Set(['stepper']);

export function remarkOpStepper() {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, STEPPER, (block) => {
      const steps: OpElement[] = [];
      for (const child of block.children) {
        if (child.type === 'opBlock' && child.tag.name === 'step') {
          steps.push(
            el('li', { className: ['op-step'] }, [
              el('div', { className: ['op-step__body'] }, child.children),
            ]),
          );
          continue;
        }
        file.message(`content in ${block.tag.raw} outside any {% step %}`, child);
        const last = steps[steps.length - 1];
        const body = last?.children[0] as OpElement | undefined;
        if (body) (body.children as RootContent[]).push(child);
        else
          steps.push(
            el('li', { className: ['op-step'] }, [
              el('div', { className: ['op-step__body'] }, [child]),
            ]),
          );
      }
      const stepper = el('ol', { className: ['op-stepper'] }, steps);
      if (block.position) stepper.position = block.position;
      return stepper;
    });
  };
}
