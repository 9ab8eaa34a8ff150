/**
 * Code: fenced blocks, `{% code title overflow lineNumbers expandable %}` around a fence, and
 * `mermaid` fences. A code block becomes
 * `figure.op-code[data-lang] > (figcaption.op-code__title)? + pre > code.language-X` with its text
 * kept verbatim (tags and Liquid inside code are never interpreted). After sanitizing, the
 * highlight plugin adds Shiki colours and the copy button. A `mermaid` fence becomes
 * `pre.mermaid[data-op-line]` and sets `features.mermaid`; the render draws it (src/diagrams).
 */
import type { Element, ElementContent } from 'hast';
import type { Code, Root, RootContent } from 'mdast';
import type { Node } from 'unist';
import type { VFile } from 'vfile';
import { useFeature } from '../features.ts';
import { h, t } from '../hast.ts';
import { elHast, isParent, mapBlocks, type OpElement } from '../mdast.ts';
import { attr, type BlockTags } from '../tags.ts';

export interface CodeOptions {
  title?: string;
  wrap?: boolean;
  lineNumbers?: boolean;
  expandable?: boolean;
}

declare module 'mdast' {
  interface CodeData {
    opCode?: CodeOptions;
  }
}

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { code: 'container' } as const satisfies BlockTags;

const CODE = new Set(Object.keys(TAGS));
const LANG = /^[a-z0-9_+#.-]{1,40}$/;

export function normalizeLang(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const lang = value.trim().split(/\s/)[0]?.toLowerCase() ?? '';
  return LANG.test(lang) ? lang : undefined;
}

function isTrue(value: string | undefined): boolean {
  return value !== undefined && value !== 'false' && value !== '0';
}

/** The figure for one code block (hast); `options` as in `{% code %}` or `<pre data-*>`. */
export function codeFigure(value: string, lang: string | undefined, options: CodeOptions): Element {
  const className = ['op-code'];
  if (options.wrap) className.push('op-code--wrap');
  if (options.lineNumbers) className.push('op-code--line-numbers');
  if (options.expandable) className.push('op-code--expandable');
  const children: ElementContent[] = [];
  if (options.title) {
    children.push(h('figcaption', { className: ['op-code__title'] }, [t(options.title)]));
  }
  children.push(
    h('pre', {}, [h('code', lang ? { className: [`language-${lang}`] } : {}, [t(value)])]),
  );
  return h('figure', { className, ...(lang ? { dataLang: lang } : {}), dataOpCode: '' }, children);
}

function asMdast(element: Element): OpElement {
  return elHast(element.tagName, element.properties, element.children);
}

/** `lineOf`: a node's line in the page's markdown (a diagram's warnings name it). */
export function remarkOpCode(options: { lineOf: (node: Node) => number | undefined }) {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, CODE, (block) => {
      const code = block.children.find((child): child is Code => child.type === 'code');
      if (!code) {
        file.message(`${block.tag.raw} holds no code block`, block);
        return block.children;
      }
      const title = attr(block.tag, 'title');
      const options: CodeOptions = {
        ...(title ? { title } : {}),
        wrap: attr(block.tag, 'overflow') === 'wrap',
        lineNumbers: isTrue(attr(block.tag, 'lineNumbers')),
        expandable: isTrue(attr(block.tag, 'expandable')),
      };
      code.data = { ...code.data, opCode: options };
      if (block.children.length > 1) {
        file.message(`${block.tag.raw} holds more than one code block`, block);
      }
      return block.children;
    });

    const walk = (parent: { children: RootContent[] }) => {
      const children = parent.children;
      for (let i = 0; i < children.length; i++) {
        const child = children[i] as RootContent;
        if (child.type === 'code') {
          const lang = normalizeLang(child.lang);
          if (lang === 'mermaid') {
            useFeature(file, 'mermaid');
            // The fence's line: the diagram's lines count from the next (src/diagrams).
            const line = options.lineOf(child);
            children[i] = elHast(
              'pre',
              { className: ['mermaid'], ...(line !== undefined ? { dataOpLine: line } : {}) },
              [{ type: 'text', value: child.value }],
            );
          } else {
            children[i] = asMdast(codeFigure(child.value, lang, child.data?.opCode ?? {}));
          }
          if (child.position) (children[i] as RootContent).position = child.position;
        } else if (isParent(child)) {
          walk(child as { children: RootContent[] });
        }
      }
    };
    walk(tree);
  };
}
